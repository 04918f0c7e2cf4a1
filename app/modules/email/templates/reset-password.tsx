import { defineTemplate } from "./layout";

/** Password recovery: a link to choose a new password. */
export const resetPassword = defineTemplate<{ url: string }>("reset-password", {
  subject: (_p, { productName }) => `Reset your ${productName} password`,
  content: ({ url }, { productName }) => ({
    preview: `Choose a new password for your ${productName} account.`,
    heading: "Reset your password",
    intro: [`We received a request to reset the password of your ${productName} account. Choose a new one with the button below.`],
    action: { label: "Reset your password", url },
    outro: ["If you did not ask to reset your password, you can ignore this email: your password stays the same."],
  }),
});
