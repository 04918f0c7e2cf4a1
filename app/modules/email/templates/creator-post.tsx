/**
 * A creator's post, emailed to a follower or supporter when it is published. Rendered once per
 * variant (the whole post for recipients who may read it, the teaser and a link for the rest) and
 * shared by every recipient's message (bulk.server.ts); the unsubscribe link and the open image
 * are placeholders each message fills with its own id at delivery.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { OPEN_PLACEHOLDER, UNSUBSCRIBE_PLACEHOLDER } from "../bulk.server";
import type { RenderedEmail } from "../render.server";
import { type Brand, type EmailContent, EmailLayout, renderText } from "./layout";

export interface CreatorPostEmail {
  creatorName: string;
  title: string;
  /** The post's page. */
  url: string;
  /**
   * The body as the one markdown renderer made it (HTML without anything active, and its text),
   * only for recipients who may read it; otherwise null and `teaser` says what the post is about.
   */
  body: { html: string; text: string } | null;
  teaser: string;
  /** For a locked post: who may read it, e.g. "Premium members" or "supporters of Maya". */
  lockedFor?: string;
}

export function renderCreatorPostEmail(post: CreatorPostEmail, brand: Brand): RenderedEmail {
  const subject = `${post.creatorName}: ${post.title}`;
  const list = { unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER, unsubscribeLabel: `Unsubscribe from ${post.creatorName}'s posts`, openImageUrl: OPEN_PLACEHOLDER };
  const content: EmailContent = post.body
    ? {
        preview: post.teaser,
        heading: post.title,
        intro: [`A new post from ${post.creatorName}.`],
        rich: post.body,
        action: { label: "Read it on the web", url: post.url },
        outro: [`You get this because you follow or support ${post.creatorName} on ${brand.productName}.`],
        list,
      }
    : {
        preview: post.teaser,
        heading: post.title,
        intro: [`A new post from ${post.creatorName}${post.lockedFor ? `, for ${post.lockedFor}` : ""}.`, post.teaser],
        action: { label: "Unlock the post", url: post.url },
        outro: [`You get this because you follow ${post.creatorName} on ${brand.productName}.`],
        list,
      };
  const html = "<!DOCTYPE html>" + renderToStaticMarkup(createElement(EmailLayout, { brand, subject, content }));
  // The placeholders must survive rendering as written (React escapes "{" nowhere, but be sure).
  if (!html.includes(UNSUBSCRIBE_PLACEHOLDER)) throw new Error("creator-post email: the unsubscribe link was lost in rendering");
  return { subject, html, text: renderText(content, brand) };
}
