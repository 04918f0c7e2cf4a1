/**
 * The spec's fallback title: the last path segment, made readable
 * ("/info/cookie-policy" -> "Cookie policy"), followed by the product name.
 */
export function fallbackTitle(pathname: string, productName: string): string {
  const segments = pathname.split("/").filter(Boolean);
  const last = segments.at(-1);
  if (!last) return productName;
  let words: string;
  try {
    words = decodeURIComponent(last);
  } catch {
    words = last;
  }
  words = words.replace(/^@/, "@").replace(/[-_]+/g, " ").trim();
  if (!words) return productName;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} | ${productName}`;
}

export function pageTitle(title: string, productName: string): string {
  return `${title} | ${productName}`;
}

/** The Studio's pages (spec: "titled Studio"): "Dashboard · Studio". */
export function studioTitle(title: string): string {
  return `${title} · Studio`;
}

/** The back office's pages (spec: the Admin area is "titled Studio"): "Articles · Studio". */
export function adminTitle(title: string): string {
  return studioTitle(title);
}
