import { defineTemplate } from "./layout";

export type ReportOutcomePayload = {
  /** "map", "spot", "post", "creator profile". */
  kind: string;
  /** The item's public name, as the reporter saw it ("Tapas in Seville", "@lucia"). */
  name: string;
  /** The reason they chose, as the form names it. */
  reason: string;
  /** When they reported it: "26 November 2026". */
  reportedOn: string;
  /**
   * "taken-down": the item is no longer public; "resolved": an admin dealt with it in another way;
   * "dismissed": no breach found, it stays up.
   */
  outcome: "taken-down" | "resolved" | "dismissed";
  /** The ground of a takedown, as the Creator Terms name it (only with "taken-down"). */
  ground: string | null;
  /** A page to go on to: the item when it is still public, else the site's terms. */
  url: string;
  urlLabel: string;
};

/**
 * The answer to a report whose sender left an address (DSA art. 16(5): the notifier is told the
 * decision and the redress open to them). It names only what the reporter saw and chose, the outcome
 * and its ground: never the facts sent to the creator, nor anything else about them.
 */
export const reportOutcome = defineTemplate<ReportOutcomePayload>("report-outcome", {
  subject: (p, { productName }) => `Your report to ${productName} about a ${p.kind}: ${p.outcome === "dismissed" ? "no action taken" : "we acted on it"}`,
  content: (p, { productName, infoEmail }) => ({
    preview:
      p.outcome === "taken-down"
        ? `We took down the ${p.kind} you reported.`
        : p.outcome === "resolved"
          ? `We reviewed the ${p.kind} you reported and acted on it.`
          : `We reviewed the ${p.kind} you reported and it stays up.`,
    heading: "We reviewed your report",
    intro: [
      [`On ${p.reportedOn} you reported the ${p.kind} `, { strong: p.name }, ` on ${productName} (reason: ${p.reason}).`],
      p.outcome === "taken-down"
        ? [{ strong: "Outcome: " }, `we took it down; it is no longer public${p.ground ? ` (ground: ${p.ground})` : ""}.`]
        : p.outcome === "resolved"
          ? [{ strong: "Outcome: " }, "we reviewed it and acted on it."]
          : [{ strong: "Outcome: " }, "we reviewed it and found that it breaks neither the law nor our Creator Terms, so it stays up."],
      "The decision was taken by a person, not by automated means. Thank you for telling us.",
    ],
    action: { label: p.urlLabel, url: p.url },
    outro: [
      `If you disagree with this decision, reply to ${infoEmail}. You may also turn to a certified out-of-court dispute settlement body (article 21 of the Digital Services Act) or to the courts.`,
    ],
  }),
});
