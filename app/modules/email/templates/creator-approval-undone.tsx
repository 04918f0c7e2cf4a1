import { defineTemplate } from "./layout";

/**
 * Sent when an admin undoes a creator approval: what changed (no more creator access, the maps
 * unpublished, Supporters' renewals stopped) and why, quoting the admin's reason as written.
 */
export const creatorApprovalUndone = defineTemplate<{ reason: string; accountUrl: string }>("creator-approval-undone", {
  subject: (_p, { productName }) => `You are no longer a creator on ${productName}`,
  content: ({ reason, accountUrl }, { productName, infoEmail }) => ({
    preview: "We withdrew your creator approval. Here is why.",
    heading: "Your creator approval was withdrawn",
    intro: [
      `We have withdrawn your approval as a creator on ${productName}. Your maps are no longer published, your creator page is hidden, and your Supporters' subscriptions will not renew. Your maps themselves are kept: you can still download them from your account.`,
      [{ strong: "The reason: " }, reason],
      "You may apply again once you have addressed it.",
    ],
    action: { label: "Open your account", url: accountUrl },
    outro: [`If you think this is a mistake, write to us at ${infoEmail}: a person will look at it again.`],
  }),
});
