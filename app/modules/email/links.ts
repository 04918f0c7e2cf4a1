/** Every link of an HTML body, in document order, without duplicates, made absolute. */
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decode the character references an HTML serializer writes into attributes. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export function extractLinks(html: string, baseUrl?: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(HREF)) {
    const raw = decodeEntities((match[1] ?? match[2] ?? match[3] ?? "").trim());
    if (!raw) continue;
    let href = raw;
    try {
      href = new URL(raw, baseUrl).href;
    } catch {
      // Not resolvable (relative without a base): keep it as written.
    }
    if (!links.includes(href)) links.push(href);
  }
  return links;
}

/**
 * An email's HTML made fit for a sandboxed preview frame: its links open in a
 * new tab (inside the frame they would hit the app's `frame-ancestors 'none'`).
 */
export function previewHtml(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}
