/**
 * A creator's documents through the real close: the terms' pool example read back from the
 * statement PDF, which months are published and invoiced (the self-billing agreement's date, a
 * month taken back by a refund), an invoice whose base is what the ledger says the month earned,
 * with Spanish VAT for a VAT-registered creator, and a refund after the close on the next month's
 * statement.
 */
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { pay } from "../../../tests/money/world";
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
  it("shows the terms' pool example: EUR 20,000 of net Premium revenue, a EUR 10,000 pool, 3,000 of 150,000 points, EUR 200.00", async () => {
    const { profile: small } = await createCreator(db);
    const { profile: large } = await createCreator(db);
    const { spots: smallSpots } = await createMap(db, {}, { ownerId: small.id, spots: 100 });
    const { spots: largeSpots } = await createMap(db, {}, { ownerId: large.id, spots: 100 });
    const { user: payer } = await createProfile(db);
    await pay(db, { userId: payer.id, tier: "premium", grossCents: 20_000_00, country: "US", provider: "stripe", feeCents: 0, periodStart: NOV_10 });
    // 1,500 paying members each view 100 spots once: 30 of them the small creator's (3,000 points).
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'doc-member-' || g, 'Member ' || g, 'doc-member-' || g || '@example.com', true from generate_series(1, 1500) g`);
    await db.execute(sql`
      insert into payments (user_id, kind, provider, provider_payment_id, amount_cents, status, paid_at, period_start, period_end)
      select 'doc-member-' || g, 'platform', 'local', 'doc-pay-' || g, 500, 'succeeded', ${NOV_10.toISOString()}::timestamptz,
             ${NOV_10.toISOString()}::timestamptz, ${NOV_10.toISOString()}::timestamptz + interval '1 month'
      from generate_series(1, 1500) g`);
    const ids = (list: { id: string }[]) => sql.raw(`array[${list.map((s) => `'${s.id}'`).join(",")}]::text[]`);
    await db.execute(sql`
      insert into events (type, user_id, target_type, target_id, created_at)
      select 'spot_viewed', 'doc-member-' || g, 'spot', s, ${NOV_15.toISOString()}::timestamptz
      from generate_series(1, 1500) g, unnest(case when g <= 30 then ${ids(smallSpots)} else ${ids(largeSpots)} end) s`);
    await closed("2026-11", DEC_3);

    const file = await statementDocument(db, small.id, "2026-11");
    expect(file?.filename).toBe(`statement-${small.handle}-2026-11.pdf`);
    const text = await pdfText(file!.bytes);
    expect(text).toContain("Net Premium revenue of the month EUR 20,000.00");
    expect(text).toContain("The pool (50% of net Premium revenue) EUR 10,000.00");
    expect(text).toContain("Engagement points of all creators 150,000");
    expect(text).toContain("Your engagement points 3,000");
    expect(text).toContain("EUR 10,000.00 × 3,000 ÷ 150,000 EUR 200.00 exactly");
    expect(text).toContain("Your pool earnings EUR 200.00");
    expect(text).toContain("Balance at the end of the month (owed to you) EUR 200.00");
    // No tax settings yet: the statement says what the payout's withholding waits for.
    expect(text).toContain("depends on your tax settings, which are not filled in yet");
    // The large creator's statement has their own figures, never the small one's.
    const largeText = await pdfText((await statementDocument(db, large.id, "2026-11"))!.bytes);
    expect(largeText).toContain("Your engagement points 147,000");
    expect(largeText).toContain("Your pool earnings EUR 9,800.00");
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
