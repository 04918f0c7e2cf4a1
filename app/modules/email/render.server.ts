/** Render an email message (template + payload) to its subject, HTML and text bodies. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { env } from "~/lib/env.server";
import { type Brand, type EmailMessage, type EmailTemplate, templates } from "./templates";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The product name and contact address from the environment. */
export function brandFromEnv(): Brand {
  const config = env();
  return { productName: config.PRODUCT_NAME, infoEmail: config.INFO_EMAIL };
}

export function renderEmail(message: EmailMessage, brand: Brand = brandFromEnv()): RenderedEmail {
  // The union of templates is indexed by the message's own name: its payload fits.
  const template = templates[message.template] as EmailTemplate<EmailMessage["payload"]>;
  if (!template) throw new Error(`Unknown email template: ${String(message.template)}`);
  const { payload } = message;
  return {
    subject: template.subject(payload, brand),
    html: "<!DOCTYPE html>" + renderToStaticMarkup(createElement(template.Html, { payload, brand })),
    text: template.text(payload, brand),
  };
}
