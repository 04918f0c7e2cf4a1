import { defineTemplate, type Paragraph } from "./layout";

export type MembershipConfirmedPayload = {
  /** "Premium", or the supported creator's public name. */
  tier: "premium" | "supporter";
  creatorName: string | null;
  /** "monthly" | "yearly". */
  billing: string;
  /** "€5 per month, VAT included". */
  price: string;
  /** "2 January 2027" while the membership starts with a free trial, else null. */
  trialEndsOn: string | null;
  /** The next (first, after a trial) charge: "€5" on "2 January 2027". */
  nextCharge: { amount: string; on: string } | null;
  accountUrl: string;
  /** The local test provider: nothing is charged. */
  testMode: boolean;
};

const planName = (p: MembershipConfirmedPayload) => (p.tier === "premium" ? "Premium" : `Supporter of ${p.creatorName ?? "a creator"}`);

/**
 * Sent once when a membership starts (Premium or Supporter, either provider): what was bought,
 * its price with VAT, the trial and the first charge, and how to cancel.
 */
export const membershipConfirmed = defineTemplate<MembershipConfirmedPayload>("membership-confirmed", {
  subject: (p, { productName }) =>
    p.tier === "premium" ? `Your ${productName} Premium membership is confirmed` : `You are now supporting ${p.creatorName ?? "a creator"} on ${productName}`,
  content: (p) => {
    const facts: Paragraph[] = [
      [{ strong: "Plan: " }, `${planName(p)}, billed ${p.billing}`],
      [{ strong: "Price: " }, p.price],
    ];
    if (p.trialEndsOn) facts.push([{ strong: "Free trial: " }, `until ${p.trialEndsOn}`]);
    if (p.nextCharge) facts.push([{ strong: p.trialEndsOn ? "First charge: " : "Next charge: " }, `${p.nextCharge.amount} on ${p.nextCharge.on}`]);
    const cancel = p.trialEndsOn
      ? `You can cancel at any time from your account. Cancel before ${p.trialEndsOn} and you pay nothing; after that, your membership runs to the end of the period already paid.`
      : "You can cancel at any time from your account: your membership then runs to the end of the period already paid, with no further charge.";
    return {
      preview: p.trialEndsOn ? `Your free trial runs until ${p.trialEndsOn}. ${p.price}.` : `${planName(p)}: ${p.price}.`,
      heading: p.tier === "premium" ? "Welcome to Premium" : `Thank you for supporting ${p.creatorName ?? "this creator"}`,
      intro: [p.tier === "premium" ? "Your Premium membership is confirmed." : "Your support is confirmed.", ...facts, cancel],
      action: { label: "Manage your membership", url: p.accountUrl },
      outro: p.testMode ? ["Test mode: no real charge is made."] : [],
    };
  },
});
