/**
 * The statement and invoice PDFs, read back as a creator's PDF reader gets their text: the terms'
 * two worked examples (EUR 10.00 in Spain with a EUR 0.40 fee: EUR 5.50; a EUR 10,000 pool from
 * EUR 20,000 of net Premium revenue, 3,000 of 150,000 points: EUR 200.00), a yearly portion, a
 * refund, a payout with IRPF withheld, and the invoice's VAT treatments.
 */
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { cents } from "./cents";
import { invoicePdf, type InvoicePdfInput } from "./invoice-pdf.server";
import { LARGEST_REMAINDER_RULE } from "./portions";
import { invoiceAmounts, invoiceVat } from "./self-billing";
import { exactQuotient, statementPdf, type DocumentCompany } from "./statement-pdf.server";
import type { Statement, SupporterLine } from "./statements.server";
import { withholdingFor } from "./withholding";

const company: DocumentCompany = {
  productName: "Spotfolio",
  legalName: "Spotfolio Maps S.L.",
  taxId: "B67123456",
  address: "Carrer de Pallars 108, 08018 Barcelona, Spain",
  infoEmail: "info@spotfolio.app",
};
const irpf15 = withholdingFor({
  entityType: "individual",
  taxResidenceCountry: "ES",
  irpfPercent: 15,
  irpfActivityStartYear: null,
  hasResidenceCertificate: false,
});

