/**
 * Money for integration tests: memberships and payments made through the real entry points
 * (memberships' upsertSubscription and recordPayment, which books the payment in the ledger), and
 * engagement recorded as the app records it (events rows), at the dates a test chooses.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { payments } from "#db/schema";
import { recordPayment } from "~/modules/memberships/payments.server";
import { upsertSubscription } from "~/modules/memberships/subscriptions.server";

export interface PaymentSpec {
  userId: string;
  tier: "premium" | "supporter";
  creatorId?: string;
  grossCents: number;
  /** The member's country (default ES); null: no evidence. */
  country?: string | null;
  interval?: "month" | "year";
  periodStart: Date;
  /** Default: the period's start. */
  paidAt?: Date;
  /** "local" (default; the fee is 1.5% + 25) or "stripe" (the fee is `feeCents`). */
  provider?: "local" | "stripe";
  feeCents?: number;
}

/** The period's end: a month (or a year) after its start, on the same day and time. */
export function periodEnd(start: Date, interval: "month" | "year"): Date {
  const end = new Date(start);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A membership and one paid period of it, recorded (and booked) as a provider reports it. Answers the payments row's id. */
export async function pay(db: Database, spec: PaymentSpec): Promise<string> {
  const interval = spec.interval ?? "month";
  const provider = spec.provider ?? "local";
  const subscription = await upsertSubscription(db, {
    provider,
    providerSubscriptionId: `${provider}_sub_${randomUUID()}`,
    providerCustomerId: null,
    userId: spec.userId,
    tier: spec.tier,
    creatorId: spec.tier === "supporter" ? spec.creatorId! : null,
    interval,
    priceId: `test_${spec.tier}_${interval}`,
    status: "active",
    trialEnd: null,
    currentPeriodEnd: periodEnd(spec.periodStart, interval),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    country: spec.country === undefined ? "ES" : spec.country,
  });
  const providerPaymentId = `${provider}_pay_${randomUUID()}`;
  await recordPayment(db, {
    provider,
    providerPaymentId,
    userId: spec.userId,
    subscription: spec.tier === "premium" ? { tier: "premium", id: subscription.id } : { tier: "supporter", id: subscription.id, creatorId: spec.creatorId! },
    amountCents: spec.grossCents,
    taxCents: 0,
    currency: "EUR",
    status: "succeeded",
    paidAt: spec.paidAt ?? spec.periodStart,
    periodStart: spec.periodStart,
    periodEnd: periodEnd(spec.periodStart, interval),
    receiptUrl: null,
    country: spec.country === undefined ? "ES" : spec.country,
    feeCents: spec.feeCents ?? null,
  });
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row.id;
}

/** Spot views as the spot page records them (one event each), at `at`. */
export async function viewSpots(db: Database, userId: string, spotIds: string[], at: Date): Promise<void> {
  if (spotIds.length === 0) return;
  await db.execute(sql`
    insert into events (type, user_id, target_type, target_id, created_at)
    select 'spot_viewed', ${userId}, 'spot', id, ${at.toISOString()}::timestamptz from unnest(${sql.raw(`array[${spotIds.map((id) => `'${id}'`).join(",")}]`)}::text[]) as id`);
}
