/**
 * The one place memberships are written. Every provider (the local test
 * provider, Stripe's webhook) reports a subscription as it now stands and this
 * upserts it by the provider's subscription id: replaying a report, or
 * receiving reports out of order, converges on the same row, and only the
 * report that starts a membership says so (see `startsMembership`). Access follows
 * from the status alone (ENTITLED_STATUSES: active or trialing), see modules/gate.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { creatorSupporters, platformSubscriptions, type SubscriptionStatus } from "#db/schema";
import { ENDED_STATUSES, ENTITLED_STATUSES } from "./statuses";
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
  /** When the provider says it ended (Stripe's `ended_at`); without it, the first report of its end says now. */
  endedAt?: Date | null;
  /** The member's country (ISO alpha-2) the checkout recorded; left as it is when not given. */
  country?: string | null;
}

const hasEnded = (status: SubscriptionStatus) => (ENDED_STATUSES as readonly SubscriptionStatus[]).includes(status);

/**
 * Upserts the subscription. Returns our row's id (what its payments link to)
 * and the status the row had before this report (null: this report created
 * it). Of two first reports at once (Stripe's return and its webhook), one
 * inserts and the other waits for it and updates; inside a transaction the
 * row stays locked, so each report sees the status the one before it left.
 */
export async function upsertSubscription(db: Database | Transaction, s: SubscriptionState): Promise<{ id: string; previousStatus: SubscriptionStatus | null }> {
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
    ...(s.country !== undefined ? { country: s.country } : {}),
    updatedAt: new Date(),
  };
  const { userId: _userId, providerSubscriptionId: _id, ...rest } = fields;
  if (s.tier === "supporter" && !s.creatorId) throw new Error("a supporter subscription needs a creator");
  const ended = hasEnded(s.status);
  const endedAt = ended ? (s.endedAt ?? new Date()) : null;
  const [inserted] =
    s.tier === "premium"
      ? await db
          .insert(platformSubscriptions)
          .values({ ...fields, endedAt, tier: "premium" })
          .onConflictDoNothing({ target: platformSubscriptions.providerSubscriptionId })
          .returning({ id: platformSubscriptions.id })
      : await db
          .insert(creatorSupporters)
          .values({ ...fields, endedAt, creatorId: s.creatorId! })
          .onConflictDoNothing({ target: creatorSupporters.providerSubscriptionId })
          .returning({ id: creatorSupporters.id });
  if (inserted) return { id: inserted.id, previousStatus: null };
  const table = s.tier === "premium" ? platformSubscriptions : creatorSupporters;
  const [before] = await db
    .select({ id: table.id, status: table.status })
    .from(table)
    .where(eq(table.providerSubscriptionId, s.providerSubscriptionId))
    .for("update");
  if (!before) throw new Error(`subscription ${s.providerSubscriptionId} was neither inserted nor found`);
  // A repeated report of the end keeps the first moment it was seen (unless the provider says when).
  const changes = { ...rest, endedAt: ended ? (s.endedAt ?? sql`coalesce(${table.endedAt}, now())`) : null };
  await db.update(table).set(changes).where(eq(table.id, before.id));
  return { id: before.id, previousStatus: before.status };
}

/**
 * Whether a report starts the membership: the first one that finds it
 * running (in its trial or paid), either new or after a first payment that
 * was still due. Renewals, a failed payment recovered and repeated reports
 * start nothing.
 */
export function startsMembership(previousStatus: SubscriptionStatus | null, status: SubscriptionStatus): boolean {
  const running = (ENTITLED_STATUSES as readonly SubscriptionStatus[]).includes(status);
  return running && (previousStatus === null || previousStatus === "incomplete");
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