async function text(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

const monthly: SupporterLine = {
  paymentId: "p1",
  paidAt: "2026-11-15T10:00:00.000Z",
  tier: "supporter",
  interval: "monthly",
  country: "ES",
  vatRate: 21,
  gross: cents(10_00),
  vat: cents(1_74),
  fee: cents(40),
  portion: 1,
  portions: 1,
  month: "2026-11",
  grossPortion: cents(10_00),
  vatPortion: cents(1_74),
  refundedBeforeEarned: cents(0),
  afterVat: cents(8_26),
  feePortion: cents(40),
  net: cents(7_86),
  share: cents(5_50),
};

// A yearly EUR 100.00 payment from Germany (19%: VAT 15.97), Stripe fee 1.75; its third portion.
const yearly: SupporterLine = {
  ...monthly,
  paymentId: "p2",
  paidAt: "2026-09-05T10:00:00.000Z",
  interval: "yearly",
  country: "DE",
  vatRate: 19,
  gross: cents(100_00),
  vat: cents(15_97),
  fee: cents(1_75),
  portion: 3,
  portions: 12,
  grossPortion: cents(8_33),
  vatPortion: cents(1_33),
  afterVat: cents(7_00),
  feePortion: cents(15),
  net: cents(6_85),
  share: cents(4_80),
};

const statement: Statement = {
  creatorId: "c1",
  month: "2026-11",
  closed: true,
  closedAt: new Date("2026-12-03T09:00:00Z"),
  openingBalance: cents(60_00),
  supporter: { lines: [monthly, yearly], gross: cents(18_33), vat: cents(3_07), fees: cents(55), net: cents(14_71), share: cents(10_30) },
  pool: {
    netPremiumRevenue: cents(20_000_00),
    poolPercent: 50,
    pool: cents(10_000_00),
    totalPoints: 150_000,
    points: 3_000,
    base: cents(200_00),
    extraCent: false,
    share: cents(200_00),
    rule: LARGEST_REMAINDER_RULE,
    note: null,
  },
  adjustments: [
    {
      transactionId: "t1",
      kind: "refund",
      date: new Date("2026-11-20T10:00:00Z"),
      description: "Refund of a Supporter payment",
      amount: cents(-5_50),
      details: {},
    },
  ],
  withholdings: [],
  payouts: [
    {
      transactionId: "t2",
      kind: "payout",
      date: new Date("2026-11-20T10:00:00Z"),
      description: "Payout of your balance of October 2026",
      amount: cents(-60_00),
      details: { amount: 60_00, withheld: 9_00, net: 51_00, withholding: { kind: "irpf", percent: 15, reason: "IRPF at the general 15% rate" } },
    },
  ],
  other: [],
  netChange: cents(144_80),
  closingBalance: cents(204_80),
};

describe("the statement PDF", () => {
  it("shows the Supporter example, a yearly portion, and the totals", async () => {
    const t = await text(
      await statementPdf({
        statement,
        creator: { handle: "ana", displayName: "Ana", legalName: "Ana García López" },
        company,
        publishedOn: "3 December 2026",
        withholding: irpf15,
      }),
    );
    expect(t).toContain("Monthly statement: November 2026");
    expect(t).toContain("published 3 December 2026");
    expect(t).toContain("Ana @ana");
    expect(t).toContain("Legal name Ana García López");
    expect(t).toContain("15 Nov 2026 Monthly ES 1/1 EUR 10.00 EUR 1.74 (21%) EUR 0.40 EUR 7.86 EUR 5.50");
    expect(t).toContain("5 Sept 2026 Yearly DE 3/12 EUR 8.33 EUR 1.33 (19%) EUR 0.15 EUR 6.85 EUR 4.80");
    expect(t).toContain("Your share (70% of each payment's net) EUR 10.30");
  });

  it("shows the pool's whole computation: EUR 20,000 net, a EUR 10,000 pool, 3,000 of 150,000 points, EUR 200.00", async () => {
    const t = await text(
      await statementPdf({
        statement,
        creator: { handle: "ana", displayName: null, legalName: null },
        company,
        publishedOn: "3 December 2026",
        withholding: irpf15,
      }),
    );
    expect(t).toContain("Net Premium revenue of the month EUR 20,000.00");
    expect(t).toContain("The pool (50% of net Premium revenue) EUR 10,000.00");
    expect(t).toContain("Engagement points of all creators 150,000");
    expect(t).toContain("Your engagement points 3,000");
    expect(t).toContain("EUR 10,000.00 × 3,000 ÷ 150,000 EUR 200.00 exactly");
    expect(t).toContain("Rounded down to the cent EUR 200.00");
    expect(t).toContain("Your pool earnings EUR 200.00");
    expect(t).toContain("The cents left over go");
    expect(t).toContain("largest remainders");
  });

  it("shows refunds, the payout with what was withheld, the balance and the next payout's withholding", async () => {
    const t = await text(
      await statementPdf({
        statement,
        creator: { handle: "ana", displayName: null, legalName: null },
        company,
        publishedOn: "3 December 2026",
        withholding: irpf15,
      }),
    );
    expect(t).toContain("Balance at the start of the month EUR 60.00");
    expect(t).toContain("Refunds and chargebacks -EUR 5.50");
    expect(t).toContain("20 Nov 2026 · Refund of a Supporter payment -EUR 5.50");
    expect(t).toContain("Payouts -EUR 60.00");
    expect(t).toContain("Sent to your bank account: EUR 51.00; withheld: EUR 9.00 (IRPF at the general 15% rate).");
    expect(t).toContain("Balance at the end of the month (owed to you) EUR 204.80");
    // 15% of 204.80 = 30.72.
    expect(t).toContain("Withheld from the payout: IRPF at the general 15% rate -EUR 30.72");
    expect(t).toContain("Payable to your bank account EUR 174.08");
  });

  it("says a balance under EUR 50 is carried over, and that withholding waits for the tax settings", async () => {
    const small = { ...statement, closingBalance: cents(5_50) };
    expect(
      await text(
        await statementPdf({ statement: small, creator: { handle: "a", displayName: null, legalName: null }, company, publishedOn: "x", withholding: irpf15 }),
      ),
    ).toContain("It is below the EUR 50.00 minimum and is carried over");
    expect(
      await text(await statementPdf({ statement, creator: { handle: "a", displayName: null, legalName: null }, company, publishedOn: "x", withholding: null })),
    ).toContain("depends on your tax settings, which are not filled in yet");
  });

  it("carries a long list of payments over several pages", async () => {
    const many = { ...statement, supporter: { ...statement.supporter, lines: Array.from({ length: 120 }, (_, i) => ({ ...monthly, paymentId: `p${i}` })) } };
    const bytes = await statementPdf({
      statement: many,
      creator: { handle: "a", displayName: null, legalName: null },
      company,
      publishedOn: "x",
      withholding: irpf15,
    });
    // pdf.js takes the bytes it reads (transfers them): each reader gets a copy.
    const pdf = await getDocumentProxy(bytes.slice());
    expect(pdf.numPages).toBeGreaterThan(2);
    expect((await text(bytes)).match(/EUR 7\.86 EUR 5\.50/g)).toHaveLength(120);
  });

  it("writes the pool's quotient exactly", () => {
    expect(exactQuotient(cents(10_000_00), 3_000, 150_000)).toBe("EUR 200.00 exactly");
    // 1,000.00 × 1 ÷ 3 = 33,333.33… cents.
    expect(exactQuotient(cents(1_000_00), 1, 3)).toBe("EUR 333.33 and 1/3 of a cent");
  });
});

describe("the self-billed invoice PDF", () => {
  const input = (vat: ReturnType<typeof invoiceVat>, vatNumber: string | null): InvoicePdfInput => ({
    number: "SB-ABCDEFGH-2026-11",
    issuedOn: "3 December 2026",
    period: "1–30 November 2026",
    monthLabel: "November 2026",
    supplier: {
      legalName: "Ana García López",
      taxId: "12345678Z",
      taxIdLabel: "NIF",
      vatNumber,
      addressLines: ["Calle Mayor 1", "28013 Madrid", "Spain"],
      handle: "ana",
    },
    company,
    recipientVatNumber: "ESB67123456",
    agreedOn: "1 November 2026",
    parts: { supporters: 5_50, pool: 200_00, adjustments: 0 },
    amounts: invoiceAmounts(cents(205_50), vat, irpf15),
  });

  it("adds Spanish VAT for a VAT-registered creator in Spain and withholds IRPF", async () => {
    const t = await text(await invoicePdf(input(invoiceVat({ taxResidenceCountry: "ES", vatNumber: "ES12345678Z" }), "ES12345678Z")));
    expect(t).toContain("Self-billed invoice SB-ABCDEFGH-2026-11");
    expect(t).toContain("Facturación por el destinatario");
    expect(t).toContain("Date of issue 3 December 2026");
    expect(t).toContain("Period of supply 1–30 November 2026");
    expect(t).toMatch(/Supplier \(issuer\)\s+Ana García López\s+NIF 12345678Z\s+VAT number ES12345678Z\s+Calle Mayor 1/);
    expect(t).toMatch(/Recipient\s+Spotfolio Maps S\.L\.\s+NIF B67123456/);
    expect(t).toContain("Supporter earnings (70% of net Supporter revenue) EUR 5.50");
    expect(t).toContain("Premium revenue pool earnings EUR 200.00");
    expect(t).toContain("Taxable base EUR 205.50");
    expect(t).toContain("Spanish VAT (IVA) at 21% EUR 43.16");
    expect(t).toContain("Invoice total EUR 248.66");
    expect(t).toContain("IRPF withheld (15%) -EUR 30.83");
    expect(t).toContain("Amount payable EUR 217.83");
    expect(t).toContain("under article 5 of Royal");
  });

  it("states the reverse charge for a VAT-registered creator elsewhere in the EU", async () => {
    const t = await text(await invoicePdf(input(invoiceVat({ taxResidenceCountry: "FR", vatNumber: "FR40303265045" }), "FR40303265045")));
    expect(t).toContain("VAT EUR 0.00");
    expect(t).toContain("Invoice total EUR 205.50");
    expect(t).toContain("Reverse charge: VAT to be accounted for by the recipient");
    expect(t).toContain("Supplier's VAT number: FR40303265045; recipient's VAT number: ESB67123456.");
  });
});
