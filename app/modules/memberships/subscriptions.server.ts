/**
 * The one place memberships are written. Every provider (the local test
 * provider, Stripe's webhook) reports a subscription as it now stands and this
 * upserts it by the provider's subscription id: replaying a report, or
 * receiving reports out of order, converges on the same row. Access follows
 * from the status alone (active or trialing), see gating.ts.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { ENTITLED_STATUSES, creatorSupporters, platformSubscriptions, type SubscriptionStatus } from "#db/schema";
import type { Interval, Tier } from "./plans";

export interface SubscriptionState {
  provider: "local" | "stripe";
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  userId: string;
  tier: Tier;
  /** The supported creator (supporter tier only). */
  creatorId: string | null;
  interval: Interval;
  priceId: string;
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
}

/** Upserts the subscription; returns our row's id (what its payments link to). */
export async function upsertSubscription(db: Database | Transaction, s: SubscriptionState): Promise<{ id: string }> {
  const fields = {
    userId: s.userId,
    status: s.status,
    interval: s.interval,
    provider: s.provider,
    providerCustomerId: s.providerCustomerId,
    providerSubscriptionId: s.providerSubscriptionId,
    priceId: s.priceId,
    trialEnd: s.trialEnd,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt,
    updatedAt: new Date(),
  };
  const { userId: _userId, providerSubscriptionId: _id, ...changes } = fields;
  if (s.tier === "premium") {
    const [row] = await db
      .insert(platformSubscriptions)
      .values({ ...fields, tier: "premium" })
      .onConflictDoUpdate({ target: platformSubscriptions.providerSubscriptionId, set: changes })
      .returning({ id: platformSubscriptions.id });
    return row;
  }
  if (!s.creatorId) throw new Error("a supporter subscription needs a creator");
  const [row] = await db
    .insert(creatorSupporters)
    .values({ ...fields, creatorId: s.creatorId })
    .onConflictDoUpdate({ target: creatorSupporters.providerSubscriptionId, set: changes })
    .returning({ id: creatorSupporters.id });
  return row;
}

/** Whether the user already has what they are about to buy (active or trialing). */
export async function alreadySubscribed(db: Database, userId: string, tier: Tier, creatorId: string | null): Promise<boolean> {
  const entitled = inArray(platformSubscriptions.status, [...ENTITLED_STATUSES]);
  if (tier === "premium") {
    const [row] = await db
      .select({ id: platformSubscriptions.id })
      .from(platformSubscriptions)
      .where(and(eq(platformSubscriptions.userId, userId), entitled))
      .limit(1);
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: creatorSupporters.id })
    .from(creatorSupporters)
    .where(
      and(eq(creatorSupporters.userId, userId), eq(creatorSupporters.creatorId, creatorId ?? ""), inArray(creatorSupporters.status, [...ENTITLED_STATUSES])),
    )
    .limit(1);
  return Boolean(row);
}
