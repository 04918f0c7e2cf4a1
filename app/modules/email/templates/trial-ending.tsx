import { defineTemplate } from "./layout";

export type TrialEndingPayload = {
  /** "Premium" or "Supporter of Lucía Ferrer". */
  plan: string;
  /** "2 January 2027": the day the trial ends and the first charge is made. */
  trialEndsOn: string;
  /** "€5". */
  amount: string;
  /** "€5 per month, VAT included". */
  price: string;
  /** "month" | "year". */
  every: string;
  accountUrl: string;
  testMode: boolean;
};

/** Sent once, 3 days before a free trial turns into its first charge (never after a cancellation). */
export const trialEnding = defineTemplate<TrialEndingPayload>("trial-ending", {
  subject: (p) => `Your free trial ends on ${p.trialEndsOn}`,
  content: (p) => ({
    preview: `${p.amount} will be charged on ${p.trialEndsOn} unless you cancel.`,
    heading: `Your free trial ends on ${p.trialEndsOn}`,
    intro: [
      `Your free trial of ${p.plan} ends on ${p.trialEndsOn}.`,
      [{ strong: "First charge: " }, `${p.amount} on ${p.trialEndsOn} (${p.price}), then every ${p.every} until you cancel.`],
      `Not staying? Cancel from your account before ${p.trialEndsOn} and you will not be charged.`,
    ],
    action: { label: "Manage your membership", url: p.accountUrl },
    outro: p.testMode ? ["Test mode: no real charge is made."] : [],
  }),
});
