import { defineTemplate } from "./layout";

export type ModerationDecisionPayload = {
  kind: string;
  name: string;
  /** "restored": the item is public again as before; "upheld": the takedown stays. */
  decision: "upheld" | "restored";
  /** Whether this answers the creator's appeal. */
  appealed: boolean;
  /** The admin's reply (may be empty). */
  note: string;
  noticesUrl: string;
};

/** The outcome of a takedown's review: restored (with or without an appeal) or upheld on appeal. */
export const moderationDecision = defineTemplate<ModerationDecisionPayload>("moderation-decision", {
  subject: (p, { productName }) =>
    p.decision === "restored" ? `Your ${p.kind} “${p.name}” is back on ${productName}` : `Your appeal about your ${p.kind} “${p.name}”`,
  content: (p, { infoEmail }) => ({
    preview: p.decision === "restored" ? `We restored your ${p.kind}.` : "We reviewed your appeal and the decision stands.",
    heading: p.decision === "restored" ? `Your ${p.kind} is restored` : "We reviewed your appeal",
    intro: [
      p.decision === "restored"
        ? [
            `${p.appealed ? "We reviewed your appeal and reversed our decision: " : "We reviewed our decision and reversed it: "}your ${p.kind} `,
            { strong: p.name },
            " is back as you had it.",
          ]
        : [`We reviewed your appeal about your ${p.kind} `, { strong: p.name }, " and the decision stands: it stays taken down."],
      ...(p.note ? [[{ strong: "Our reply: " }, p.note]] : []),
      ...(p.decision === "upheld"
        ? ["You may still turn to a certified out-of-court dispute settlement body (article 21 of the Digital Services Act) or to the courts."]
        : []),
    ],
    action: { label: "See your notices", url: p.noticesUrl },
    outro: [`Questions: ${infoEmail}.`],
  }),
});
