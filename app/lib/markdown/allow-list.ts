/**
 * What markdown may become: the elements and attributes a rendered tree may hold (where links and
 * images may point is `safe-urls.ts`). The sanitiser (`parse.ts`) keeps only these, and the React
 * renderer (`components/markdown.tsx`) renders only these, so a tree that somehow held more would
 * still not reach a page. Small and browser-safe: pages that show markdown load it.
 */

/** Every element markdown (CommonMark and GFM, without raw HTML) turns into; nothing else survives. */
export const ELEMENTS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "hr",
  "input",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

export type MarkdownElement = (typeof ELEMENTS)[number];

/**
 * The attributes each element may carry. `rel` (external links) and `loading`/`decoding`
 * (images) are never taken from the source: the pipeline sets them after sanitising.
 */
export const ATTRIBUTES: Partial<Record<MarkdownElement, readonly string[]>> = {
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title", "loading", "decoding"],
  ol: ["start"],
  // GFM task lists: a checkbox that only shows the state.
  input: ["type", "checked", "disabled"],
};
