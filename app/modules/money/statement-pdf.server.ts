/**
 * The monthly statement as a PDF (Creator Compensation, section 5): every figure of `statementOf`
 * and how it was reached, so a creator can check it with a calculator. Supporter payments line by
 * line (gross, VAT at the member's country's rate, the provider's fee, net and the 70% share, a
 * yearly payment's monthly portion as k of 12); the Premium pool's whole computation (net Premium
 * revenue, the 50% pool, all points, the creator's points, the exact quotient and the
 * largest-remainder rule that decides the leftover cents); refunds, chargebacks and corrections;
 * the month's self-billed invoice (base, VAT, withholding, payable); payouts with the VAT paid on
 * top and what was withheld; the balance, and what the next payout will add and withhold.
 */
import { cents, percentOf, type Cents } from "./cents";
import { CREATOR_SUPPORTER_SHARE_PERCENT, PAYOUT_MINIMUM } from "./compensation-rules";
import { eur, PdfWriter, type Column } from "./pdf-layout.server";
import type { StatementEntry, Statement } from "./statements.server";
import type { InvoiceAmounts } from "./self-billing";
import type { WithholdingRule } from "./withholding";

export interface DocumentCompany {
  productName: string;
  legalName: string;
  taxId: string;
  address: string;
  infoEmail: string;
}

export interface StatementPdfInput {
  statement: Statement;
  creator: { handle: string; displayName: string | null; legalName: string | null };
  company: DocumentCompany;
  /** The day the statement was published (the month's close), "3 December 2026". */
  publishedOn: string;
  /** The withholding the next payout will apply, or null while the tax settings are missing. */
  withholding: WithholdingRule | null;
  /** The month's self-billed invoice, if it has one. */
  invoice?: { number: string; amounts: InvoiceAmounts } | null;
  /** The VAT of self-billed invoices not yet paid at the end of the month: the next payout adds it. */
  vatOwed?: Cents;
}

const count = new Intl.NumberFormat("en-GB");
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/Madrid" });
const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

/** "EUR 200.00 exactly" or "EUR 123.45 and 1,234/150,000 of a cent": pool × points ÷ all points, unrounded. */
export function exactQuotient(pool: Cents, points: number, totalPoints: number): string {
  if (totalPoints <= 0) return eur(cents(0));
  const product = BigInt(pool) * BigInt(points);
  const total = BigInt(totalPoints);
  const whole = cents(Number(product / total));
  const remainder = product % total;
  return remainder === 0n ? `${eur(whole)} exactly` : `${eur(whole)} and ${count.format(remainder)}/${count.format(total)} of a cent`;
}

const SUPPORTER_COLUMNS: Column[] = [
  { label: "Paid", width: 58 },
  { label: "Plan", width: 50 },
  { label: "Country", width: 40 },
  { label: "Portion", width: 42 },
  { label: "Gross", width: 60, align: "right" },
  { label: "VAT", width: 66, align: "right" },
  { label: "Fee", width: 55, align: "right" },
  { label: "Net", width: 58, align: "right" },
  { label: `Your ${CREATOR_SUPPORTER_SHARE_PERCENT}%`, width: 66, align: "right" },
];

