import { defineTemplate } from "./layout";

export type PayoutSentPayload = {
  /** "November 2026": the month whose balance is paid. */
  month: string;
  /** Amounts as written ("€100.00"): the balance paid, the tax withheld (null: none), what reaches the account. */
  amount: string;
  withheld: string | null;
  /** The Spanish VAT of the creator's self-billed invoices paid on top of the balance (null: none). */
  vat?: string | null;
  /** "IRPF at the general 15% rate". */
  withholdingReason: string | null;
  net: string;
  /** "ES •••• 1332". */
  account: string;
  /** "20 December 2026": the day the bank is asked to make the transfer. */
  executionDate: string;
  /** What the creator's bank statement shows. */
  reference: string;
  payoutsUrl: string;
};

/** Sent to a creator when a payout run pays them (queued in the run's transaction, so only for a payout that happened). */
export const payoutSent = defineTemplate<PayoutSentPayload>("payout-sent", {
  subject: (p, { productName }) => `Your ${productName} payout of ${p.net} is on its way`,
  content: (p) => ({
    preview: `${p.net} for ${p.month}, to ${p.account} by ${p.executionDate}.`,
    heading: "Your payout is on its way",
    intro: [
      ["We are paying you ", { strong: p.net }, ` for your balance of ${p.month}, by SEPA bank transfer to `, { strong: p.account }, ` on ${p.executionDate}.`],
      ...(p.vat ? [`Your self-billed invoices charge ${p.vat} of Spanish VAT (IVA): it is paid to you on top of your balance, and is yours to declare.`] : []),
      p.withheld
        ? `Your balance was ${p.amount}; ${p.withheld} was withheld for Spanish tax (${p.withholdingReason ?? "withholding"}) and is paid to the Tax Agency for you.`
        : `Your balance was ${p.amount}; no tax was withheld.`,
      `Your bank statement will show the reference ${p.reference}. Transfers usually arrive within one or two working days of that date.`,
    ],
    action: { label: "See your payouts", url: p.payoutsUrl },
    outro: ["Every payout, with what was withheld, is listed in the Payouts section of your Studio."],
  }),
});
