/**
 * A creator's public page: who they are, their published maps, and their
 * spots (gated like everywhere else). Unpublished creators exist only for
 * themselves and admins.
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { accessTo, type Entitlements } from "~/modules/memberships/gating";
import type { SpotOnMap } from "~/modules/spots/gated-spot";
import { gatedSpotColumns, toGatedSpot, visibleSpots, type VisibleSpots } from "~/modules/spots/visible-spots.server";
import { followers, maps, profiles } from "#db/schema";

export interface CreatorHeader {
  id: string;
  handle: string;
  displayName: string | null;
  bioText: string | null;
  profileImageUrl: string | null;
  isPublished: boolean;
  counts: { maps: number; spots: number; followers: number };
}

export interface CreatorMapCard {
  id: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
  currentSlug: string;
  spotCount: number;
}

/** The creator behind a handle (case-insensitive), or null if this viewer may not see them. */
export async function loadCreator(db: Database, handle: string, viewer: Entitlements): Promise<CreatorHeader | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      handle: profiles.handle,
      displayName: profiles.displayName,
      bioText: profiles.bioText,
      profileImageUrl: profiles.profileImageUrl,
      isPublished: profiles.isPublished,
      isCreator: profiles.isCreator,
    })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`)
    .limit(1);
  if (!row?.handle || !row.isCreator) return null;
  if (accessTo(viewer, { ownerId: row.id, visibility: "public", isPublished: row.isPublished }) === "hidden") return null;
  const [[mapCount], [spotCount], [followerCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(maps)
      .where(and(eq(maps.ownerId, row.id), eq(maps.isPublished, true))),
    countSpots(db, viewer, row.id),
    db
      .select({ n: count() })
      .from(followers)
      .where(and(eq(followers.creatorId, row.id), eq(followers.status, "active"))),
  ]);
  return {
    id: row.id,
    handle: row.handle,
    displayName: row.displayName,
    bioText: row.bioText,
    profileImageUrl: row.profileImageUrl,
    isPublished: row.isPublished,
    counts: { maps: mapCount.n, spots: spotCount.n, followers: followerCount.n },
  };
}

/** The creator's published spots this viewer may know of (locked ones count). */
function countSpots(db: Database, viewer: Entitlements, creatorId: string) {
  const vs = visibleSpots(db, viewer);
  return db.select({ n: count() }).from(vs).where(eq(vs.ownerId, creatorId));
}

/** The creator's published maps, newest first, each with its spots counted as the header counts them. */
export async function creatorMaps(db: Database, creatorId: string, viewer: Entitlements): Promise<CreatorMapCard[]> {
  const vs = visibleSpots(db, viewer);
  return db
    .select({
      id: maps.id,
      title: maps.title,
      summary: maps.summary,
      coverImageUrl: maps.coverImageUrl,
      currentSlug: maps.currentSlug,
      spotCount: sql<number>`count(${vs.id})::int`,
    })
    .from(maps)
    .leftJoin(vs, eq(vs.mapId, maps.id))
    .where(and(eq(maps.ownerId, creatorId), eq(maps.isPublished, true)))
    .groupBy(maps.id)
    .orderBy(desc(maps.publishedAt), asc(maps.title));
}

/** Published spots of published maps matching `where`, as this viewer may see them, by map title then position. */
export async function spotCards(db: Database, viewer: Entitlements, where?: (vs: VisibleSpots) => SQL | undefined): Promise<SpotOnMap[]> {
  const vs = visibleSpots(db, viewer);
  const rows = await db
    .select({ ...gatedSpotColumns(vs), mapSlug: vs.mapSlug, mapTitle: vs.mapTitle })
    .from(vs)
    .where(where?.(vs))
    .orderBy(asc(vs.mapTitle), asc(vs.position));
  return rows.map((row) => ({ ...toGatedSpot(row), map: { currentSlug: row.mapSlug, title: row.mapTitle } }));
}

/** The creator's published spots across their published maps, gated for this viewer. */
export function creatorSpots(db: Database, creator: CreatorHeader, viewer: Entitlements): Promise<SpotOnMap[]> {
  return spotCards(db, viewer, (vs) => eq(vs.ownerId, creator.id));
}
