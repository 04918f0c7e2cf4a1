import { defineTemplate } from "./layout";

/** Sent when an admin approves a creator application: welcome, and what to do first. */
export const creatorApproved = defineTemplate<{ studioUrl: string }>("creator-approved", {
  subject: (_p, { productName }) => `Welcome to ${productName}: you are now a creator`,
  content: ({ studioUrl }, { productName, infoEmail }) => ({
    preview: `Your creator application was approved. Your Creator Studio is ready.`,
    heading: "You are now a creator",
    intro: [
      `Good news: we reviewed your application and you are now a creator on ${productName}.`,
      [{ strong: "Next steps:" }, " open your Creator Studio and choose your public handle, then build your first map."],
      "Already keep your places in Google Maps? Import your saved Google list from the Studio instead of adding every spot by hand.",
    ],
    action: { label: "Open your Creator Studio", url: studioUrl },
    outro: [`Questions about publishing or compensation? Write to us at ${infoEmail}.`],
  }),
});
