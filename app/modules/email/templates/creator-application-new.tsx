import type { Paragraph } from "./layout";
import { defineTemplate } from "./layout";

export type NewApplicationPayload = {
  applicant: string;
  applicantEmail: string;
  reviewUrl: string;
  hasFile: boolean;
  link: string | null;
};

/** To every admin: a new creator application waits for review. */
export const creatorApplicationNew = defineTemplate<NewApplicationPayload>("creator-application-new", {
  subject: ({ applicant }) => `New creator application: ${applicant}`,
  content: ({ applicant, applicantEmail, reviewUrl, hasFile, link }) => {
    const offered: Paragraph[] = [];
    if (hasFile) offered.push("A PDF of their map is attached to the application.");
    if (link) offered.push(["Their shared Google Maps list: ", { strong: link }]);
    return {
      preview: `${applicant} applied to become a creator.`,
      heading: "New creator application",
      intro: [[{ strong: applicant }, ` (${applicantEmail}) applied to become a creator.`], ...offered],
      action: { label: "Review the application", url: reviewUrl },
      outro: ["Approve or reject it with a reason; the applicant is told by email."],
    };
  },
});
