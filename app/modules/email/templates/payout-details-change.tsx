import { defineTemplate } from "./layout";

/**
 * Confirm new bank details for payouts (a change, or the first account of an account without a
 * password). Nothing changes until the link is opened; a change then holds the next payout.
 */
export const payoutDetailsChange = defineTemplate<{
  url: string;
  newAccount: string;
  oldAccount: string | null;
  holderName: string;
  hours: number;
  holdDays: number;
}>("payout-details-change", {
  subject: (_p, { productName }) => `Confirm the bank account for your ${productName} payouts`,
  content: ({ url, newAccount, oldAccount, holderName, hours, holdDays }, { productName, infoEmail }) => ({
    preview: `Confirm that your payouts go to the account ending ${newAccount.slice(-4)}.`,
    heading: "Confirm your bank account",
    intro: [
      oldAccount
        ? [
            "You asked to change the account your ",
            productName,
            " payouts are paid to, from ",
            { strong: oldAccount },
            " to ",
            { strong: newAccount },
            ` (holder: ${holderName}).`,
          ]
        : ["You asked to be paid to the account ", { strong: newAccount }, ` (holder: ${holderName}).`],
      `Nothing changes until you confirm with the button below, within ${hours} hours.${holdDays > 0 ? ` For your safety, your next payout then waits ${holdDays} days.` : ""}`,
    ],
    action: { label: "Confirm the bank account", url },
    outro: [`If you did not ask for this, do not open the link, change your password, and write to us at ${infoEmail}: your bank details stay as they are.`],
  }),
});
