/**
 * A member's own memberships on /account: what they have, when the trial ends
 * and the next charge falls, and the changes they may make (cancel at period
 * end, resume, switch interval). Ownership is part of every query.
 */
import { and, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { creatorSupporters, platformSubscriptions, profiles } from "#db/schema";
import { ENTITLED_STATUSES, RENEWING_STATUSES } from "./statuses";
import { recordPayment } from "./payments.server";
import { amountOf, CURRENCY, TIERS, type Interval, type Tier } from "./plans";
import { configuredPlans } from "./plans.server";
import { localPaymentId } from "./providers/local.server";
import type { PaymentProvider } from "./providers/provider";

export interface Membership {
  id: string;
  tier: Tier;
  creator: { handle: string | null; displayName: string | null } | null;
  status: string;
  interval: Interval;
  amountCents: number | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  provider: "local" | "stripe";
}

export async function membershipsOf(db: Database, userId: string): Promise<Membership[]> {
  const plans = configuredPlans();
  const amount = (tier: Tier, interval: Interval, priceId: string | null) => amountOf(plans, tier, interval, priceId);
  const [premium, supports] = await Promise.all([
    db
      .select()
      .from(platformSubscriptions)
      .where(and(eq(platformSubscriptions.userId, userId), inArray(platformSubscriptions.status, [...RENEWING_STATUSES])))
      .orderBy(desc(platformSubscriptions.createdAt)),
    db
      .select({ s: creatorSupporters, handle: profiles.handle, displayName: profiles.displayName })
      .from(creatorSupporters)
      .innerJoin(profiles, eq(profiles.id, creatorSupporters.creatorId))
      .where(and(eq(creatorSupporters.userId, userId), inArray(creatorSupporters.status, [...RENEWING_STATUSES])))
      .orderBy(desc(creatorSupporters.createdAt)),
  ]);
  const common = (s: typeof platformSubscriptions.$inferSelect | typeof creatorSupporters.$inferSelect) => ({
    id: s.id,
    status: s.status,
    interval: s.interval,
    trialEnd: s.trialEnd,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    provider: s.provider,
  });
  return [
    ...premium.map((s) => ({ ...common(s), tier: "premium" as const, creator: null, amountCents: amount("premium", s.interval, s.priceId) })),
    ...supports.map(({ s, handle, displayName }) => ({
      ...common(s),
      tier: "supporter" as const,
      creator: { handle, displayName },
      amountCents: amount("supporter", s.interval, s.priceId),
    })),
  ];
}

export const membershipChangeSchema = z.object({
  subscriptionId: z.uuid(),
  action: z.enum(["cancel", "resume", "switch"]),
});

export type ChangeResult = { ok: true; message: string } | { ok: false; status: number; error: string };

export async function changeMembership(db: Database, provider: PaymentProvider, userId: string, input: unknown): Promise<ChangeResult> {
  const parsed = membershipChangeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: "This change is not valid." };
  const { subscriptionId, action } = parsed.data;
  const mine = (await membershipsOf(db, userId)).find((m) => m.id === subscriptionId);
  if (!mine) return { ok: false, status: 404, error: "This membership was not found." };
  const [row] =
    mine.tier === "premium"
      ? await db.select().from(platformSubscriptions).where(eq(platformSubscriptions.id, subscriptionId))
      : await db.select().from(creatorSupporters).where(eq(creatorSupporters.id, subscriptionId));
  const ref = { provider: row.provider, providerSubscriptionId: row.providerSubscriptionId!, providerCustomerId: row.providerCustomerId };
  switch (action) {
    case "cancel":
      await provider.changeSubscription(ref, { cancelAtPeriodEnd: true });
      return { ok: true, message: "Your membership will end at the end of the current period." };
    case "resume":
      await provider.changeSubscription(ref, { cancelAtPeriodEnd: false });
      return { ok: true, message: "Your membership will renew as before." };
    case "switch": {
      const interval: Interval = mine.interval === "month" ? "year" : "month";
      await provider.changeSubscription(ref, { priceId: configuredPlans()[mine.tier][interval].priceId });
      return { ok: true, message: interval === "year" ? "You now pay yearly." : "You now pay monthly." };
    }
  }
}

/**
 * The local provider's clock (Stripe keeps its own): when a period ends, a
 * membership set to cancel ends and loses access, with nothing charged; any
 * other one is charged its plan's amount to the test card and runs for
 * another period. Each renewal and its payment are one transaction, and the
 * payment's id names the period, so running the clock again (or on two
 * servers at once) never charges a period twice.
 */
export async function advanceLocalMemberships(db: Database, now = new Date()): Promise<{ ended: number; renewed: number }> {
  let ended = 0;
  let renewed = 0;
  for (const tier of TIERS) {
    const table = tier === "premium" ? platformSubscriptions : creatorSupporters;
    const due = and(eq(table.provider, "local"), inArray(table.status, [...ENTITLED_STATUSES]), lte(table.currentPeriodEnd, now));
    ended += (
      await db
        .update(table)
        // It ended when its period did (the clock may come a minute later).
        .set({ status: "canceled", canceledAt: sql`coalesce(${table.canceledAt}, now())`, endedAt: sql`${table.currentPeriodEnd}`, updatedAt: now })
        .where(and(due, eq(table.cancelAtPeriodEnd, true)))
        .returning({ id: table.id })
    ).length;
    const renewing = and(due, eq(table.cancelAtPeriodEnd, false));
    for (const { id } of await db.select({ id: table.id }).from(table).where(renewing)) {
      if (await renewLocalMembership(db, tier, id, renewing, now)) renewed++;
    }
  }
  return { ended, renewed };
}

/** One renewal: the next period and its payment. False when it is no longer due (another clock renewed it, or it was cancelled meanwhile). */
function renewLocalMembership(db: Database, tier: Tier, id: string, renewing: SQL | undefined, now: Date): Promise<boolean> {
  const table = tier === "premium" ? platformSubscriptions : creatorSupporters;
  return db.transaction(async (tx) => {
    // Locked, and checked again under the lock: a concurrent clock waits here, then finds it renewed.
    const [row] = await tx
      .select({
        userId: table.userId,
        periodStart: table.currentPeriodEnd,
        country: table.country,
        creatorId: tier === "supporter" ? creatorSupporters.creatorId : sql<null>`null`,
      })
      .from(table)
      .where(and(eq(table.id, id), renewing))
      .for("update");
    if (!row?.periodStart) return false;
    const [next] = await tx
      .update(table)
      .set({
        status: "active",
        currentPeriodEnd: sql`${table.currentPeriodEnd} + case when ${table.interval} = 'year' then interval '1 year' else interval '1 month' end`,
        updatedAt: now,
      })
      .where(eq(table.id, id))
      .returning({ periodEnd: table.currentPeriodEnd, interval: table.interval, priceId: table.priceId });
    await recordPayment(tx, {
      provider: "local",
      providerPaymentId: localPaymentId(id, row.periodStart),
      userId: row.userId,
      subscription: row.creatorId ? { tier: "supporter", id, creatorId: row.creatorId } : { tier: "premium", id },
      amountCents: amountOf(configuredPlans(), tier, next.interval, next.priceId),
      taxCents: 0,
      currency: CURRENCY,
      status: "succeeded",
      paidAt: now,
      periodStart: row.periodStart,
      periodEnd: next.periodEnd,
      receiptUrl: null,
      // The country the member chose at checkout: its VAT applies to every renewal.
      country: row.country,
    });
    return true;
  });
}
