/**
 * The ledger's two promises under random months (fast-check): whatever the payments (monthly or
 * yearly, Premium or Supporter, any country and amount, local or Stripe fees), views, refunds,
 * chargebacks and payouts, and the closes between them,
 * - every posting ever made sums to zero, and no account that holds money for someone (member
 *   payments, VAT) is overdrawn;
 * - each creator's payable equals the sum of their monthly statements' net changes, and each
 *   statement opens where the one before closed.
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { pay, viewSpots } from "../../../tests/money/world";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { cents } from "./cents";
import { closeMonth } from "./close.server";
import { ledgerTotal, owedTo, post } from "./ledger.server";
import { openMonth } from "./months.server";
import { recordRefund } from "./refunds.server";
import { statementOf } from "./statements.server";

const db = await getTestDb();

const MONTHS = ["2026-11", "2026-12", "2027-01", "2027-02"] as const;
const COUNTRIES = ["ES", "FR", "DE", "FI", "PT", "US", null] as const;

const paymentOp = fc.record({
  op: fc.constant("pay" as const),
  day: fc.integer({ min: 5, max: 28 }),
  member: fc.integer({ min: 0, max: 3 }),
  creator: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  yearly: fc.boolean(),
  country: fc.constantFrom(...COUNTRIES),
  gross: fc.integer({ min: 1_00, max: 200_00 }),
  stripeFee: fc.option(fc.integer({ min: 0, max: 5_00 }), { nil: null }),
});
const viewOp = fc.record({
  op: fc.constant("view" as const),
  day: fc.integer({ min: 5, max: 28 }),
  member: fc.integer({ min: 0, max: 3 }),
  spot: fc.integer({ min: 0, max: 8 }),
});
const refundOp = fc.record({
  op: fc.constant("refund" as const),
  day: fc.integer({ min: 5, max: 28 }),
  payment: fc.nat(),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  chargeback: fc.boolean(),
});
const payoutOp = fc.record({ op: fc.constant("payout" as const), day: fc.integer({ min: 5, max: 28 }), creator: fc.integer({ min: 0, max: 2 }) });
const month = fc.array(fc.oneof(paymentOp, paymentOp, viewOp, viewOp, refundOp, payoutOp), { maxLength: 12 });

const at = (month: string, day: number) => new Date(`${month}-${String(day).padStart(2, "0")}T10:00:00Z`);

describe("the ledger under random months", () => {
  it("balances to zero, and each creator's payable is the sum of their statements", { timeout: 900_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.tuple(month, month, month, month), async (months) => {
        run++;
        await resetTestDb(db);
        const creators = await Promise.all([0, 1, 2].map(() => createCreator(db).then((c) => c.profile.id)));
        const spots: string[] = [];
        for (const creatorId of creators) spots.push(...(await createMap(db, {}, { ownerId: creatorId, spots: 3 })).spots.map((s) => s.id));
        const members = await Promise.all([0, 1, 2, 3].map(() => createProfile(db).then((m) => m.user.id)));
        const paid: { id: string; gross: number }[] = [];
        const refunded = new Map<string, number>();

        for (const [i, ops] of months.entries()) {
          const m = MONTHS[i];
          for (const op of [...ops].sort((a, b) => a.day - b.day)) {
            const when = at(m, op.day);
            if (op.op === "pay") {
              const id = await pay(db, {
                userId: members[op.member],
                tier: op.creator === null ? "premium" : "supporter",
                creatorId: op.creator === null ? undefined : creators[op.creator],
                grossCents: op.gross,
                country: op.country,
                interval: op.yearly ? "year" : "month",
                periodStart: when,
                provider: op.stripeFee === null ? "local" : "stripe",
                feeCents: op.stripeFee === null ? undefined : Math.min(op.stripeFee, op.gross),
              });
              paid.push({ id, gross: op.gross });
            } else if (op.op === "view") {
              await viewSpots(db, members[op.member], [spots[op.spot]], when);
            } else if (op.op === "refund" && paid.length > 0) {
              const payment = paid[op.payment % paid.length];
              const remaining = payment.gross - (refunded.get(payment.id) ?? 0);
              if (remaining <= 0) continue;
              const amount = 1 + (op.amount % remaining);
              const result = await recordRefund(db, {
                paymentId: payment.id,
                kind: op.chargeback ? "chargeback" : "refund",
                providerRefundId: `re_${run}_${refunded.size}_${payment.id}_${amount}_${op.day}`,
                amountCents: amount,
                feeCents: op.chargeback ? 15_00 : 0,
                occurredAt: when,
              });
              expect(result.ok).toBe(true);
              refunded.set(payment.id, (refunded.get(payment.id) ?? 0) + amount);
            } else if (op.op === "payout") {
              const creatorId = creators[op.creator];
              const owed = await owedTo(db, creatorId);
              if (owed <= 0) continue;
              await post(db, {
                idempotencyKey: `payout:${run}:${m}:${op.day}:${creatorId}`,
                kind: "payout",
                cause: { type: "payout", id: `${m}-${op.day}` },
                month: await openMonth(db, when),
                creatorId,
                description: "Payout",
                occurredAt: when,
                postings: [
                  { account: "creator_payable", ref: creatorId, amount: owed },
                  { account: "bank", amount: cents(-owed) },
                ],
              });
            }
          }
          const next = MONTHS[i + 1] ?? "2027-03";
          const closed = await closeMonth(db, m, { actor: { userId: null, ip: null }, now: at(next, 3) });
          expect(closed.ok).toBe(true);
        }

        expect(await ledgerTotal(db)).toBe(0);
        const { rows: overdrawn } = await db.execute<{ account: string; ref: string }>(sql`
          select account, account_ref as ref from ledger_postings
          where account in ('member_payments', 'vat_payable')
          group by account, account_ref having sum(amount_cents) > 0`);
        expect(overdrawn).toEqual([]);
        for (const creatorId of creators) {
          let previousClosing = 0;
          let sum = 0;
          for (const m of MONTHS) {
            const statement = await statementOf(db, creatorId, m);
            expect(statement.openingBalance).toBe(previousClosing);
            expect(statement.closingBalance).toBe(statement.openingBalance + statement.netChange);
            previousClosing = statement.closingBalance;
            sum += statement.netChange;
          }
          expect(await owedTo(db, creatorId)).toBe(sum);
        }
      }),
      { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 12), seed: process.env.MONEY_PROPERTY_SEED ? Number(process.env.MONEY_PROPERTY_SEED) : undefined },
    );
  });
});
