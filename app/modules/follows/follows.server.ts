/**
 * Following creators. A follow is a row per (user, creator); unfollowing
 * keeps the row as inactive, so following again is the same row.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { followers, profiles } from "#db/schema";

export type FollowResult = { ok: true; following: boolean } | { ok: false; status: number; error: string };

export async function setFollowing(db: Database, userId: string, creatorId: string, follow: boolean): Promise<FollowResult> {
  const [creator] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, creatorId), publishedCreatorSql))
    .limit(1);
  if (!creator) return { ok: false, status: 404, error: "This creator does not exist" };
  if (creator.id === userId) return { ok: false, status: 400, error: "You cannot follow yourself" };
  const status = follow ? "active" : "inactive";
  await db
    .insert(followers)
    .values({ userId, creatorId, status })
    .onConflictDoUpdate({ target: [followers.userId, followers.creatorId], set: { status, updatedAt: sql`now()` } });
  return { ok: true, following: follow };
}
