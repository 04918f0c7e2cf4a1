/**
 * What map-is-ready offers for spreading a published map: plain share URLs of
 * the networks (no SDK, no script of theirs on our page) and an embed snippet.
 */

export interface ShareLink {
  network: "x" | "facebook" | "whatsapp" | "email";
  label: string;
  href: string;
}

export function shareLinks(url: string, title: string): ShareLink[] {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    { network: "x", label: "X", href: `https://x.com/intent/tweet?${q({ text: title, url })}` },
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}` },
    { network: "whatsapp", label: "WhatsApp", href: `https://wa.me/?${q({ text: `${title} ${url}` })}` },
    // mailto wants %20 for spaces: URLSearchParams would write "+", which mail clients show as is.
    { network: "email", label: "Email", href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}` },
  ];
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };
const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);

/** An iframe of the public map page, for a blog or a website (map pages allow framing: ADR 0015). */
export function embedSnippet(url: string, title: string): string {
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="100%" height="600" style="border:0" loading="lazy" allow="fullscreen; geolocation"></iframe>`;
}
