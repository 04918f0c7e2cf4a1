/**
 * Where markdown's links and images may point: checked on the markdown tree before it becomes
 * HTML (`parse.ts`), and by the importers that write markdown links (`modules/imports/html-note.ts`).
 */

/** Links written into content are not endorsements, and the other site gets no handle on this page. */
export const EXTERNAL_LINK_REL = ["nofollow", "ugc", "noopener"] as const;

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** "//host" and "/\host" are read by browsers as another host, not a path. */
const isSitePath = (value: string) => value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");

/**
 * The link destination to emit, or null when it is not safe. Allowed: http, https and mailto
 * URLs, site-relative paths and fragments. The WHATWG URL parser is the one browsers use, so
 * tricks like `java\tscript:` or mixed case are normalised before the protocol is checked.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!href) return null;
  if (href.startsWith("#")) return href;
  if (href.startsWith("/")) return isSitePath(href) ? href : null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const SITE = "https://site.invalid";

/**
 * The image source to emit, or null: only our own uploads (`/uploads/…`, resolved first, so
 * `/uploads/../x` or `/uploads/%2e%2e/x` is refused) and https URLs (an http image would be
 * blocked as mixed content, and would tell a third party who reads the page in clear).
 */
export function safeImageSrc(raw: string): string | null {
  const src = raw.trim();
  if (isSitePath(src)) {
    const url = new URL(src, SITE);
    return url.origin === SITE && url.pathname.startsWith("/uploads/") ? `${url.pathname}${url.search}` : null;
  }
  try {
    const url = new URL(src);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A link that leaves the site (http or https); site paths, fragments and mailto do not. */
export const isExternalHref = (href: string) => /^https?:/i.test(href);
