/** The Creator Studio's first page: the creator's own maps and audience. */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Entitlements } from "~/modules/memberships/gating";
import { visibleSpots } from "~/modules/spots/visible-spots.server";
import { ENTITLED_STATUSES, creatorSupporters, followers, maps } from "#db/schema";

export interface StudioMap {
  id: string;
  title: string;
  currentSlug: string;
  isPublished: boolean;
  spotCount: number;
  updatedAt: Date;
}

export interface StudioOverview {
  maps: StudioMap[];
  followers: number;
  supporters: number;
}

/** Selected by owner id: a creator only ever sees their own maps. */
export async function studioOverview(db: Database, creatorId: string): Promise<StudioOverview> {
  // A map's spots as its owner sees them on the map page ("View"): drafts included.
  const owner: Entitlements = { userId: creatorId, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
  const vs = visibleSpots(db, owner, { includeDrafts: true });
  const [mapRows, [followerRow], [supporterRow]] = await Promise.all([
    db
      .select({
        id: maps.id,
        title: maps.title,
        currentSlug: maps.currentSlug,
        isPublished: maps.isPublished,
        updatedAt: maps.updatedAt,
        spotCount: sql<number>`count(${vs.id})::int`,
      })
      .from(maps)
      .leftJoin(vs, eq(vs.mapId, maps.id))
      .where(eq(maps.ownerId, creatorId))
      .groupBy(maps.id)
      .orderBy(desc(maps.updatedAt), asc(maps.title)),
    db
      .select({ n: count() })
      .from(followers)
      .where(and(eq(followers.creatorId, creatorId), eq(followers.status, "active"))),
    db
      .select({ n: count() })
      .from(creatorSupporters)
      .where(and(eq(creatorSupporters.creatorId, creatorId), inArray(creatorSupporters.status, [...ENTITLED_STATUSES]))),
  ]);
  return { maps: mapRows, followers: followerRow?.n ?? 0, supporters: supporterRow?.n ?? 0 };
}
