/**
 * Stripe's refunds and lost disputes, booked in the money ledger (modules/money: `recordRefund`
 * reverses the payment's earnings). As with invoices, an event only says which charge or dispute to
 * look at: Stripe is asked again, and each refund or dispute is booked once by its own id, so
 * replays and events in any order converge.
 *
 * - charge.refunded: every succeeded refund of the charge.
 * - charge.dispute.created: nothing is booked while Stripe decides (the money is held by Stripe, not
 *   lost); charge.dispute.closed: a lost dispute is booked as a chargeback of its amount, with
 *   Stripe's dispute fee as the platform's expense (never the creator's); a won one books nothing.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { payments } from "#db/schema";
import { recordRefund } from "~/modules/money/index.server";

export type MoneyEvent = { type: "refund"; chargeId: string } | { type: "dispute"; disputeId: string };
export type MoneyEventResult = { outcome: "recorded"; booked: number } | { outcome: "ignored"; reason: string };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The charge or dispute a money event is about, or null for any other event. */
export function moneyEventOf(event: Stripe.Event): MoneyEvent | null {
  switch (event.type) {
    case "charge.refunded":
      return { type: "refund", chargeId: event.data.object.id };
    case "charge.dispute.created":
    case "charge.dispute.closed":
      return { type: "dispute", disputeId: event.data.object.id };
    default:
      return null;
  }
}

async function paymentOfCharge(db: Database, chargeId: string): Promise<string | null> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerChargeId, chargeId)).limit(1);
  return row?.id ?? null;
}

/** Books every succeeded refund of the charge not booked yet. */
export async function recordStripeRefunds(db: Database, stripe: Stripe, chargeId: string): Promise<MoneyEventResult> {
  const paymentId = await paymentOfCharge(db, chargeId);
  if (!paymentId) return { outcome: "ignored", reason: `charge ${chargeId} pays no recorded payment` };
  const list = await stripe.refunds.list({ charge: chargeId, limit: 100 });
  let booked = 0;
  // Oldest first: partial refunds are booked in the order they were made.
  for (const refund of [...list.data].sort((a, b) => a.created - b.created)) {
    if (refund.status !== "succeeded") continue;
    const result = await recordRefund(db, {
      paymentId,
      kind: "refund",
      providerRefundId: refund.id,
      amountCents: refund.amount,
      occurredAt: new Date(refund.created * 1000),
      reason: refund.reason ?? null,
    });
    if (!result.ok) logger.error({ chargeId, refundId: refund.id, error: result.error }, "Stripe refund not booked");
    else if (result.booked) booked++;
  }
  return { outcome: "recorded", booked };
}

/** Books a lost dispute as a chargeback (once); any other state books nothing. `at`: when Stripe told us. */
export async function recordStripeDispute(db: Database, stripe: Stripe, disputeId: string, at: Date): Promise<MoneyEventResult> {
  const dispute = await stripe.disputes.retrieve(disputeId);
  if (dispute.status !== "lost") return { outcome: "ignored", reason: `dispute ${dispute.status}: nothing is booked unless it is lost` };
  const chargeId = idOf(dispute.charge);
  const paymentId = chargeId ? await paymentOfCharge(db, chargeId) : null;
  if (!paymentId) return { outcome: "ignored", reason: `charge ${chargeId ?? "(none)"} pays no recorded payment` };
  const fee = dispute.balance_transactions.reduce((sum, txn) => sum + Math.max(0, txn.fee), 0);
  const result = await recordRefund(db, {
    paymentId,
    kind: "chargeback",
    providerRefundId: dispute.id,
    amountCents: dispute.amount,
    feeCents: fee,
    occurredAt: at,
    reason: dispute.reason,
  });
  if (!result.ok) {
    logger.error({ disputeId, error: result.error }, "Stripe chargeback not booked");
    return { outcome: "ignored", reason: result.error };
  }
  return { outcome: "recorded", booked: result.booked ? 1 : 0 };
}