export async function statementPdf(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { statement: s, creator, company } = input;
  const month = monthName(s.month);
  const pdf = new PdfWriter({
    title: `Statement ${month} — @${creator.handle}`,
    author: company.legalName,
    subject: `${company.productName} monthly statement`,
  });

  pdf.title(`Monthly statement: ${month}`, `${company.productName} · published ${input.publishedOn}`);
  pdf.row("Creator", `${creator.displayName ? `${creator.displayName} ` : ""}@${creator.handle}`);
  if (creator.legalName) pdf.row("Legal name", creator.legalName);
  pdf.paragraph(`Issued by ${company.legalName}, NIF ${company.taxId}, ${company.address}.`, { size: 8, color: "#444444" });

  // Summary first: what a creator looks for.
  pdf.heading("Summary");
  const adjustments = sum(s.adjustments);
  const other = sum(s.other);
  const payouts = sum(s.payouts);
  const withholdings = sum(s.withholdings);
  pdf.row("Balance at the start of the month", eur(s.openingBalance));
  pdf.row(`Supporter earnings (${CREATOR_SUPPORTER_SHARE_PERCENT}% of net revenue)`, eur(s.supporter.share));
  pdf.row("Premium pool earnings", eur(s.pool?.share ?? cents(0)));
  if (s.adjustments.length > 0) pdf.row("Refunds and chargebacks", eur(adjustments));
  if (s.other.length > 0) pdf.row("Corrections", eur(other));
  if (s.withholdings.length > 0) pdf.row("Tax withheld", eur(withholdings));
  if (s.payouts.length > 0) pdf.row("Payouts", eur(payouts));
  pdf.rule();
  pdf.row("Balance at the end of the month (owed to you)", eur(s.closingBalance), { bold: true });

  // Supporters, payment by payment.
  pdf.heading("Supporter earnings");
  if (s.supporter.lines.length === 0) {
    pdf.paragraph("No Supporter payment was earned this month.");
  } else {
    pdf.paragraph(
      `Each payment's gross amount includes VAT at the rate of the member's country; net = gross - VAT - the payment provider's fee; your share is ${CREATOR_SUPPORTER_SHARE_PERCENT}% of net, to the nearest cent. A yearly payment is earned in twelve monthly portions: its line shows this month's portion (e.g. 3/12). Free trials earn nothing and do not appear.`,
      { size: 8, color: "#444444" },
    );
    pdf.table(
      SUPPORTER_COLUMNS,
      s.supporter.lines.map((l) => [
        day.format(new Date(l.paidAt)),
        l.interval === "yearly" ? "Yearly" : "Monthly",
        l.country ?? "—",
        `${l.portion}/${l.portions}`,
        eur(l.grossPortion),
        `${eur(l.vatPortion)} (${l.vatRate}%)`,
        eur(l.feePortion),
        eur(l.net),
        eur(l.share),
      ]),
    );
    const refundedBefore = s.supporter.lines.filter((l) => l.refundedBeforeEarned > 0);
    for (const l of refundedBefore) {
      pdf.paragraph(
        `Payment of ${day.format(new Date(l.paidAt))}: ${eur(l.refundedBeforeEarned)} of this portion was refunded before it was earned and is not counted.`,
        {
          size: 8,
        },
      );
    }
    pdf.row("Gross", eur(s.supporter.gross));
    pdf.row("VAT", eur(s.supporter.vat));
    pdf.row("Payment provider fees", eur(s.supporter.fees));
    pdf.row("Net revenue", eur(s.supporter.net));
    pdf.row(`Your share (${CREATOR_SUPPORTER_SHARE_PERCENT}% of each payment's net)`, eur(s.supporter.share), { bold: true });
  }

  // The pool, whole.
  pdf.heading("Premium revenue pool");
  const pool = s.pool;
  if (!pool) {
    pdf.paragraph("The pool is computed when the month closes.");
  } else {
    pdf.row("Net Premium revenue of the month", eur(pool.netPremiumRevenue));
    pdf.row(`The pool (${pool.poolPercent}% of net Premium revenue)`, eur(pool.pool));
    pdf.row("Engagement points of all creators", count.format(pool.totalPoints));
    pdf.row("Your engagement points", count.format(pool.points));
    if (pool.totalPoints > 0) {
      pdf.row(`${eur(pool.pool)} × ${count.format(pool.points)} ÷ ${count.format(pool.totalPoints)}`, exactQuotient(pool.pool, pool.points, pool.totalPoints));
      pdf.row("Rounded down to the cent", eur(pool.base));
      pdf.row("One of the leftover cents (largest remainder)", pool.extraCent ? eur(cents(1)) : eur(cents(0)));
    }
    pdf.row("Your pool earnings", eur(pool.share), { bold: true });
    if (pool.note) pdf.paragraph(pool.note);
    pdf.paragraph(`How the cents are shared: ${pool.rule}`, { size: 8, color: "#444444" });
  }

  if (s.adjustments.length > 0 || s.other.length > 0) {
    pdf.heading("Refunds, chargebacks and corrections");
    for (const entry of [...s.adjustments, ...s.other]) pdf.row(`${day.format(entry.date)} · ${entry.description}`, eur(entry.amount));
    pdf.paragraph(
      "A refund or chargeback takes back what its payment earned you, including earnings already paid out (Creator Compensation, section 9). A portion of a yearly payment not yet earned was never earned: it shows as EUR 0.00.",
      { size: 8, color: "#444444" },
    );
  }

  if (input.invoice) {
    const a = input.invoice.amounts;
    pdf.heading(`Self-billed invoice ${input.invoice.number}`);
    pdf.row("Taxable base (what the month earned)", eur(a.base));
    pdf.row(
      a.vat.kind === "spanish-vat" ? `VAT: ${a.vat.text}` : a.vat.kind === "reverse-charge" ? "VAT: Reverse charge" : "VAT: not charged",
      eur(a.vatAmount),
    );
    pdf.row(`Withheld: ${a.withholding.reason}`, eur(cents(-a.withheld)));
    pdf.row("Amount payable on the invoice", eur(a.payable), { bold: true });
    if (a.vatAmount > 0) {
      pdf.paragraph("The invoice's VAT is not part of your balance: the payout that pays the invoice adds it on top, and you declare it to the tax agency.", {
        size: 8,
        color: "#444444",
      });
    }
  }

  pdf.heading("Payouts and withholding");
  if (s.payouts.length === 0 && s.withholdings.length === 0) pdf.paragraph("No payout was made this month.");
  for (const entry of s.payouts) {
    const d = entry.details as { amount?: number; vat?: number; withheld?: number; net?: number; withholding?: { reason?: string } };
    pdf.row(`${day.format(entry.date)} · ${entry.description}`, eur(entry.amount));
    if (typeof d.withheld === "number" && typeof d.net === "number") {
      const vat = typeof d.vat === "number" && d.vat > 0 ? `; VAT of your self-billed invoices, paid on top of the balance: ${eur(cents(d.vat))}` : "";
      pdf.paragraph(
        `Sent to your bank account: ${eur(cents(d.net))}; withheld: ${eur(cents(d.withheld))}${d.withholding?.reason ? ` (${d.withholding.reason})` : ""}${vat}.`,
        {
          size: 8,
        },
      );
    }
  }
  for (const entry of s.withholdings) pdf.row(`${day.format(entry.date)} · ${entry.description}`, eur(entry.amount));

  pdf.heading("Amount payable");
  pdf.row("Your balance (owed to you)", eur(s.closingBalance), { bold: true });
  const vatOwed = input.vatOwed ?? cents(0);
  if (vatOwed > 0) pdf.row("VAT of your self-billed invoices, paid with the balance", eur(vatOwed));
  if (s.closingBalance < PAYOUT_MINIMUM) {
    pdf.paragraph(`It is below the ${eur(PAYOUT_MINIMUM)} minimum and is carried over to the following month until it reaches it (section 6).`);
  } else if (input.withholding) {
    const withheld = percentOf(s.closingBalance, input.withholding.percent);
    pdf.row(
      input.withholding.percent > 0
        ? `Withheld from the payout: ${input.withholding.reason}`
        : `Withheld from the payout: nothing (${input.withholding.reason})`,
      eur(cents(-withheld)),
    );
    pdf.row("Payable to your bank account", eur(cents(s.closingBalance + vatOwed - withheld)), { bold: true });
    pdf.paragraph("Paid in the next payout run if your payout details are complete; any further earnings before then are added.", {
      size: 8,
      color: "#444444",
    });
  } else {
    pdf.paragraph(
      "The tax withheld from your payout depends on your tax settings, which are not filled in yet: complete them in the Studio (Revenue, Tax settings).",
    );
  }

  pdf.paragraph(
    `If you believe this statement is wrong, tell us at ${company.infoEmail} within 60 days of its publication, explaining why (Creator Compensation, section 5).`,
    { size: 8, color: "#444444" },
  );
  return pdf.bytes();
}

function sum(entries: StatementEntry[]): Cents {
  return cents(entries.reduce((total, e) => total + e.amount, 0));
}
