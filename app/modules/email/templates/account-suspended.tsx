import { defineTemplate } from "./layout";

/**
 * Sent when an admin suspends an account: the statement of reasons the Digital Services Act asks
 * for (what, why, and how to contest it), quoting the admin's reason as written. `contactUrl` is
 * where to contest it (a mailto: link to the info address).
 */
export const accountSuspended = defineTemplate<{ reason: string; contactUrl: string }>("account-suspended", {
  subject: (_p, { productName }) => `Your ${productName} account is suspended`,
  content: ({ reason, contactUrl }, { productName, infoEmail }) => ({
    preview: "We suspended your account. Here is why, and how to contest it.",
    heading: "Your account is suspended",
    intro: [
      `We have suspended your ${productName} account. While it is suspended you cannot sign in, and your public profile, maps, spots and posts are hidden from everyone.`,
      [{ strong: "The reason: " }, reason],
      "This decision was taken by a person on our team, not by an automated system.",
    ],
    action: { label: "Contest the decision", url: contactUrl },
    outro: [`If you think this is a mistake, or want to contest the decision, reply to us at ${infoEmail}: a person will look at it again.`],
  }),
});
