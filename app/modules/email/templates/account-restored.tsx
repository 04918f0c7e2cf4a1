import { defineTemplate } from "./layout";

/** Sent when an admin lifts a suspension: the account and its public content are back. */
export const accountRestored = defineTemplate<{ signInUrl: string }>("account-restored", {
  subject: (_p, { productName }) => `Your ${productName} account is active again`,
  content: ({ signInUrl }, { productName, infoEmail }) => ({
    preview: "We lifted the suspension of your account.",
    heading: "Your account is active again",
    intro: [`We lifted the suspension of your ${productName} account. You can sign in again, and what you had published is public again.`],
    action: { label: "Sign in", url: signInUrl },
    outro: [`Questions? Write to us at ${infoEmail}.`],
  }),
});
