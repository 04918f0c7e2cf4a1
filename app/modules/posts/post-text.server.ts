/**
 * A post's text in the forms that leave the page: the email's HTML and plain text (the one markdown
 * renderer's, with its allow-list; links to our own pages made absolute), and the teaser everyone
 * may see — the first paragraph, as one line of text.
 */
import { firstParagraph, markdownToText, renderMarkdownHtml } from "~/lib/markdown/index.server";
import { siteUrl } from "~/lib/site-url.server";

/** How long a teaser may be (a meta description's length). */
export const TEASER_LENGTH = 280;

/** The body for an email or a feed: HTML with nothing active in it, headings under the email's own title. */
export function postEmailBody(markdown: string): { html: string; text: string } {
  const baseUrl = siteUrl();
  return { html: renderMarkdownHtml(markdown, { topLevel: 2, baseUrl }), text: markdownToText(markdown, { baseUrl }) };
}

/** What a locked post shows of itself (and its meta description): its first paragraph, as text. */
export function postTeaser(markdown: string): string {
  return firstParagraph(markdown, { maxLength: TEASER_LENGTH }) ?? "";
}
