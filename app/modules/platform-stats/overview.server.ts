/**
 * The back office's first page: how big the platform is and whether mail flows.
 * "Published" is what the public sees, counted by the same definitions the public
 * pages use (visibleSpots, the gate's mapItem): a published spot of a draft map or
 * of an unpublished creator is published to nobody, so it is not counted.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { visibleSpots } from "~/modules/spots/index.server";
import { EMAIL_STATUSES, creatorApplications, emailOutbox, emailSuppressions, maps, profiles, user } from "#db/schema";

export interface AdminOverview {
  users: number;
  creators: number;
  publishedMaps: number;
  publishedSpots: number;
  pendingApplications: number;
  email: Record<(typeof EMAIL_STATUSES)[number], number>;
  /** The latest messages that failed or bounced, newest first. */
  recentFailures: { to: string; template: string; status: "failed" | "bounced"; lastError: string | null; createdAt: Date }[];
  /** Addresses on the suppression list (they bounced; nothing is sent to them). */
  suppressedAddresses: number;
}

export async function adminOverview(db: Database): Promise<AdminOverview> {
  const [[users], [creators], [publishedMaps], [publishedSpots], [pending], byStatus, recentFailures, [suppressed]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(profiles).where(eq(profiles.isCreator, true)),
    db
      .select({ n: count() })
      .from(maps)
      .innerJoin(profiles, eq(profiles.id, maps.ownerId))
      .where(and(eq(maps.isPublished, true), canSeeSql(NO_ENTITLEMENTS, mapItem))),
    db.select({ n: count() }).from(visibleSpots(db, NO_ENTITLEMENTS)),
    db.select({ n: count() }).from(creatorApplications).where(eq(creatorApplications.status, "pending")),
    db
      .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status),
    db
      .select({
        to: emailOutbox.to,
        template: emailOutbox.template,
        status: sql<"failed" | "bounced">`${emailOutbox.status}`,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["failed", "bounced"]))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(10),
    db.select({ n: count() }).from(emailSuppressions),
  ]);
  const email = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as AdminOverview["email"];
  for (const row of byStatus) email[row.status] = row.n;
  return {
    users: users.n,
    creators: creators.n,
    publishedMaps: publishedMaps.n,
    publishedSpots: publishedSpots.n,
    pendingApplications: pending.n,
    email,
    recentFailures,
    suppressedAddresses: suppressed.n,
  };
}
