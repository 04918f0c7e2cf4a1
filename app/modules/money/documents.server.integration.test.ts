/**
 * A creator's documents through the real close: the pool's computation read back from the
 * statement PDF (a leftover cent by the largest remainder), which months are published and invoiced (the self-billing agreement's date, a
 * month taken back by a refund), an invoice whose base is what the ledger says the month earned,
 * with Spanish VAT for a VAT-registered creator, and a refund after the close on the next month's
 * statement.
 */
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { pay, viewSpots } from "../../../tests/money/world";
import { setupTestDatabase } from "../../../tests/setup/database";
import { taxSettings } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { closeMonth } from "./close.server";
import { invoiceDocument, revenueDocuments, selfBilledInvoiceOf, statementDocument } from "./documents.server";
import { refundPayment } from "./refunds.server";
import { selfBilledInvoiceNumber } from "./self-billing";

const db = await setupTestDatabase();

const CLI = { userId: null, ip: null };
const NOV_10 = new Date("2026-11-10T10:00:00Z");
const NOV_15 = new Date("2026-11-15T10:00:00Z");
const DEC_3 = new Date("2026-12-03T09:00:00Z");
const JAN_3 = new Date("2027-01-03T09:00:00Z");

async function closed(month: string, now: Date) {
  const result = await closeMonth(db, month, { actor: CLI, now });
  if (!result.ok) throw new Error(result.error);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

async function agreeToSelfBilling(creatorId: string, at: Date, vat: { country: string; vatNumber: string | null } = { country: "ES", vatNumber: null }) {
  await db.insert(taxSettings).values({
    creatorId,
    entityType: "individual",
    legalName: "Marta Puig Serra",
    taxResidenceCountry: vat.country,
    taxId: "12345678Z",
    taxIdKind: "nif",
    vatRegistered: vat.vatNumber !== null,
    vatNumber: vat.vatNumber,
    irpfPercent: vat.country === "ES" ? 15 : null,
    address: "Carrer Gran 5",
    postalCode: "08012",
    city: "Barcelona",
    addressCountry: "ES",
    dateOfBirth: "1988-02-03",
    selfBillingAgreedAt: at,
  });
}

describe("the statement PDF of a closed month", () => {
  it("shows the pool's whole computation through the real close, the leftover cent by the largest remainder included", async () => {
    // The terms' own example (EUR 200.00 of a EUR 10,000 pool) needs 150,000 points: the close's
    // test builds it, and statement-pdf.server.test.ts reads it off the PDF. Here a small month
    // whose split leaves a cent over: a EUR 50.00 pool, 2 and 1 points.
    const { profile: a } = await createCreator(db);
    const { profile: b } = await createCreator(db);
    const { spots: aSpots } = await createMap(db, {}, { ownerId: a.id, spots: 2 });
    const { spots: bSpots } = await createMap(db, {}, { ownerId: b.id, spots: 1 });
    const members = await Promise.all([createProfile(db), createProfile(db), createProfile(db)]);
    // EUR 100.00 of Premium from outside the EU, no fee: net EUR 100.00, a EUR 50.00 pool.
    for (const [i, gross] of [40_00, 30_00, 30_00].entries()) {
      await pay(db, { userId: members[i].user.id, tier: "premium", grossCents: gross, country: "US", provider: "stripe", feeCents: 0, periodStart: NOV_10 });
    }
    await viewSpots(
      db,
      members[0].user.id,
      aSpots.map((s) => s.id),
      NOV_15,
    );
    await viewSpots(
      db,
      members[1].user.id,
      bSpots.map((s) => s.id),
      NOV_15,
    );
    await closed("2026-11", DEC_3);

    const file = await statementDocument(db, b.id, "2026-11");
    expect(file?.filename).toBe(`statement-${b.handle}-2026-11.pdf`);
    const text = await pdfText(file!.bytes);
    expect(text).toContain("Net Premium revenue of the month EUR 100.00");
    expect(text).toContain("The pool (50% of net Premium revenue) EUR 50.00");
    expect(text).toContain("Engagement points of all creators 3");
    expect(text).toContain("Your engagement points 1");
    // 5,000 cents × 1 ÷ 3 = 1,666 and 2/3: the larger remainder (2 against 1) takes the cent left over.
    expect(text).toContain("EUR 50.00 × 1 ÷ 3 EUR 16.66 and 2/3 of a cent");
    expect(text).toContain("Rounded down to the cent EUR 16.66");
    expect(text).toContain("One of the leftover cents (largest remainder) EUR 0.01");
    expect(text).toContain("Your pool earnings EUR 16.67");
    expect(text).toContain("Balance at the end of the month (owed to you) EUR 16.67");
    expect(text).toContain("It is below the EUR 50.00 minimum and is carried over");
    const aText = await pdfText((await statementDocument(db, a.id, "2026-11"))!.bytes);
    expect(aText).toContain("EUR 50.00 × 2 ÷ 3 EUR 33.33 and 1/3 of a cent");
    expect(aText).toContain("One of the leftover cents (largest remainder) EUR 0.00");
    expect(aText).toContain("Your pool earnings EUR 33.33");
  });

  it("puts a refund after the close on the next month's statement, and the month taken back has no invoice", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    await agreeToSelfBilling(creator.id, new Date("2026-10-01T10:00:00Z"));
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    await refundPayment(db, paymentId, 10_00, { actor: CLI, now: new Date("2026-12-05T10:00:00Z") });
    await closed("2026-12", JAN_3);

    const { months, selfBilling } = await revenueDocuments(db, creator.id);
    expect(selfBilling).toBe(true);
    expect(months.map((m) => ({ month: m.month, earned: m.earned, closingBalance: m.closingBalance, invoice: m.invoice }))).toEqual([
      { month: "2026-12", earned: -5_50, closingBalance: 0, invoice: null },
      { month: "2026-11", earned: 5_50, closingBalance: 5_50, invoice: selfBilledInvoiceNumber(creator.id, "2026-11") },
    ]);
    const december = await pdfText((await statementDocument(db, creator.id, "2026-12"))!.bytes);
    expect(december).toContain("Balance at the start of the month EUR 5.50");
    expect(december).toContain("Refunds and chargebacks -EUR 5.50");
    expect(december).toContain("Balance at the end of the month (owed to you) EUR 0.00");
    expect(await invoiceDocument(db, creator.id, "2026-12")).toBeNull();
    expect(await invoiceDocument(db, creator.id, "2026-11")).not.toBeNull();
  });
});

