import { defineTemplate } from "./layout";

export type CollabBriefStatusPayload = { title: string; status: string; message: string | null; briefUrl: string };

/** To a creator: an admin moved their brief (or marked it paid). */
export const collabBriefStatus = defineTemplate<CollabBriefStatusPayload>("collab-brief-status", {
  subject: ({ title, status }) => `Collaboration “${title}”: ${status}`,
  content: ({ title, status, message, briefUrl }) => ({
    preview: `Your collaboration ${title} is now ${status}.`,
    heading: `Collaboration: ${status}`,
    intro: [["Your collaboration ", { strong: title }, ` is now: ${status}.`], ...(message ? [message] : [])],
    action: { label: "Open the brief", url: briefUrl },
    outro: [],
  }),
});
