/**
 * Recently viewed spots: one row per user and spot, its time moved forward on
 * every view, so the list is "last seen first" without growing per visit.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { recentViews } from "#db/schema";

/** How many recent spots the Atlas keeps showing. */
export const RECENT_LIMIT = 50;

export async function recordSpotView(db: Database, userId: string, spotId: string): Promise<void> {
  try {
    await db
      .insert(recentViews)
      .values({ userId, spotId })
      .onConflictDoUpdate({ target: [recentViews.userId, recentViews.spotId], set: { viewedAt: sql`now()` } });
  } catch (error) {
    // A page view must never fail because its bookkeeping did.
    logger.warn({ err: error, spotId }, "could not record a spot view");
  }
}

/** The user's recently viewed spot ids, newest first. */
export async function recentSpotIds(db: Database, userId: string, limit = RECENT_LIMIT): Promise<string[]> {
  const rows = await db
    .select({ spotId: recentViews.spotId })
    .from(recentViews)
    .where(eq(recentViews.userId, userId))
    .orderBy(desc(recentViews.viewedAt))
    .limit(limit);
  return rows.map((r) => r.spotId);
}
