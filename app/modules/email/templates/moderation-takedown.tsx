import { defineTemplate } from "./layout";

export type ModerationTakedownPayload = {
  /** "map", "spot", "post", "creator profile". */
  kind: string;
  /** The item as it was named when taken down. */
  name: string;
  groundKind: "law" | "terms";
  /** The ground's label and the Creator Terms' section it rests on. */
  ground: string;
  section: string;
  /** The facts, as the admin wrote them. */
  facts: string;
  automated: boolean;
  /** "26 November 2026". */
  decidedOn: string;
  /** The last day to appeal: "26 May 2027". */
  appealBy: string;
  noticesUrl: string;
};

/**
 * The statement of reasons of the Digital Services Act (art. 17) for content taken down: what was
 * restricted and how, the ground (a legal one or the Creator Terms), the facts, whether automated
 * means were used, and how and until when to appeal (art. 20) and what else is open (art. 21, courts).
 */
export const moderationTakedown = defineTemplate<ModerationTakedownPayload>("moderation-takedown", {
  subject: (p, { productName }) => `Your ${p.kind} “${p.name}” was taken down on ${productName}`,
  content: (p, { productName, infoEmail }) => ({
    preview: `Statement of reasons: your ${p.kind} is no longer public. You can appeal until ${p.appealBy}.`,
    heading: "Statement of reasons",
    intro: [
      [
        `On ${p.decidedOn} we took down your ${p.kind} `,
        { strong: p.name },
        `. It is no longer shown on ${productName} to anyone but you: it stays in your Studio, marked as taken down, and cannot be published again unless the decision is reversed.`,
      ],
      [
        { strong: "Ground: " },
        p.groundKind === "law" ? `the law (illegal content): ${p.ground}` : `our Creator Terms (incompatible with the terms): ${p.ground}`,
        `, Creator Terms section ${p.section}.`,
      ],
      [{ strong: "Facts and circumstances: " }, p.facts],
      p.automated
        ? "This decision was taken with the help of automated means."
        : "This decision was taken by a person on our team, not by automated means, and the content was not detected by automated means.",
      [
        { strong: "How to appeal: " },
        `you can appeal free of charge until ${p.appealBy} with the Appeal form under Notices in your Studio. We will review your appeal and tell you the outcome. You may also turn to a certified out-of-court dispute settlement body (article 21 of the Digital Services Act) or to the courts.`,
      ],
    ],
    action: { label: "See the notice and appeal", url: p.noticesUrl },
    outro: [`Questions about this decision: ${infoEmail}.`],
  }),
});
