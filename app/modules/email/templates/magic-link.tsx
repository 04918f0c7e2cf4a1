import { defineTemplate } from "./layout";

/** A one-time sign-in link (never creates an account). */
export const magicLink = defineTemplate<{ url: string }>("magic-link", {
  subject: (_p, { productName }) => `Your ${productName} sign-in link`,
  content: ({ url }, { productName }) => ({
    preview: `Your one-time link to sign in to ${productName}.`,
    heading: `Sign in to ${productName}`,
    intro: ["Use the button below to sign in. The link works once and expires in a few minutes."],
    action: { label: `Sign in to ${productName}`, url },
    outro: ["If you did not ask for this link, you can ignore this email: nobody can sign in without it."],
  }),
});
