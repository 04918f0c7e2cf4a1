/**
 * A placemark description (My Maps writes HTML in a CDATA section) as a note:
 * sanitised markdown in which no HTML survives, for the spot's description
 * (rendered by the one markdown renderer, `lib/markdown`: a line break stays a
 * line break). Links stay as markdown links (http, https and mailto only),
 * `<br>` and block ends become line breaks, a list ends with a blank line,
 * images leave the text and come back as photo URLs, scripts and styles are
 * dropped with their content, and every other tag is reduced to its text.
 *
 * Descriptions are fragments, often not well-formed (`<br>`, unclosed `<p>`),
 * which an XML parser refuses; so tags are found by one tokenising pattern and
 * only character references are decoded by a parser (xmldom's HTML mode, which
 * knows the whole HTML entity table).
 *
 * Pure, no server code.
 */
import { DOMParser } from "@xmldom/xmldom";
import { safeHref } from "~/lib/markdown";

export interface HtmlNote {
  note: string | null;
  /** `<img src>` URLs, http/https only, in order, without repeats. */
  images: string[];
}

// A comment, a CDATA section, a declaration, or a start/end tag with its attributes (quoted values may hold ">").
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Their content is not text anyone wrote for the reader. */
const DROPPED = new Set(["script", "style", "template", "noscript", "iframe", "object", "svg", "math", "head", "title", "select"]);
/** A line ends where one of these opens or closes. */
const BLOCKS = new Set([
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "tr",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "hr",
  "dd",
  "dt",
  "section",
  "article",
  "header",
  "footer",
]);

const isHttp = (url: string) => /^https?:$/.test(safeProtocol(url));
function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return "";
  }
}

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!found.has(name)) found.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return found;
}

const entityParser = new DOMParser({ onError: () => {} });

/** `&amp;`, `&nbsp;`, `&eacute;`, `&#x1F600;` … as characters; an unknown reference stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  const fragment = entityParser.parseFromString(`<p>${text.replace(/</g, "&lt;")}</p>`, "text/html");
  return fragment.documentElement?.textContent ?? text;
}

/** Characters that would start markdown syntax inside a link's text or destination. */
const linkText = (text: string) => text.replace(/[[\]\\]/g, (c) => `\\${c}`);
const linkDestination = (href: string) => href.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/**
 * `plain`: for text that is shown as plain text (a map's summary, on cards and in lists), so
 * links are only their text there and the note holds no markdown link.
 */
export function htmlToNote(html: string, { plain = false }: { plain?: boolean } = {}): HtmlNote {
  const images: string[] = [];
  let out = "";
  let dropping: string | null = null;
  let link: { href: string | null; start: number } | null = null;

  const text = (raw: string) => {
    // Whitespace in HTML is not significant: runs of it, line breaks included, are one space.
    out += decodeEntities(raw).replace(/[\s\u00a0]+/g, " ");
  };

  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    if (!dropping) text(html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, rawName, rawAttributes] = match;
    if (!rawName) continue; // comment, CDATA, declaration
    const name = rawName.toLowerCase();
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROPPED.has(name)) {
      if (!closing && !rawAttributes.trimEnd().endsWith("/")) dropping = name;
      continue;
    }
    if (name === "br") out += "\n";
    // A list ends with a blank line: text after it is a paragraph of its own, not part of the last item.
    else if (BLOCKS.has(name)) out += name === "li" && !closing ? "\n- " : closing && (name === "ul" || name === "ol") ? "\n\n" : "\n";
    else if (name === "img" && !closing) {
      const src = attributes(rawAttributes).get("src")?.trim();
      if (src && isHttp(src) && !images.includes(src)) images.push(src);
    } else if (name === "a" && !closing) {
      if (link) closeLink();
      const href = attributes(rawAttributes).get("href");
      link = { href: href ? safeHref(href) : null, start: out.length };
      if (link.href?.startsWith("/") || link.href?.startsWith("#")) link.href = null; // relative to a page we do not have
    } else if (name === "a" && closing && link) closeLink();
  }
  if (!dropping) text(html.slice(last));
  if (link) closeLink();

  function closeLink() {
    const current = link!;
    link = null;
    if (!current.href || plain) return;
    const inner = out.slice(current.start).trim();
    out = `${out.slice(0, current.start)}[${linkText(inner || current.href)}](${linkDestination(current.href)})`;
  }

  const note = out
    .split("\n")
    .map((line) => line.replace(/ +/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { note: note || null, images };
}

/**
 * True when a plain-text description is really HTML (escaped rather than in a
 * CDATA section): it has a line break, a link or an image tag, a closing tag,
 * or a character reference left after the XML was decoded. A note like
 * "2 < 3 & <b>" written by hand is not taken for HTML.
 */
export function looksLikeHtml(text: string): boolean {
  return /<br\s*\/?>|<a\s[^>]*href|<img\s|<\/[a-zA-Z][\w:-]*\s*>|&(?:#\d+|#x[\da-fA-F]+|[a-zA-Z]\w*);/i.test(text);
}
