/**
 * The self-billed invoice of a creator's month (Creator Compensation, section 8: "you authorise us
 * to issue invoices in your name and on your behalf", article 5 of Royal Decree 1619/2012): what it
 * invoices, its number, its VAT treatment and the withholding it states. Pure; the PDF
 * (invoice-pdf.server.ts) prints exactly what this returns. ADR "statements and self-billed
 * invoices" (docs/decisions) gives the reasons for each rule.
 *
 * - Base: what the month earned the creator (Supporter share + pool share + refunds, chargebacks
 *   and corrections posted in the month): the consideration for the services and licence of that
 *   month. A month whose base is not above zero has no invoice.
 * - VAT, from the tax settings the form already checks: a creator resident in Spain with a VAT
 *   number is charged Spanish VAT at the general rate; a creator resident in another EU state with
 *   a VAT number supplies us under the reverse charge (we account for the VAT); anyone else
 *   charges no VAT.
 * - Withholding: `withholdingFor` the settings on the invoice's date, on the base.
 */
import { cents, percentOf, type Cents } from "./cents";
import { isEuCountry } from "./vat";
import type { WithholdingRule } from "./withholding";

/** Spain's general VAT rate (Ley 37/1992 del IVA, art. 90), charged by VAT-registered creators resident in Spain. */
export const SPANISH_VAT_PERCENT = 21;

export const SELF_BILLING_WORDING = {
  title: "Self-billed invoice",
  /** The mention Royal Decree 1619/2012, art. 6.1.m, asks of an invoice issued by its recipient. */
  legalMention: "Facturación por el destinatario",
  issuedBy: (company: string, agreedOn: string) =>
    `Issued by ${company}, the recipient, in the name and on behalf of the supplier, under article 5 of Royal Decree 1619/2012 and the self-billing agreement given on ${agreedOn}.`,
} as const;

export type InvoiceVat =
  { kind: "spanish-vat"; percent: number; text: string } | { kind: "reverse-charge"; percent: 0; text: string } | { kind: "none"; percent: 0; text: string };

/** What the VAT treatment depends on. */
export interface InvoiceVatProfile {
  taxResidenceCountry: string;
  /** The VAT number when the creator is registered for VAT; null otherwise. */
  vatNumber: string | null;
}

/** The VAT treatment of a creator's invoice. */
export function invoiceVat(profile: InvoiceVatProfile): InvoiceVat {
  const registered = Boolean(profile.vatNumber);
  if (registered && profile.taxResidenceCountry === "ES") {
    return { kind: "spanish-vat", percent: SPANISH_VAT_PERCENT, text: `Spanish VAT (IVA) at ${SPANISH_VAT_PERCENT}%` };
  }
  if (registered && isEuCountry(profile.taxResidenceCountry)) {
    return {
      kind: "reverse-charge",
      percent: 0,
      text: "Reverse charge: VAT to be accounted for by the recipient (article 196 of Council Directive 2006/112/EC; inversión del sujeto pasivo, article 84.One.2 of Ley 37/1992)",
    };
  }
  return { kind: "none", percent: 0, text: "No VAT charged: the supplier is not registered for VAT" };
}

/**
 * The invoice's number: its own series per creator ("SB" and a code from the creator's id, which
 * never changes, unlike a handle), then the month. One invoice a month at most, so numbers are
 * unique and follow the invoices' dates.
 */
export function selfBilledInvoiceNumber(creatorId: string, month: string): string {
  const code = creatorId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase();
  return `SB-${code}-${month}`;
}

export interface InvoiceAmounts {
  base: Cents;
  vat: InvoiceVat;
  vatAmount: Cents;
  /** base + VAT */
  total: Cents;
  withholding: WithholdingRule;
  withheld: Cents;
  /** total − withheld: what the invoice says the recipient pays. */
  payable: Cents;
}

/** The invoice's figures: VAT and withholding on the base, each to the nearest cent. */
export function invoiceAmounts(base: Cents, vat: InvoiceVat, withholding: WithholdingRule): InvoiceAmounts {
  const vatAmount = percentOf(base, vat.percent);
  const total = cents(base + vatAmount);
  const withheld = percentOf(base, withholding.percent);
  return { base, vat, vatAmount, total, withholding, withheld, payable: cents(total - withheld) };
}
