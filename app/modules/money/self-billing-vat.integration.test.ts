/**
 * The VAT of self-billed invoices through the real close and the real payout run: a VAT-registered
 * creator resident in Spain is paid their share plus 21% VAT on it less IRPF on the share, to the
 * cent, with the VAT posted in the payout's ledger transaction; a VAT-registered creator elsewhere
 * in the EU is invoiced under the reverse charge (no VAT paid); an unregistered creator as before.
 * The invoice is issued at the close with the tax settings of that moment, so a later change of
 * settings changes neither it nor the payout; a second run, or the next month's, adds nothing.
 */
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { sepaSchemaErrors } from "../../../tests/fixtures/sepa-schema";
import { pay } from "../../../tests/money/world";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { stubTestEnv } from "../../../tests/setup/env";
import { emailOutbox, payouts } from "#db/schema";
import { ledgerTransactions, selfBilledInvoices } from "#db/schema/ledger";
import { createCreator, createProfile } from "#db/seed/factories";
import { getPrivateObject } from "~/modules/storage/index.server";
import { closeMonth } from "./close.server";
import { creatorPayoutsOverview } from "./creator-payouts.server";
import { invoiceDocument, revenueDocuments, selfBilledInvoiceOf, statementDocument } from "./documents.server";
import { balance, ledgerTotal, owedTo } from "./ledger.server";
import { requestPayoutDetails } from "./payout-details.server";
import { runPayouts } from "./payout-run.server";
import { selfBilledInvoiceNumber } from "./self-billing";
import { withholdingCertificates } from "./tax-reports.server";
import { saveTaxSettings } from "./tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "./validation";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("self-billing-vat");
const db = await setupTestDatabase();

const CLI = { userId: null, ip: null };
const ON_FILE = new Date("2026-11-02T09:00:00Z");
const NOV_15 = new Date("2026-11-15T10:00:00Z");
const DEC_3 = new Date("2026-12-03T09:00:00Z");
const DEC_15 = new Date("2026-12-15T08:00:00Z");
const JAN_3 = new Date("2027-01-03T09:00:00Z");
const JAN_15 = new Date("2027-01-15T08:00:00Z");

// Each creator's legal name is given where the form is posted.
const SPANISH = spanishTaxForm({ selfBilling: "on" });
const FRENCH = {
  taxResidenceCountry: "FR",
  entityType: "individual",
  taxId: "FR40303265045",
  vatRegistered: "on",
  vatNumber: "FR40303265045",
  address: "12 Rue de Rivoli",
  postalCode: "75004",
  city: "Paris",
  addressCountry: "FR",
  dateOfBirth: "1985-03-09",
  selfBilling: "on",
};

async function saveSettings(creatorId: string, form: Record<string, string>, now: Date, certificate?: Uint8Array) {
  const input = parseTaxSettings(form);
  if (!input.ok) throw new Error(JSON.stringify(input.errors));
  expect(await saveTaxSettings(db, creatorId, input.data, { now, certificate })).toMatchObject({ ok: true });
}

/** A creator with tax settings (self-billing agreed) and a bank account, and a EUR 100.00 Spanish supporter in November: a EUR 56.62 share. */
async function creatorEarning5662(legalName: string, form: Record<string, string>, options: { certificate?: boolean; iban?: string } = {}) {
  const { profile, user } = await createCreator(db);
  const certificate = options.certificate ? new TextEncoder().encode("%PDF-1.4 certificate") : undefined;
  await saveSettings(profile.id, { ...form, legalName }, ON_FILE, certificate);
  const bank = parsePayoutDetails({ holderName: legalName, iban: options.iban ?? "ES9121000418450200051332", bic: "" }, legalName);
  if (!bank.ok) throw new Error(JSON.stringify(bank.errors));
  expect(await requestPayoutDetails(db, profile.id, bank.data, { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now: ON_FILE })).toMatchObject({
    applied: true,
  });
  const { user: member } = await createProfile(db);
  // EUR 100.00 in Spain, local provider: VAT 17.36, fee 1.75, net 80.89, share 70% = 56.62.
  await pay(db, { userId: member.id, tier: "supporter", creatorId: profile.id, grossCents: 100_00, country: "ES", periodStart: NOV_15 });
  return { id: profile.id, email: user.email, handle: profile.handle };
}

