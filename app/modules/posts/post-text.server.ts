/**
 * A post's text in the forms that leave the page: the email's HTML and plain text (the one markdown
 * renderer's, with its allow-list; links to our own pages made absolute), and the teaser everyone
 * may see — the first paragraph, as one line of text.
 */
import { firstParagraph, markdownToText, renderMarkdownHtml } from "~/lib/markdown/index.server";
import { siteUrl } from "~/lib/site-url.server";
import { splitPostBody } from "./post-body";

/** How long a teaser may be (a meta description's length). */
export const TEASER_LENGTH = 280;

/** The body for an email or a feed: HTML with nothing active in it, headings under the email's own title. */
export function postEmailBody(markdown: string): { html: string; text: string } {
  const baseUrl = siteUrl();
  return { html: renderMarkdownHtml(markdown, { topLevel: 2, baseUrl }), text: markdownToText(markdown, { baseUrl }) };
}

/**
 * What a locked post shows of itself (and its meta description, its search hit, its line in My
 * Atlas and its email to those who may not read it): its first paragraph of words, as text. An
 * image or a map or spot card on a line of its own is passed over: it is not words to read.
 */
export function postTeaser(markdown: string): string {
  const words = splitPostBody(markdown)
    .flatMap((block) => (block.type === "markdown" ? [block.source] : []))
    .join("\n\n");
  return firstParagraph(words, { maxLength: TEASER_LENGTH }) ?? "";
}
