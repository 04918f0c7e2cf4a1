import { defineTemplate } from "./layout";

/** Confirm a change of the account's email address. */
export const changeEmail = defineTemplate<{ url: string; newEmail: string }>("change-email", {
  subject: (_p, { productName }) => `Confirm your new email address for ${productName}`,
  content: ({ url, newEmail }, { productName }) => ({
    preview: `Confirm that ${newEmail} is your new ${productName} email address.`,
    heading: "Confirm your new email address",
    intro: [[`You asked to change the email address of your ${productName} account to `, { strong: newEmail }, ". Confirm the change with the button below."]],
    action: { label: "Confirm the change", url },
    outro: ["If you did not ask for this, you can ignore this email: your email address stays the same."],
  }),
});
