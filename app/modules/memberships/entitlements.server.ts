/**
 * A member's entitlements read afresh from the database, for work that has no request of theirs to
 * take them from (a private feed read by a feed reader, a post's email): the same rule as the
 * viewer's (`loadViewer`, `entitlementsOf`), so a membership that has ended counts for nothing
 * from the very next read.
 */
import { and, eq, inArray } from "drizzle-orm";
import { creatorSupporters, platformSubscriptions, profiles } from "#db/schema";
import type { Database } from "~/lib/db.server";
import type { Entitlements } from "~/modules/gate";
import { ENTITLED_STATUSES } from "./statuses";

const entitled = [...ENTITLED_STATUSES];

export async function entitlementsOfUser(db: Database, userId: string): Promise<Entitlements> {
  const [[profile], subscriptions, supports] = await Promise.all([
    db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, userId)).limit(1),
    db
      .select({ id: platformSubscriptions.id })
      .from(platformSubscriptions)
      .where(and(eq(platformSubscriptions.userId, userId), inArray(platformSubscriptions.status, entitled)))
      .limit(1),
    db
      .select({ creatorId: creatorSupporters.creatorId })
      .from(creatorSupporters)
      .where(and(eq(creatorSupporters.userId, userId), inArray(creatorSupporters.status, entitled))),
  ]);
  return {
    userId,
    isAdmin: profile?.isAdmin ?? false,
    // An active supporter of anyone counts as Premium (DESIGN.md section 5).
    hasActiveSubscription: subscriptions.length > 0 || supports.length > 0,
    supportedCreatorIds: supports.map((s) => s.creatorId),
  };
}
