import { defineTemplate } from "./layout";

/** An account created during a purchase: set a password (or sign in) to use it. */
export const invitation = defineTemplate<{ url: string }>("invitation", {
  subject: (_p, { productName }) => `Welcome to ${productName}: set your password`,
  content: ({ url }, { productName, infoEmail }) => ({
    preview: `Your ${productName} account is ready. Set your password to sign in.`,
    heading: `Welcome to ${productName}`,
    intro: [
      `Thank you for your purchase! We created a ${productName} account for you with this email address, so your membership is ready to use.`,
      "Set your password to sign in and enjoy everything it unlocks.",
    ],
    action: { label: "Set your password", url },
    outro: [
      "You can also sign in any time with a one-time link sent to this address.",
      `If you did not buy anything on ${productName}, please write to us at ${infoEmail}.`,
    ],
  }),
});
