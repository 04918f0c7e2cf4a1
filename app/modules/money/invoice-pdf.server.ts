/**
 * The self-billed invoice as a PDF: issued by the company in the creator's name (the creator is the
 * supplier and issuer, the company the recipient), with what Royal Decree 1619/2012 (art. 6) asks
 * of an invoice: number and series, date of issue and of the supply, both parties' names, tax ids
 * and addresses, the base, the VAT rate and amount (or the reverse-charge or no-VAT wording), the
 * "Facturación por el destinatario" mention, and the withholding. The figures are
 * `invoiceAmounts` (self-billing.ts).
 */
import { cents } from "./cents";
import { CREATOR_SUPPORTER_SHARE_PERCENT } from "./compensation-rules";
import { eur, PdfWriter } from "./pdf-layout.server";
import { SELF_BILLING_WORDING, type InvoiceAmounts } from "./self-billing";
import type { DocumentCompany } from "./statement-pdf.server";

export interface InvoiceSupplier {
  legalName: string;
  taxId: string;
  /** "NIF", "NIE", "VAT number", "Tax id". */
  taxIdLabel: string;
  vatNumber: string | null;
  addressLines: string[];
  handle: string;
}

export interface InvoicePdfInput {
  number: string;
  /** Day of issue, "3 December 2026". */
  issuedOn: string;
  /** The period of the supply, "1–30 November 2026". */
  period: string;
  monthLabel: string;
  supplier: InvoiceSupplier;
  company: DocumentCompany;
  /** The company's EU VAT number ("ESB67123456"), as at issue. */
  recipientVatNumber: string;
  /** The day the creator agreed to self-billing, "1 October 2026". */
  agreedOn: string;
  parts: { supporters: number; pool: number; adjustments: number };
  amounts: InvoiceAmounts;
}

export async function invoicePdf(input: InvoicePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { supplier, company, amounts } = input;
  const pdf = new PdfWriter({
    title: `${SELF_BILLING_WORDING.title} ${input.number}`,
    author: company.legalName,
    subject: `${SELF_BILLING_WORDING.title} of ${supplier.legalName} to ${company.legalName}, ${input.monthLabel}`,
  });
  pdf.title(`${SELF_BILLING_WORDING.title} ${input.number}`, SELF_BILLING_WORDING.legalMention);
  pdf.row("Invoice number", input.number);
  pdf.row("Date of issue", input.issuedOn);
  pdf.row("Period of supply", input.period);

  pdf.heading("Supplier (issuer)");
  pdf.paragraph(
    [
      supplier.legalName,
      `${supplier.taxIdLabel} ${supplier.taxId}`,
      ...(supplier.vatNumber && supplier.vatNumber !== supplier.taxId ? [`VAT number ${supplier.vatNumber}`] : []),
      ...supplier.addressLines,
    ].join("\n"),
  );
  pdf.heading("Recipient");
  pdf.paragraph([company.legalName, `NIF ${company.taxId}`, `VAT number ${input.recipientVatNumber}`, company.address].join("\n"));

  pdf.heading("Description");
  pdf.paragraph(
    `Services and licence of content provided to ${company.legalName} through ${company.productName} (@${supplier.handle}) in ${input.monthLabel}, remunerated under the Creator Compensation terms:`,
  );
  pdf.row(`Supporter earnings (${CREATOR_SUPPORTER_SHARE_PERCENT}% of net Supporter revenue)`, eur(cents(input.parts.supporters)));
  pdf.row("Premium revenue pool earnings", eur(cents(input.parts.pool)));
  if (input.parts.adjustments !== 0) pdf.row("Refunds, chargebacks and corrections", eur(cents(input.parts.adjustments)));
  pdf.rule();
  pdf.row("Taxable base", eur(amounts.base), { bold: true });
  if (amounts.vat.kind === "spanish-vat") pdf.row(amounts.vat.text, eur(amounts.vatAmount));
  else pdf.row("VAT", eur(amounts.vatAmount));
  pdf.row("Invoice total", eur(amounts.total), { bold: true });
  if (amounts.vat.kind === "reverse-charge") {
    pdf.paragraph(`${amounts.vat.text}. Supplier's VAT number: ${supplier.vatNumber ?? "—"}; recipient's VAT number: ${input.recipientVatNumber}.`, {
      size: 9,
    });
  } else if (amounts.vat.kind === "none") pdf.paragraph(amounts.vat.text, { size: 9 });
  const withholdingLabel =
    amounts.withholding.kind === "irpf"
      ? `IRPF withheld (${amounts.withholding.percent}%)`
      : amounts.withholding.kind === "irnr"
        ? `Non-resident income tax (IRNR) withheld (${amounts.withholding.percent}%)`
        : "Tax withheld";
  pdf.row(withholdingLabel, eur(cents(-amounts.withheld)));
  if (amounts.withholding.kind === "none") pdf.paragraph(amounts.withholding.reason, { size: 9 });
  pdf.row("Amount payable", eur(amounts.payable), { bold: true });

  pdf.heading("Self-billing");
  pdf.paragraph(SELF_BILLING_WORDING.issuedBy(company.legalName, input.agreedOn));
  pdf.paragraph(
    `If anything in this invoice is wrong, tell us at ${company.infoEmail} within 15 days (Creator Compensation, section 8). The amount payable (its VAT included) is paid, with your other earnings, by SEPA transfer in the payout run after it; the withholding is paid to the Spanish Tax Agency (AEAT) on your behalf.`,
    { size: 8, color: "#444444" },
  );
  return pdf.bytes();
}
