import { defineTemplate } from "./layout";

/** Sent after sign-up: confirm the address to finish creating the account. */
export const verifyEmail = defineTemplate<{ url: string }>("verify-email", {
  subject: (_p, { productName }) => `Confirm your email for ${productName}`,
  content: ({ url }, { productName }) => ({
    preview: `Confirm your email to finish signing up for ${productName}.`,
    heading: "Confirm your email",
    intro: [`Thanks for signing up for ${productName}! Confirm your email address to finish creating your account.`],
    action: { label: "Confirm your email", url },
    outro: [`If you did not sign up for ${productName}, you can ignore this email.`],
  }),
});
