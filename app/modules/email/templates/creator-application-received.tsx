import { defineTemplate } from "./layout";

/** To the applicant: the application arrived; what happens next and when. */
export const creatorApplicationReceived = defineTemplate<{ accountUrl: string; reviewTime: string }>("creator-application-received", {
  subject: (_p, { productName }) => `We received your ${productName} creator application`,
  content: ({ accountUrl, reviewTime }, { productName, infoEmail }) => ({
    preview: `Thank you for applying to become a ${productName} creator. We review every application within ${reviewTime}.`,
    heading: "Thank you for applying",
    intro: [
      `We received your application to become a ${productName} creator.`,
      ["What happens next: a member of our team looks at your map. We review every application within ", { strong: reviewTime }, "."],
      "We will email you the decision. Once you are approved, you choose your handle and publish your maps from your Creator Studio (a map needs at least 30 spots).",
    ],
    action: { label: "See your application", url: accountUrl },
    outro: [
      "While your application is under review you can follow its status, or withdraw it, on your account page.",
      `Questions? Write to us at ${infoEmail}.`,
    ],
  }),
});
