/**
 * Markdown (Discover articles, posts, spot descriptions, imported notes): one renderer on
 * unified/remark with one allow-list. What is light enough for any page: the tree's type, the
 * heading shift and the URL rules. The parser is `parse.ts` (`markdownTree`, for loaders and the
 * Studio's preview); HTML and text for emails and feeds are `index.server.ts`; the React output
 * is `components/markdown.tsx`.
 */
export { ATTRIBUTES, ELEMENTS, type MarkdownElement } from "./allow-list";
export { EXTERNAL_LINK_REL, isExternalHref, safeHref, safeImageSrc } from "./safe-urls";
export { shiftHeadings, type HeadingLevel, type MarkdownTree } from "./tree";
