import { defineTemplate } from "./layout";

export type NewSupporterPayload = {
  /** Their display name or @handle, never their email; null when they have neither. */
  supporterName: string | null;
  /** "monthly" | "yearly". */
  billing: string;
  /** "€10 per month, VAT included". */
  price: string;
  /** "2 January 2027" when the support starts with a free trial. */
  trialEndsOn: string | null;
  supportersUrl: string;
  preferencesUrl: string;
};

/** Sent to a creator when someone starts supporting them, unless they turned it off in their email preferences. */
export const newSupporter = defineTemplate<NewSupporterPayload>("new-supporter", {
  subject: (p) => (p.supporterName ? `New supporter: ${p.supporterName}` : "You have a new supporter"),
  content: (p) => ({
    preview: `${p.supporterName ?? "Someone new"} now supports you (${p.billing}).`,
    heading: "You have a new supporter",
    intro: [
      [p.supporterName ? { strong: p.supporterName } : "Someone new", ` now supports you on the ${p.billing} plan (${p.price}).`],
      ...(p.trialEndsOn ? [`Their support starts with a free trial until ${p.trialEndsOn}: your share begins with their first payment.`] : []),
    ],
    action: { label: "See your supporters", url: p.supportersUrl },
    outro: [`Don't want these emails? Turn off "New supporters" in your email preferences: ${p.preferencesUrl}`],
  }),
});
