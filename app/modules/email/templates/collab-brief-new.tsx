import { defineTemplate } from "./layout";

export type CollabBriefNewPayload = { title: string; fee: string; dueDate: string; destination: string | null; briefUrl: string };

/** To a creator: an admin proposes a paid collaboration; they answer it in the Studio. */
export const collabBriefNew = defineTemplate<CollabBriefNewPayload>("collab-brief-new", {
  subject: ({ title }) => `New collaboration proposed: ${title}`,
  content: ({ title, fee, dueDate, destination, briefUrl }, { productName }) => ({
    preview: `${productName} proposes a paid collaboration: ${title}.`,
    heading: "A new collaboration for you",
    intro: [
      [`${productName} proposes a paid collaboration: `, { strong: title }, "."],
      [`Fee: ${fee}. Due: ${dueDate}.`, destination ? ` Destination: ${destination}.` : ""],
    ],
    action: { label: "Open the brief", url: briefUrl },
    outro: ["Accept or decline it in your Creator Studio, with a message if you like."],
  }),
});
