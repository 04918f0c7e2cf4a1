/**
 * The monthly payout run on a real database: who is paid (at least EUR 50 owed, nothing held),
 * with what withheld, what the ledger, the payouts, the outbox and the SEPA file in storage say
 * afterwards; the carry-over, the holds, a second run and a run that fails half-way.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sepaSchemaErrors } from "../../../tests/fixtures/sepa-schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { stubTestEnv } from "../../../tests/setup/env";
import { emailOutbox, payoutRuns, payouts } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { ledgerTransactions } from "#db/schema/ledger";
import { createCreator } from "#db/seed/factories";
import { getPrivateObject } from "~/modules/storage/index.server";
import { cents } from "./cents";
import { balance, creatorPayoutsOverview, ledgerTotal, owedTo, post, runPayouts } from "./index.server";
import { requestPayoutDetails } from "./payout-details.server";
import { saveTaxSettings } from "./tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "./validation";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("payout-run");
const db = await setupTestDatabase();

const onFile = new Date("2026-11-02T09:00:00Z");
const runAt = new Date("2026-12-15T08:00:00Z");
const cli = { userId: null, ip: null };

let n = 0;
/** Credit a creator's payable as the month close would (an adjustment here: the close is another room's work). */
async function credit(creatorId: string, amount: number) {
  await post(db, {
    idempotencyKey: `test-credit:${creatorId}:${++n}`,
    kind: "adjustment",
    cause: { type: "test", id: String(n) },
    month: "2026-11",
    creatorId,
    description: "Earnings (test)",
    occurredAt: new Date("2026-11-30T12:00:00Z"),
    postings: [
      { account: "creator_payable", ref: creatorId, amount: cents(-amount) },
      { account: "platform_revenue", amount: cents(amount) },
    ],
  });
}

/** A creator with complete tax settings and a bank account; `spanish` false: resident in Portugal with a certificate (nothing withheld). */
async function payableCreator(legalName: string, options: { spanish?: boolean; iban?: string } = {}) {
  const { profile, user } = await createCreator(db);
  const input = parseTaxSettings(
    options.spanish === false
      ? {
          taxResidenceCountry: "PT",
          entityType: "individual",
          legalName,
          taxId: "123456789",
          address: "Rua Augusta 10",
          postalCode: "1100-148",
          city: "Lisboa",
          addressCountry: "PT",
          dateOfBirth: "1988-02-01",
        }
      : spanishTaxForm({ legalName }),
  );
  if (!input.ok) throw new Error(JSON.stringify(input.errors));
  const certificate = options.spanish === false ? new TextEncoder().encode("%PDF-1.4 certificate") : undefined;
  expect(await saveTaxSettings(db, profile.id, input.data, { now: onFile, certificate })).toMatchObject({ ok: true });
  const bank = parsePayoutDetails({ holderName: legalName, iban: options.iban ?? "ES9121000418450200051332", bic: "" }, legalName);
  if (!bank.ok) throw new Error(JSON.stringify(bank.errors));
  expect(await requestPayoutDetails(db, profile.id, bank.data, { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now: onFile })).toMatchObject({
    applied: true,
  });
  return { id: profile.id, email: user.email };
}

