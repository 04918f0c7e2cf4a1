/**
 * A small Markdown parser for editorial text (Discover articles, creator
 * posts): ATX headings, paragraphs, bullet and numbered lists, strong and
 * emphasis, inline code, links and backslash escapes.
 *
 * It produces a tree, never HTML: the renderer turns the tree into React
 * elements, so raw HTML in the source stays literal text and is escaped like
 * any other text. Links keep only safe destinations (see `safeHref`); any
 * other link is reduced to its text.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] };

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The link destination to emit, or null when it is not safe. Allowed: http,
 * https and mailto URLs, site-relative paths and fragments. The WHATWG URL
 * parser is the one browsers use, so tricks like `java\tscript:` or mixed
 * case are normalised before the protocol is checked.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!href) return null;
  if (href.startsWith("#")) return href;
  // "//host" and "/\host" are read by browsers as another host, not a path.
  if (href.startsWith("/")) return href.startsWith("//") || href.startsWith("/\\") ? null : href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const BULLET = /^ {0,3}([-*+])[ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const isBlank = (line: string) => line.trim() === "";

interface ListMarker {
  ordered: boolean;
  /** "-", "*", "+" or the number's delimiter: another marker starts another list. */
  marker: string;
  start: number;
  text: string;
}

function listMarker(line: string): ListMarker | null {
  const bullet = BULLET.exec(line);
  // "* * *" and "- - -" are thematic breaks, not lists of stars.
  if (bullet && !/^[ \t]*([-*+])([ \t]*\1){2,}[ \t]*$/.test(line)) return { ordered: false, marker: bullet[1], start: 1, text: bullet[2] };
  const numbered = NUMBERED.exec(line);
  if (numbered) return { ordered: true, marker: line.trim().charAt(numbered[1].length), start: Number(numbered[1]), text: numbered[2] };
  return null;
}

/** As in CommonMark, only a bullet or a list numbered from 1 breaks into a paragraph ("1999. was a year" does not). */
function interruptsParagraph(line: string): boolean {
  const item = listMarker(line);
  return item !== null && item.text.trim() !== "" && (!item.ordered || item.start === 1);
}

function heading(line: string): Block | null {
  const m = HEADING.exec(line);
  if (!m) return null;
  // A closing run of #s is decoration ("## Title ##"); "C#" keeps its #.
  const text = (m[2] ?? "").replace(/(^|[ \t]+)#+[ \t]*$/, "").trim();
  return { type: "heading", level: m[1].length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(text) };
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }
    const h = heading(line);
    if (h) {
      blocks.push(h);
      i++;
      continue;
    }
    const first = listMarker(line);
    if (first) {
      const items: string[][] = [[first.text]];
      i++;
      while (i < lines.length) {
        const next = lines[i];
        if (isBlank(next)) {
          // A blank line ends the list unless another item of the same list follows.
          let j = i;
          while (j < lines.length && isBlank(lines[j])) j++;
          const after = j < lines.length ? listMarker(lines[j]) : null;
          if (after && after.ordered === first.ordered && after.marker === first.marker) {
            i = j;
            continue;
          }
          if (j < lines.length && /^[ \t]+/.test(lines[j])) {
            i = j;
            continue;
          }
          break;
        }
        const item = listMarker(next);
        if (item && item.ordered === first.ordered && item.marker === first.marker) {
          items.push([item.text]);
        } else if (item || heading(next)) {
          break;
        } else {
          // An indented (or lazy) line continues the current item.
          items[items.length - 1].push(next.trim());
        }
        i++;
      }
      blocks.push({ type: "list", ordered: first.ordered, start: first.start, items: items.map((item) => parseInline(item.join("\n"))) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !isBlank(lines[i]) && !heading(lines[i]) && !(paragraph.length && interruptsParagraph(lines[i]))) {
      paragraph.push(lines[i].trim());
      i++;
    }
    blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n")) });
  }
  return blocks;
}

const ESCAPABLE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** The code span opened by the run of backticks at `i` (its text and end), or null when it never closes. */
function codeSpanEnd(src: string, i: number): { end: number; text: string } | null {
  let n = 0;
  while (src[i + n] === "`") n++;
  const fence = "`".repeat(n);
  let j = i + n;
  while ((j = src.indexOf(fence, j)) !== -1) {
    if (src[j + n] !== "`" && src[j - 1] !== "`") {
      let text = src.slice(i + n, j).replace(/\n/g, " ");
      if (text.length > 2 && text.startsWith(" ") && text.endsWith(" ")) text = text.slice(1, -1);
      return { end: j + n, text };
    }
    j += n;
  }
  return null;
}

/** Where the emphasis opened at `from` with `delim` closes, or -1. */
function findClose(src: string, from: number, delim: string): number {
  const c = delim[0];
  let j = from;
  while (j < src.length) {
    const ch = src[j];
    if (ch === "\\") {
      j += 2;
      continue;
    }
    if (ch === "`") {
      const code = codeSpanEnd(src, j);
      j = code ? code.end : j + 1;
      continue;
    }
    if (ch === c) {
      const double = src[j + 1] === c;
      const closes =
        j > from &&
        !isSpace(src[j - 1]) &&
        (delim.length === 2 ? double : !double) &&
        // "_" does not close inside a word (snake_case).
        (c !== "_" || !isWordChar(src[j + delim.length]));
      if (closes) return j;
      // Skip the other kind of run whole: "*a **b** c*" closes at the last star.
      j += double ? 2 : 1;
      continue;
    }
    j++;
  }
  return -1;
}

/** `[text](destination "optional title")` at `i`: its parts, or null when it is not a link. */
function linkAt(src: string, i: number): { text: string; href: string; end: number } | null {
  let depth = 0;
  let j = i;
  for (; j < src.length; j++) {
    const ch = src[j];
    if (ch === "\\") {
      j++;
      continue;
    }
    if (ch === "[") depth++;
    else if (ch === "]" && --depth === 0) break;
  }
  if (depth !== 0 || src[j + 1] !== "(") return null;
  const text = src.slice(i + 1, j);
  const rest = /^\(\s*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\([^\s()]*\))*))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(src.slice(j + 1));
  if (!rest) return null;
  const href = (rest[1] ?? rest[2]).replace(/\\([!-/:-@[-`{-~])/g, "$1");
  return { text, href, end: j + 1 + rest[0].length };
}

export function parseInline(src: string, opts: { inLink?: boolean } = {}): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ type: "text", text });
    text = "";
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\" && ESCAPABLE.test(src[i + 1] ?? "")) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === "`") {
      const code = codeSpanEnd(src, i);
      if (code) {
        flush();
        out.push({ type: "code", text: code.text });
        i = code.end;
      } else {
        while (src[i] === "`") text += src[i++];
      }
      continue;
    }
    if (c === "*" || c === "_") {
      const delim = src[i + 1] === c ? c + c : c;
      const start = i + delim.length;
      const opens = !isSpace(src[start]) && (c !== "_" || !isWordChar(src[i - 1]));
      const close = opens ? findClose(src, start, delim) : -1;
      if (close !== -1) {
        flush();
        out.push({ type: delim.length === 2 ? "strong" : "em", children: parseInline(src.slice(start, close), opts) });
        i = close + delim.length;
      } else {
        text += delim;
        i = start;
      }
      continue;
    }
    if (c === "[" && !opts.inLink) {
      const link = linkAt(src, i);
      if (link) {
        flush();
        const children = parseInline(link.text, { inLink: true });
        const href = safeHref(link.href);
        if (href) out.push({ type: "link", href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}
