/**
 * A post's teaser: the plain text of its first paragraph, which every viewer who may know the post
 * exists is shown (the locked page, its meta description, search, the Atlas feed). It is cut from
 * the markdown source here rather than from the renderer's tree, so it does not depend on which
 * markdown library renders the body: headings, lists, quotes, code, images and a paragraph that is
 * only a link (a map or spot card) are passed over; inline markup is reduced to its text.
 */

/** Longer first paragraphs are cut at a word, so a locked post never shows more than this much. */
export const TEASER_MAX = 280;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(\s|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)\s*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])\s/;
const NOT_PROSE = /^ {0,3}(>|\||<|!\[|\[[^\]]*\]:)/;

/** The paragraphs of the source (blank-line separated, fenced code left out), as their lines. */
function blocks(source: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const close = () => {
    if (current.length) out.push(current);
    current = [];
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    const opener = FENCE.exec(line);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
      continue;
    }
    if (opener) {
      close();
      fence = opener[1];
      continue;
    }
    if (line.trim() === "") close();
    else current.push(line);
  }
  close();
  return out;
}

/** The lines of a block that are a paragraph's: a heading on the first line ends there. */
function prose(lines: string[]): string[] | null {
  let rest = lines;
  while (rest.length && HEADING.test(rest[0])) rest = rest.slice(1);
  if (rest.length >= 2 && SETEXT_UNDERLINE.test(rest[1]) && !LIST_ITEM.test(rest[1])) rest = rest.slice(2);
  if (!rest.length) return null;
  const first = rest[0];
  if (LIST_ITEM.test(first) || THEMATIC_BREAK.test(first) || NOT_PROSE.test(first) || /^( {4}|\t)/.test(first)) return null;
  return rest;
}

/** Inline markdown as the text a reader sees. */
export function plainText(markdown: string): string {
  // Escaped characters are set aside first (as private-use characters), so `\*` is never emphasis.
  const hidden = markdown.replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
  return (
    hidden
      // Images say nothing in a line of text; links keep their words.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/<((?:https?|mailto):[^>\s]*)>/g, "$1")
      .replace(/`+([^`]*)`+/g, "$1")
      .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*]*?\S)\*/gu, "$1$2")
      .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}])/gu, "$1$2")
      .replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xe000))
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Cut at a word before `max` characters, with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,;:.–—-]+$/, "")}…`;
}

/** The plain text of the post's first paragraph ("" when it has none). */
export function postTeaser(markdown: string, max = TEASER_MAX): string {
  for (const block of blocks(markdown)) {
    const lines = prose(block);
    if (!lines) continue;
    const joined = lines.map((l) => l.trim()).join(" ");
    // A paragraph that is only a link is a card (a map or a spot), not words to read.
    if (/^\[[^\]]*\]\([^)]*\)$/.test(joined) || /^<?https?:\/\/\S+>?$/.test(joined)) continue;
    const text = plainText(joined);
    if (text) return cut(text, max);
  }
  return "";
}