async function close(month: string, now: Date) {
  const result = await closeMonth(db, month, { actor: CLI, now });
  if (!result.ok) throw new Error(result.error);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  // One space for every run of white space: a long line wraps where the layout decides.
  return text.replace(/\s+/g, " ");
}

const payoutRows = (creatorId: string) => db.select().from(payouts).where(eq(payouts.creatorId, creatorId));

describe("self-billed invoices' VAT in the payout", () => {
  it("pays a VAT-registered Spanish creator share + 21% VAT − 15% IRPF on the share: 56.62 + 11.89 − 8.49 = 60.02", async () => {
    const lucia = await creatorEarning5662("Lucía Fernández Ruiz", { ...SPANISH, vatRegistered: "on", vatNumber: "ES12345678Z" });
    await close("2026-11", DEC_3);
    const number = selfBilledInvoiceNumber(lucia.id, "2026-11");

    // Issued at the close: VAT 21% of 56.62 = 11.8902 → 11.89; IRPF 15% of 56.62 = 8.493 → 8.49.
    expect(await selfBilledInvoiceOf(db, lucia.id, "2026-11")).toMatchObject({
      number,
      issued: true,
      payoutId: null,
      parts: { supporters: 56_62, pool: 0, adjustments: 0, base: 56_62 },
      amounts: { base: 56_62, vatAmount: 11_89, total: 68_51, withheld: 8_49, payable: 60_02, vat: { kind: "spanish-vat", percent: 21 } },
    });
    // The Studio before the run: the balance, the VAT the payout adds, the IRPF it withholds.
    const before = await creatorPayoutsOverview(db, lucia.id, DEC_15);
    expect(before).toMatchObject({ owed: 56_62, vatOwed: 11_89, next: { balance: 56_62, vat: 11_89, withheld: 8_49, net: 60_02 } });
    expect((await revenueDocuments(db, lucia.id)).months[0]).toMatchObject({
      invoice: number,
      invoiceAmounts: { base: 56_62, vat: 11_89, vatKind: "spanish-vat", withheld: 8_49, payable: 60_02, paid: false },
    });
    const novemberBefore = await pdfText((await statementDocument(db, lucia.id, "2026-11"))!.bytes);
    expect(novemberBefore).toContain(`Self-billed invoice ${number}`);
    expect(novemberBefore).toContain("VAT: Spanish VAT (IVA) at 21% EUR 11.89");
    expect(novemberBefore).toContain("Amount payable on the invoice EUR 60.02");
    expect(novemberBefore).toContain("VAT of your self-billed invoices, paid with the balance EUR 11.89");
    expect(novemberBefore).toContain("Withheld from the payout: IRPF at the general 15% rate -EUR 8.49");
    expect(novemberBefore).toContain("Payable to your bank account EUR 60.02");

    const result = await runPayouts(db, { month: "2026-11", now: DEC_15, actor: CLI, origin: "https://spotfolio.test" });
    if (!result.ok || !result.run) throw new Error("no run");
    expect(result.paid).toEqual([expect.objectContaining({ creatorId: lucia.id, amount: 56_62, vat: 11_89, withheld: 8_49, net: 60_02, invoices: [number] })]);
    expect(result.run).toMatchObject({ transfers: 1, gross: 56_62, vat: 11_89, withheld: 8_49, net: 60_02 });

    // The payout, with the VAT and the settings it was computed from.
    const [payout] = await payoutRows(lucia.id);
    expect(payout).toMatchObject({ amountCents: 56_62, vatCents: 11_89, vatKind: "spanish-vat", vatPercent: 21, withholdingCents: 8_49, netCents: 60_02 });
    expect(payout.taxSnapshot).toMatchObject({ legalName: "Lucía Fernández Ruiz", vatNumber: "ES12345678Z", taxResidenceCountry: "ES", invoices: [number] });
    const [invoiceRow] = await db.select().from(selfBilledInvoices).where(eq(selfBilledInvoices.creatorId, lucia.id));
    expect(invoiceRow.payoutId).toBe(payout.id);

    // The ledger: one payout transaction, balanced, with the VAT as input VAT recoverable.
    const [tx] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payout:2026-11:${lucia.id}`));
    expect(tx.details).toMatchObject({ amount: 56_62, vat: 11_89, withheld: 8_49, net: 60_02, invoices: [number] });
    expect(await owedTo(db, lucia.id)).toBe(0);
    expect(await balance(db, "vat_recoverable", "ES")).toBe(11_89);
    expect(await balance(db, "withholding_payable")).toBe(-8_49);
    expect(await balance(db, "bank")).toBe(-60_02 + (await bankBefore()));
    expect(await ledgerTotal(db)).toBe(0);

    // The SEPA file carries what was paid.
    const xml = new TextDecoder().decode((await getPrivateObject("documents", result.run.fileKey))!);
    expect(xml).toContain('<InstdAmt Ccy="EUR">60.02</InstdAmt>');
    expect(xml).toContain("<CtrlSum>60.02</CtrlSum>");
    expect(await sepaSchemaErrors(xml)).toEqual([]);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, lucia.email));
    expect(mail.subject).toContain("€60.02");
    expect(mail.text).toContain("Your self-billed invoices charge €11.89 of Spanish VAT (IVA)");

    // The year's withholding certificate data: base + VAT − withheld = paid to the bank.
    const certificates = await withholdingCertificates(db, 2026);
    expect(certificates.filter((r) => r.creatorId === lucia.id)).toEqual([
      expect.objectContaining({ baseCents: 56_62, vatCents: 11_89, withheldCents: 8_49, netCents: 60_02 }),
    ]);

    // The Studio after: the payout with its VAT, nothing more owed.
    const after = await creatorPayoutsOverview(db, lucia.id, DEC_15);
    expect(after).toMatchObject({ owed: 0, vatOwed: 0, next: null });
    expect(after.history).toEqual([expect.objectContaining({ amount: 56_62, vat: 11_89, vatKind: "spanish-vat", withheld: 8_49, net: 60_02 })]);
    expect((await revenueDocuments(db, lucia.id)).months[0].invoiceAmounts).toMatchObject({ paid: true });

    // The invoice PDF's VAT lines.
    const invoice = await pdfText((await invoiceDocument(db, lucia.id, "2026-11"))!.bytes);
    expect(invoice).toContain("Taxable base EUR 56.62");
    expect(invoice).toContain("Spanish VAT (IVA) at 21% EUR 11.89");
    expect(invoice).toContain("Invoice total EUR 68.51");
    expect(invoice).toContain("IRPF withheld (15%) -EUR 8.49");
    expect(invoice).toContain("Amount payable EUR 60.02");
    expect(invoice).toMatch(/Recipient Spotfolio Maps S\.L\. NIF B67123456 VAT number ESB67123456/);

    // December's statement (the month the money left) shows the payout with its VAT.
    await close("2026-12", JAN_3);
    const december = await pdfText((await statementDocument(db, lucia.id, "2026-12"))!.bytes);
    expect(december).toContain(
      "Sent to your bank account: EUR 60.02; withheld: EUR 8.49 (IRPF at the general 15% rate); VAT of your self-billed invoices, paid on top of the balance: EUR 11.89.",
    );
    expect(december).not.toContain("VAT of your self-billed invoices, paid with the balance");

    // Run again, and the next month's run: nothing more is paid, the VAT not twice.
    const transactions = await db.$count(ledgerTransactions);
    expect(await runPayouts(db, { month: "2026-11", now: JAN_15, actor: CLI })).toMatchObject({ ok: true, alreadyRun: true, paid: [] });
    expect(await runPayouts(db, { month: "2026-12", now: JAN_15, actor: CLI })).toMatchObject({ ok: true, run: null, paid: [] });
    expect(await db.$count(ledgerTransactions)).toBe(transactions);
    expect(await payoutRows(lucia.id)).toHaveLength(1);
    expect(await balance(db, "vat_recoverable", "ES")).toBe(11_89);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("invoices a VAT-registered creator in France under the reverse charge: no VAT paid, both VAT numbers on the invoice", async () => {
    const camille = await creatorEarning5662("Camille Martin", FRENCH, { certificate: true, iban: "FR1420041010050500013M02606" });
    await close("2026-11", DEC_3);
    const result = await runPayouts(db, { month: "2026-11", now: DEC_15, actor: CLI });
    if (!result.ok || !result.run) throw new Error("no run");
    // A certificate of tax residence is on file: nothing withheld.
    expect(result.paid).toEqual([expect.objectContaining({ creatorId: camille.id, amount: 56_62, vat: 0, withheld: 0, net: 56_62 })]);
    const [payout] = await payoutRows(camille.id);
    expect(payout).toMatchObject({ vatCents: 0, vatKind: "reverse-charge", netCents: 56_62 });
    expect(await balance(db, "vat_recoverable", "ES")).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
    const xml = new TextDecoder().decode((await getPrivateObject("documents", result.run.fileKey))!);
    expect(xml).toContain('<InstdAmt Ccy="EUR">56.62</InstdAmt>');

    const invoice = await pdfText((await invoiceDocument(db, camille.id, "2026-11"))!.bytes);
    expect(invoice).toContain("Taxable base EUR 56.62");
    expect(invoice).toContain("VAT EUR 0.00");
    expect(invoice).toContain("Invoice total EUR 56.62");
    expect(invoice).toContain("Reverse charge: VAT to be accounted for by the recipient");
    expect(invoice).toContain("Supplier's VAT number: FR40303265045; recipient's VAT number: ESB67123456.");
    expect(invoice).toContain("Amount payable EUR 56.62");
  });

  it("charges no VAT for a creator not registered for VAT: 56.62 − 8.49 = 48.13, as before", async () => {
    const pere = await creatorEarning5662("Pere Vila Soler", SPANISH);
    await close("2026-11", DEC_3);
    const result = await runPayouts(db, { month: "2026-11", now: DEC_15, actor: CLI });
    if (!result.ok || !result.run) throw new Error("no run");
    expect(result.paid).toEqual([expect.objectContaining({ creatorId: pere.id, amount: 56_62, vat: 0, withheld: 8_49, net: 48_13 })]);
    expect(await payoutRows(pere.id)).toEqual([expect.objectContaining({ vatCents: 0, vatKind: "none", netCents: 48_13 })]);
    const invoice = await pdfText((await invoiceDocument(db, pere.id, "2026-11"))!.bytes);
    expect(invoice).toContain("VAT EUR 0.00");
    expect(invoice).toContain("No VAT charged: the supplier is not registered for VAT");
    expect(invoice).toContain("Amount payable EUR 48.13");
  });

  it("keeps the invoice as issued when the tax settings change afterwards, and pays the VAT the invoice charged", async () => {
    const lucia = await creatorEarning5662("Lucía Fernández Ruiz", { ...SPANISH, vatRegistered: "on", vatNumber: "ES12345678Z" });
    await close("2026-11", DEC_3);
    const issued = await pdfText((await invoiceDocument(db, lucia.id, "2026-11"))!.bytes);
    const figures = await selfBilledInvoiceOf(db, lucia.id, "2026-11");

    // After the close, before the run: a new address, no longer VAT-registered.
    const [first] = await db.select({ id: selfBilledInvoices.id }).from(selfBilledInvoices).where(eq(selfBilledInvoices.creatorId, lucia.id));
    await saveSettings(lucia.id, { ...SPANISH, legalName: "Lucía Fernández Ruiz", address: "Calle Nueva 9", city: "Sevilla", postalCode: "41001" }, DEC_3);
    const result = await runPayouts(db, { month: "2026-11", now: DEC_15, actor: CLI });
    if (!result.ok) throw new Error(result.error);
    // The invoice of November charged VAT: its payout pays it.
    expect(result.paid).toEqual([expect.objectContaining({ amount: 56_62, vat: 11_89, withheld: 8_49, net: 60_02 })]);

    // After the run: another name and address, self-billing withdrawn.
    await saveSettings(
      lucia.id,
      { ...SPANISH, legalName: "Lucía F.", address: "Av. Diagonal 1", city: "Barcelona", postalCode: "08019", selfBilling: "" },
      new Date("2026-12-20T10:00:00Z"),
    );
    expect(await selfBilledInvoiceOf(db, lucia.id, "2026-11")).toEqual({ ...figures, payoutId: result.paid[0].payoutId });
    const again = await pdfText((await invoiceDocument(db, lucia.id, "2026-11"))!.bytes);
    expect(again).toBe(issued);
    expect(again).toContain("Lucía Fernández Ruiz");
    expect(again).toContain("Calle Mayor 1");
    expect(again).not.toContain("Diagonal");
    expect(again).toContain("Spanish VAT (IVA) at 21% EUR 11.89");
    expect((await revenueDocuments(db, lucia.id)).months[0].invoice).toBe(selfBilledInvoiceNumber(lucia.id, "2026-11"));
    const [row] = await db.select({ id: selfBilledInvoices.id }).from(selfBilledInvoices).where(eq(selfBilledInvoices.creatorId, lucia.id));
    expect(row.id).toBe(first.id);
    // The database refuses to change an issued invoice.
    await expect(
      db.execute(sql`update self_billed_invoices set vat_cents = 0, total_cents = base_cents, payable_cents = base_cents - withheld_cents`),
    ).rejects.toThrow();
  });

  it("issues, at the payout run, the invoice of a month closed before invoices were kept, and pays its VAT once", async () => {
    const lucia = await creatorEarning5662("Lucía Fernández Ruiz", { ...SPANISH, vatRegistered: "on", vatNumber: "ES12345678Z" });
    await close("2026-11", DEC_3);
    // As a month closed before this table existed: no invoice row.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('spotfolio.erase_ledger', 'on', true)`);
      await tx.delete(selfBilledInvoices);
    });
    expect(await selfBilledInvoiceOf(db, lucia.id, "2026-11")).toMatchObject({ issued: false, amounts: { vatAmount: 11_89 } });

    const failing = { put: () => Promise.reject(new Error("disk full")), remove: () => Promise.resolve() };
    await expect(runPayouts(db, { month: "2026-11", now: DEC_15, actor: CLI, storage: failing })).rejects.toThrow("disk full");
    // Rolled back whole: not even the invoice it issued.
    expect(await db.$count(selfBilledInvoices)).toBe(0);
    expect(await db.$count(payouts)).toBe(0);

    const result = await runPayouts(db, { month: "2026-11", now: DEC_15, actor: CLI });
    expect(result).toMatchObject({ ok: true, paid: [{ amount: 56_62, vat: 11_89, withheld: 8_49, net: 60_02 }] });
    expect(await selfBilledInvoiceOf(db, lucia.id, "2026-11")).toMatchObject({ issued: true, issuedAt: DEC_3, amounts: { vatAmount: 11_89 } });
    expect(await balance(db, "vat_recoverable", "ES")).toBe(11_89);
    expect(await ledgerTotal(db)).toBe(0);
  });
});

/** The bank account's balance before the payouts (member payments' cash): read from the ledger. */
async function bankBefore(): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`
    select coalesce(sum(p.amount_cents), 0)::float8 as total from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account = 'bank' and t.kind <> 'payout'`);
  return rows[0].total;
}
