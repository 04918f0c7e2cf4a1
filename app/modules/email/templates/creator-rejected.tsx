import { defineTemplate } from "./layout";

/**
 * Sent when an admin rejects a creator application. The Creator Terms promise
 * the reason, so it is quoted as the admin wrote it.
 */
export const creatorRejected = defineTemplate<{ reason: string; accountUrl: string }>("creator-rejected", {
  subject: (_p, { productName }) => `Your ${productName} creator application`,
  content: ({ reason, accountUrl }, { productName, infoEmail }) => ({
    preview: "We reviewed your creator application and could not approve it this time.",
    heading: "About your creator application",
    intro: [
      `Thank you for applying to become a creator on ${productName}. We reviewed your application and could not approve it this time.`,
      [{ strong: "The reason: " }, reason],
      "You are welcome to apply again once you have addressed it.",
    ],
    action: { label: "Apply again", url: accountUrl },
    outro: [`If you have questions about this decision, write to us at ${infoEmail}.`],
  }),
});