const payoutRows = (creatorId: string) => db.select().from(payouts).where(eq(payouts.creatorId, creatorId));
const mailsTo = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe("the monthly payout run", () => {
  it("pays a creator owed EUR 60 with complete details: payout, ledger, email and a valid SEPA file", async () => {
    const ana = await payableCreator("Ana Portela", { spanish: false, iban: "DE89370400440532013000" });
    await credit(ana.id, 60_00);

    const result = await runPayouts(db, { month: "2026-11", now: runAt, actor: cli, origin: "https://spotfolio.test" });
    expect(result).toMatchObject({ ok: true, alreadyRun: false, paid: [{ creatorId: ana.id, amount: 60_00, withheld: 0, net: 60_00 }], skipped: [] });
    if (!result.ok || !result.run) throw new Error("no run");
    expect(result.run).toMatchObject({ month: "2026-11", executionDate: "2026-12-20", transfers: 1, gross: 60_00, withheld: 0, net: 60_00 });

    const [payout] = await payoutRows(ana.id);
    expect(payout).toMatchObject({ amountCents: 60_00, withholdingCents: 0, netCents: 60_00, status: "paid", runId: result.run.id, ibanLast4: "3000" });
    expect(payout.periodStart).toBe("2026-11-01");
    expect(payout.periodEnd).toBe("2026-11-30");
    expect(await owedTo(db, ana.id)).toBe(0);
    expect(await balance(db, "bank")).toBe(-60_00);
    expect(await ledgerTotal(db)).toBe(0);
    const [tx] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payout:2026-11:${ana.id}`));
    expect(tx).toMatchObject({ kind: "payout", creatorId: ana.id, month: "2026-12-01" });

    const [mail] = await mailsTo(ana.email);
    expect(mail).toMatchObject({ template: "payout-sent", subject: "Your Spotfolio payout of €60.00 is on its way" });
    expect(mail.text).toContain("DE •••• 3000");
    expect(mail.text).toContain("20 December 2026");
    expect(mail.text).toContain("https://spotfolio.test/studio/payouts");

    const bytes = await getPrivateObject("documents", result.run.fileKey);
    const xml = new TextDecoder().decode(bytes!);
    expect(await sepaSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<InstdAmt Ccy="EUR">60.00</InstdAmt>');
    expect(xml).toContain("<Nm>Ana Portela</Nm>");
    expect(xml).toContain("<IBAN>DE89370400440532013000</IBAN>");
    expect(xml).toContain("<StrtNm>Rua Augusta 10</StrtNm><PstCd>1100-148</PstCd><TwnNm>Lisboa</TwnNm><Ctry>PT</Ctry>");
    expect(xml).toContain("<Ustrd>Spotfolio payout 2026-11</Ustrd>");
    // The debtor is the company, with its own account and structured address.
    expect(xml).toContain(
      "<Nm>Spotfolio Maps S.L.</Nm><PstlAdr><StrtNm>Carrer de Pallars</StrtNm><BldgNb>108</BldgNb><PstCd>08018</PstCd><TwnNm>Barcelona</TwnNm><Ctry>ES</Ctry>",
    );
    expect(xml).toContain("<IBAN>ES9121000418450200051332</IBAN>");
    expect(xml).toContain("<ReqdExctnDt><Dt>2026-12-20</Dt></ReqdExctnDt>");

    const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "money.payout_run"));
    expect(audit).toMatchObject({ targetType: "payout_run", targetId: result.run.id, adminId: null });

    // The creator's page reads the same.
    const overview = await creatorPayoutsOverview(db, ana.id, runAt);
    expect(overview).toMatchObject({ owed: 0, reachesMinimum: false, nextPayoutDate: "2027-01-20" });
    expect(overview.history).toEqual([
      expect.objectContaining({ month: "2026-11", date: "2026-12-20", amount: 60_00, withheld: 0, net: 60_00, status: "paid" }),
    ]);
  });

  it("withholds IRPF at 15% from a Spanish individual: EUR 100 owed, 15.00 withheld, 85.00 in the file", async () => {
    const lucia = await payableCreator("Lucía Fernández Ruiz");
    await credit(lucia.id, 100_00);
    const result = await runPayouts(db, { month: "2026-11", now: runAt, actor: cli });
    expect(result).toMatchObject({ ok: true, paid: [{ amount: 100_00, withheld: 15_00, net: 85_00, withholding: { kind: "irpf", percent: 15 } }] });
    if (!result.ok || !result.run) throw new Error("no run");
    expect(await balance(db, "withholding_payable")).toBe(-15_00);
    expect(await balance(db, "bank")).toBe(-85_00);
    expect(await owedTo(db, lucia.id)).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
    const xml = new TextDecoder().decode((await getPrivateObject("documents", result.run.fileKey))!);
    expect(xml).toContain('<InstdAmt Ccy="EUR">85.00</InstdAmt>');
    expect(xml).toContain("<CtrlSum>85.00</CtrlSum>");
    expect(xml).toContain("<Nm>Lucia Fernandez Ruiz</Nm>");
    expect(await sepaSchemaErrors(xml)).toEqual([]);
    const [mail] = await mailsTo(lucia.email);
    expect(mail.text).toContain("€15.00 was withheld for Spanish tax (IRPF at the general 15% rate)");
  });

  it("carries over EUR 49.99 and skips a creator without bank details, saying why; pays the others", async () => {
    const small = await payableCreator("Pere Small");
    await credit(small.id, 49_99);
    const { profile: held } = await createCreator(db);
    await credit(held.id, 80_00);
    const paidOne = await payableCreator("Marta Paid");
    await credit(paidOne.id, 50_00);

    const result = await runPayouts(db, { month: "2026-11", now: runAt, actor: cli });
    if (!result.ok) throw new Error(result.error);
    expect(result.paid.map((p) => p.creatorId)).toEqual([paidOne.id]);
    const skipped = new Map(result.skipped.map((s) => [s.creatorId, s]));
    expect(skipped.get(small.id)).toMatchObject({ reason: "below-minimum", owed: 49_99 });
    expect(skipped.get(small.id)!.why[0]).toContain("carried over");
    expect(skipped.get(held.id)).toMatchObject({ reason: "held", owed: 80_00 });
    expect(skipped.get(held.id)!.why.join(" ")).toContain("You have not entered a bank account for your payouts yet.");
    expect(result.run?.skipped).toHaveLength(2);

    // Nothing posted for them: their balances wait.
    expect(await owedTo(db, small.id)).toBe(49_99);
    expect(await owedTo(db, held.id)).toBe(80_00);
    expect(await payoutRows(small.id)).toEqual([]);
    expect(await payoutRows(held.id)).toEqual([]);
    expect(await mailsTo(small.email)).toEqual([]);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("pays once however often the month is run; the second run answers with the first", async () => {
    const ana = await payableCreator("Ana Twice");
    await credit(ana.id, 70_00);
    const first = await runPayouts(db, { month: "2026-11", now: runAt, actor: cli });
    // More earnings arrive: they wait for the next month's run, not a second run of this one.
    await credit(ana.id, 90_00);
    const second = await runPayouts(db, { month: "2026-11", now: new Date(runAt.getTime() + 3_600_000), actor: cli });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(second).toMatchObject({ alreadyRun: true, paid: [] });
    expect(second.run?.id).toBe(first.run?.id);
    expect(await payoutRows(ana.id)).toHaveLength(1);
    expect(await db.$count(payoutRuns)).toBe(1);
    expect(await owedTo(db, ana.id)).toBe(90_00);
    expect(await mailsTo(ana.email)).toHaveLength(1);
  });

  it("a run that fails half-way (storage refuses the file) leaves nothing, and a rerun completes", async () => {
    const ana = await payableCreator("Ana Retry");
    await credit(ana.id, 60_00);
    const before = await db.$count(ledgerTransactions);
    const failing = {
      put: () => Promise.reject(new Error("disk full")),
      remove: () => Promise.resolve(),
    };
    await expect(runPayouts(db, { month: "2026-11", now: runAt, actor: cli, storage: failing })).rejects.toThrow("disk full");
    expect(await db.$count(payouts)).toBe(0);
    expect(await db.$count(payoutRuns)).toBe(0);
    expect(await db.$count(ledgerTransactions)).toBe(before);
    expect(await db.$count(adminAuditLog)).toBe(0);
    expect(await mailsTo(ana.email)).toEqual([]);
    expect(await owedTo(db, ana.id)).toBe(60_00);

    const rerun = await runPayouts(db, { month: "2026-11", now: runAt, actor: cli });
    expect(rerun).toMatchObject({ ok: true, alreadyRun: false, paid: [{ creatorId: ana.id, amount: 60_00, withheld: 9_00, net: 51_00 }] });
    expect(await owedTo(db, ana.id)).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("refuses a month that is not over, or not a month, and writes nothing", async () => {
    expect(await runPayouts(db, { month: "2026-12", now: runAt, actor: cli })).toMatchObject({ ok: false, status: 400 });
    expect(await runPayouts(db, { month: "2026-13", now: runAt, actor: cli })).toMatchObject({ ok: false, status: 400 });
    expect(await db.$count(payoutRuns)).toBe(0);
  });

  it("writes no run when nobody can be paid", async () => {
    const { profile } = await createCreator(db);
    await credit(profile.id, 10_00);
    expect(await runPayouts(db, { month: "2026-11", now: runAt, actor: cli })).toMatchObject({
      ok: true,
      run: null,
      paid: [],
      skipped: [{ reason: "below-minimum" }],
    });
    expect(await db.$count(payoutRuns)).toBe(0);
  });
});