describe("the self-billed invoice", () => {
  it("invoices what the month earned, with Spanish VAT for a VAT-registered creator in Spain and IRPF withheld", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: a } = await createProfile(db);
    const { user: b } = await createProfile(db);
    await agreeToSelfBilling(creator.id, new Date("2026-11-20T10:00:00Z"), { country: "ES", vatNumber: "ES12345678Z" });
    await pay(db, {
      userId: a.id,
      tier: "supporter",
      creatorId: creator.id,
      grossCents: 10_00,
      country: "ES",
      provider: "stripe",
      feeCents: 40,
      periodStart: NOV_15,
    });
    await pay(db, {
      userId: b.id,
      tier: "supporter",
      creatorId: creator.id,
      grossCents: 10_00,
      country: "ES",
      provider: "stripe",
      feeCents: 40,
      periodStart: NOV_10,
    });
    await closed("2026-11", DEC_3);

    const invoice = await selfBilledInvoiceOf(db, creator.id, "2026-11");
    // Two EUR 5.50 shares: base 11.00; VAT 21% 2.31; IRPF 15% 1.65.
    expect(invoice).toMatchObject({
      number: selfBilledInvoiceNumber(creator.id, "2026-11"),
      parts: { supporters: 11_00, pool: 0, adjustments: 0, base: 11_00 },
      amounts: { base: 11_00, vatAmount: 2_31, total: 13_31, withheld: 1_65, payable: 11_66, vat: { kind: "spanish-vat", percent: 21 } },
    });
    // The list's figure comes from the ledger, the invoice's from the statement: the same.
    expect((await revenueDocuments(db, creator.id)).months[0].earned).toBe(invoice!.amounts.base);
    const text = await pdfText((await invoiceDocument(db, creator.id, "2026-11"))!.bytes);
    expect(text).toContain("Marta Puig Serra");
    expect(text).toContain("VAT number ES12345678Z");
    expect(text).toContain("Taxable base EUR 11.00");
    expect(text).toContain("Spanish VAT (IVA) at 21% EUR 2.31");
    expect(text).toContain("Invoice total EUR 13.31");
    expect(text).toContain("IRPF withheld (15%) -EUR 1.65");
    expect(text).toContain("Amount payable EUR 11.66");
  });

  it("is not issued for a month closed before the creator agreed, nor without an agreement, nor for a month not closed", async () => {
    const { profile: agreedLate } = await createCreator(db);
    const { profile: never } = await createCreator(db);
    const { user: member } = await createProfile(db);
    await pay(db, { userId: member.id, tier: "supporter", creatorId: agreedLate.id, grossCents: 10_00, periodStart: NOV_15 });
    await pay(db, { userId: member.id, tier: "supporter", creatorId: never.id, grossCents: 10_00, periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    await agreeToSelfBilling(agreedLate.id, new Date("2026-12-04T10:00:00Z"));

    expect((await revenueDocuments(db, agreedLate.id)).months.map((m) => m.invoice)).toEqual([null]);
    expect(await invoiceDocument(db, agreedLate.id, "2026-11")).toBeNull();
    expect((await revenueDocuments(db, never.id)).selfBilling).toBe(false);
    expect(await invoiceDocument(db, never.id, "2026-11")).toBeNull();
    // Statements all the same; none for a month not closed, nor for another creator's id.
    expect(await statementDocument(db, never.id, "2026-11")).not.toBeNull();
    expect(await statementDocument(db, never.id, "2026-12")).toBeNull();
    expect(await statementDocument(db, "no-such-creator", "2026-11")).toBeNull();
    expect(await statementDocument(db, never.id, "2026-1")).toBeNull();
  });
});
