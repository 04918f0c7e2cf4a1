import { defineTemplate } from "./layout";

export type CollabBriefAnswerPayload = { creator: string; title: string; status: string; message: string | null; briefUrl: string };

/** To the admins: a creator answered a brief (accepted, declined) or reported progress. */
export const collabBriefAnswer = defineTemplate<CollabBriefAnswerPayload>("collab-brief-answer", {
  subject: ({ creator, title, status }) => `${creator} – “${title}”: ${status}`,
  content: ({ creator, title, status, message, briefUrl }) => ({
    preview: `${creator} moved ${title} to ${status}.`,
    heading: `Collaboration: ${status}`,
    intro: [[{ strong: creator }, " moved the collaboration ", { strong: title }, ` to: ${status}.`], ...(message ? [[`Their message: ${message}`]] : [])],
    action: { label: "Open the brief", url: briefUrl },
    outro: [],
  }),
});
