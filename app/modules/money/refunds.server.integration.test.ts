/**
 * Refunds and chargebacks (terms, section 9): before the close they cancel what is not earned yet;
 * after it they come off the creator's balance, which may go below zero after a payout and is
 * carried forward; a chargeback's fee is never the creator's; a refunded yearly payment's unearned
 * portions are never earned; a Premium refund after the close comes off the next month's pool.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { pay, viewSpots } from "../../../tests/money/world";
import { payments, revenueStatements } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { paymentRefunds } from "#db/schema/ledger";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { cents, shareOf } from "./cents";
import { closeMonth } from "./close.server";
import { balance, ledgerTotal, owedTo, post } from "./ledger.server";
import { recordRefund, refundPayment } from "./refunds.server";
import { statementOf } from "./statements.server";

const db = await setupTestDatabase();

const CLI = { userId: null, ip: null };
const ADMIN = { userId: null, ip: "198.51.100.7" };
const NOV_15 = new Date("2026-11-15T10:00:00Z");
const DEC_3 = new Date("2026-12-03T09:00:00Z");
const JAN_3 = new Date("2027-01-03T09:00:00Z");

async function closed(month: string, now: Date) {
  const result = await closeMonth(db, month, { actor: CLI, now });
  if (!result.ok) throw new Error(result.error);
  return result.totals;
}

async function supporterOf() {
  const { profile: creator } = await createCreator(db);
  const { user: member } = await createProfile(db);
  return { creator, member };
}

const paymentRow = async (id: string) =>
  (
    await db
      .select()
      .from(payments)
      .where(sql`${payments.id} = ${id}`)
  )[0];

describe("refunds", () => {
  it("before the close: cancels the payment's unearned portion, so the close earns nothing of it; VAT comes back, the fee stays the platform's", async () => {
    const { creator, member } = await supporterOf();
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    const refunded = await refundPayment(db, paymentId, 10_00, { actor: ADMIN, reason: "Withdrawal within 14 days", now: new Date("2026-11-20T10:00:00Z") });
    expect(refunded).toMatchObject({
      ok: true,
      booked: true,
      refund: { amount: 10_00, vat: 1_74, fromOpen: 8_26, fromClosed: 0, creatorPart: 0, platformPart: 0, fee: 0, month: "2026-11", paymentStatus: "refunded" },
    });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedCents: 10_00 });
    expect(await db.select({ action: adminAuditLog.action, after: adminAuditLog.after }).from(adminAuditLog)).toEqual([
      {
        action: "payment.refunded",
        after: expect.objectContaining({ status: "refunded", refundedCents: 10_00, amountCents: 10_00, reason: "Withdrawal within 14 days" }),
      },
    ]);
    expect(await balance(db, "vat_payable", "ES")).toBe(0);
    expect(await balance(db, "bank")).toBe(-40);
    expect(await balance(db, "member_payments", creator.id)).toBe(0);

    await closed("2026-11", DEC_3);
    expect(await owedTo(db, creator.id)).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
    const statement = await statementOf(db, creator.id, "2026-11");
    expect(statement.supporter.lines).toEqual([]);
    expect(statement.adjustments).toEqual([expect.objectContaining({ kind: "refund", description: "Refund of a Supporter payment", amount: 0 })]);
  });

  it("after the close: comes off the creator's balance by exactly the share reversed, as an adjustment of the month it happens in", async () => {
    const { creator, member } = await supporterOf();
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    expect(await owedTo(db, creator.id)).toBe(5_50);
    const refunded = await refundPayment(db, paymentId, 10_00, { actor: ADMIN, now: new Date("2026-12-05T10:00:00Z") });
    expect(refunded).toMatchObject({ ok: true, refund: { fromOpen: 0, fromClosed: 8_26, creatorPart: 5_50, platformPart: 2_76, month: "2026-12" } });
    expect(await owedTo(db, creator.id)).toBe(0);
    expect(await balance(db, "platform_revenue")).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
    // November's statement is as it was; December's shows the adjustment.
    expect((await statementOf(db, creator.id, "2026-11")).closingBalance).toBe(5_50);
    const december = await statementOf(db, creator.id, "2026-12");
    expect(december).toMatchObject({ openingBalance: 5_50, netChange: -5_50, closingBalance: 0 });
    expect(december.adjustments.map((a) => a.amount)).toEqual([-5_50]);
    await closed("2026-12", JAN_3);
    const [figures] = await db
      .select()
      .from(revenueStatements)
      .where(sql`period_start = '2026-12-01'`);
    expect(figures).toMatchObject({ adjustmentsCents: -5_50, openingBalanceCents: 5_50, closingBalanceCents: 0 });
  });

  it("after a payout: the balance goes below zero and is carried forward, deducted from the next earnings", async () => {
    const { creator, member } = await supporterOf();
    const { user: other } = await createProfile(db);
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    // The payout run (another room's) pays the EUR 5.50 out in December.
    await post(db, {
      idempotencyKey: "payout:test-1",
      kind: "payout",
      cause: { type: "payout", id: "test-1" },
      month: "2026-12",
      creatorId: creator.id,
      description: "Payout",
      occurredAt: new Date("2026-12-20T10:00:00Z"),
      postings: [
        { account: "creator_payable", ref: creator.id, amount: cents(5_50) },
        { account: "bank", amount: cents(-5_50) },
      ],
    });
    await refundPayment(db, paymentId, 10_00, { actor: ADMIN, now: new Date("2026-12-22T10:00:00Z") });
    expect(await owedTo(db, creator.id)).toBe(-5_50);
    await closed("2026-12", JAN_3);
    const december = await statementOf(db, creator.id, "2026-12");
    expect(december).toMatchObject({ openingBalance: 5_50, closingBalance: -5_50 });
    expect(december.payouts.map((p) => p.amount)).toEqual([-5_50]);
    expect(december.adjustments.map((p) => p.amount)).toEqual([-5_50]);

    // January: a new supporter's EUR 10.00 earns EUR 5.50, which first pays back what the creator owes.
    await pay(db, { userId: other.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: new Date("2027-01-10T10:00:00Z") });
    await closed("2027-01", new Date("2027-02-03T09:00:00Z"));
    expect(await statementOf(db, creator.id, "2027-01")).toMatchObject({ openingBalance: -5_50, netChange: 5_50, closingBalance: 0 });
    expect(await owedTo(db, creator.id)).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("of a yearly payment: cancels its unearned portions, which no later close earns", async () => {
    const { creator, member } = await supporterOf();
    // EUR 120.00 a year in Spain: VAT 20.83, after VAT 99.17; three portions earned (Nov, Dec, Jan), then EUR 90 refunded.
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 120_00, interval: "year", periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    await closed("2026-12", JAN_3);
    await closed("2027-01", new Date("2027-02-03T09:00:00Z"));
    const earned = await owedTo(db, creator.id);
    const refunded = await refundPayment(db, paymentId, 90_00, { actor: ADMIN, now: new Date("2027-02-10T10:00:00Z") });
    // VAT back: 20.83 × 90/120 = 15.6225 → 15.62; 74.38 reversed, exactly the nine portions not yet earned.
    expect(refunded).toMatchObject({ ok: true, refund: { vat: 15_62, fromOpen: 74_38, fromClosed: 0, creatorPart: 0, paymentStatus: "succeeded" } });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "succeeded", refundedCents: 90_00 });
    let now = new Date("2027-03-03T09:00:00Z");
    for (const month of ["2027-02", "2027-03", "2027-04", "2027-05", "2027-06", "2027-07", "2027-08", "2027-09", "2027-10"]) {
      const totals = await closed(month, now);
      expect(totals.supporterShares).toBe(0);
      now = new Date(now.getTime() + 31 * 86_400_000);
    }
    expect(await owedTo(db, creator.id)).toBe(earned);
    expect(await balance(db, "member_payments", creator.id)).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
    // The rest refunded later comes off what was earned.
    const rest = await refundPayment(db, paymentId, 30_00, { actor: ADMIN, now: new Date("2027-11-10T10:00:00Z") });
    expect(rest).toMatchObject({ ok: true, refund: { vat: 20_83 - 15_62, paymentStatus: "refunded" } });
    expect(await owedTo(db, creator.id)).toBe(0);
    expect(await balance(db, "vat_payable", "ES")).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
  }, 180_000); // a year of month closes

  it("partial refunds that add up to the payment give back exactly its VAT and share", async () => {
    const { creator, member } = await supporterOf();
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    for (const [i, amount] of [3_33, 3_33, 3_34].entries()) {
      const result = await recordRefund(db, {
        paymentId,
        kind: "refund",
        providerRefundId: `re_partial_${i}`,
        amountCents: amount,
        occurredAt: new Date(`2026-12-0${5 + i}T10:00:00Z`),
      });
      expect(result.ok).toBe(true);
    }
    const rows = await db.select().from(paymentRefunds);
    expect(rows.reduce((s, r) => s + r.vatCents, 0)).toBe(1_74);
    expect(rows.reduce((s, r) => s + r.creatorCents, 0)).toBe(5_50);
    expect(await owedTo(db, creator.id)).toBe(0);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedCents: 10_00 });
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("is booked once by its id, and refuses what cannot be refunded, changing nothing", async () => {
    const { creator, member } = await supporterOf();
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    const input = { paymentId, kind: "refund" as const, providerRefundId: "re_once", amountCents: 5_00, occurredAt: NOV_15 };
    expect(await recordRefund(db, input)).toMatchObject({ ok: true, booked: true });
    expect(await recordRefund(db, input)).toEqual({ ok: true, booked: false, refund: null });
    expect(await refundPayment(db, paymentId, 5_01, { actor: ADMIN })).toEqual({
      ok: false,
      status: 400,
      error: "At most €5.00 of this payment can still be refunded.",
    });
    expect(await refundPayment(db, paymentId, 1.5, { actor: ADMIN })).toMatchObject({ ok: false, status: 400 });
    expect(await refundPayment(db, paymentId, -1, { actor: ADMIN })).toMatchObject({ ok: false, status: 400 });
    expect(await refundPayment(db, "00000000-0000-4000-8000-000000000000", 1_00, { actor: ADMIN })).toMatchObject({ ok: false, status: 404 });
    const stripePayment = await pay(db, { userId: member.id, tier: "premium", grossCents: 5_00, provider: "stripe", feeCents: 33, periodStart: NOV_15 });
    expect(await refundPayment(db, stripePayment, 1_00, { actor: ADMIN })).toEqual({
      ok: false,
      status: 400,
      error: "Stripe payments are refunded in Stripe: its webhook records the refund here.",
    });
    expect(await db.$count(paymentRefunds)).toBe(1);
    expect(await db.$count(adminAuditLog)).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
  });
});

describe("chargebacks", () => {
  it("reverse the creator's share but never charge them the dispute fee", async () => {
    const { creator, member } = await supporterOf();
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    await closed("2026-11", DEC_3);
    const result = await recordRefund(db, {
      paymentId,
      kind: "chargeback",
      providerRefundId: "du_test",
      amountCents: 10_00,
      feeCents: 15_00,
      occurredAt: new Date("2026-12-10T10:00:00Z"),
    });
    expect(result).toMatchObject({ ok: true, booked: true, refund: { kind: "chargeback", creatorPart: 5_50, fee: 15_00, paymentStatus: "refunded" } });
    expect(await owedTo(db, creator.id)).toBe(0);
    expect(await balance(db, "provider_fees")).toBe(40 + 15_00);
    expect(await balance(db, "bank")).toBe(9_60 - 10_00 - 15_00);
    expect(await ledgerTotal(db)).toBe(0);
    expect((await statementOf(db, creator.id, "2026-12")).adjustments).toEqual([
      expect.objectContaining({ kind: "chargeback", description: "Chargeback of a Supporter payment", amount: -5_50 }),
    ]);
  });
});

describe("Premium refunds", () => {
  it("after the close come off the next month's pool: creators bear their half through it, the platform the rest", async () => {
    const { profile: creator } = await createCreator(db);
    const { spots } = await createMap(db, {}, { ownerId: creator.id, spots: 2 });
    const { user: member } = await createProfile(db);
    // EUR 5.00 in Spain: after VAT 4.13, fee 0.33, net 3.80, pool 1.90 (all of it the creator's: the only one with points).
    const november = await pay(db, { userId: member.id, tier: "premium", grossCents: 5_00, periodStart: NOV_15 });
    await viewSpots(db, member.id, [spots[0].id], new Date("2026-11-16T10:00:00Z"));
    await closed("2026-11", DEC_3);
    expect(await owedTo(db, creator.id)).toBe(1_90);

    const refund = await refundPayment(db, november, 5_00, { actor: ADMIN, now: new Date("2026-12-04T10:00:00Z") });
    // 4.13 reversed from platform revenue now; its net, 3.80, comes off December's Premium revenue.
    expect(refund).toMatchObject({ ok: true, refund: { fromClosed: 4_13, creatorPart: 0, platformPart: 4_13, poolDeduction: 3_80 } });
    await pay(db, { userId: member.id, tier: "premium", grossCents: 5_00, periodStart: new Date("2026-12-15T10:00:00Z") });
    await viewSpots(db, member.id, [spots[1].id], new Date("2026-12-16T10:00:00Z"));
    const december = await closed("2026-12", JAN_3);
    expect(december).toMatchObject({ premiumAfterVat: 4_13, netPremium: 0, pool: 0 });
    expect(await owedTo(db, creator.id)).toBe(1_90);
    // The platform: 4.13 + 4.13 earned, 4.13 reversed; bank holds the second payment less both fees.
    expect(await balance(db, "platform_revenue")).toBe(-(4_13 + 4_13 - 4_13 - 1_90 + 0));
    expect(await balance(db, "member_payments", "premium")).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);
    expect(shareOf(cents(3_80), 50, 100)).toBe(1_90);
  });
});
