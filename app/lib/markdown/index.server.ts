/** Markdown on the server: the tree for pages' loaders, and HTML and text for emails, feeds and teasers. */
export { markdownTree } from "./parse";
export { firstParagraph, markdownToText, renderMarkdownHtml, type MarkdownOutputOptions } from "./output.server";
