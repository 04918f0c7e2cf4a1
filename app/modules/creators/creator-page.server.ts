/**
 * A creator's public page: who they are, their published maps, and their
 * spots (gated like everywhere else). Unpublished creators exist only for
 * themselves and admins.
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import type { Entitlements } from "~/modules/gate";
import { creatorSeenBySql } from "./published-creator.server";
import type { SpotOnMap } from "~/modules/spots";
import { gatedSpotColumns, toGatedSpot, visibleSpots, type VisibleSpots } from "~/modules/spots/index.server";
import { followers, maps, profiles, type ProfileLink } from "#db/schema";

export interface CreatorHeader {
  id: string;
  handle: string;
  displayName: string | null;
  bioText: string | null;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  links: ProfileLink[];
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
      coverImageUrl: profiles.coverImageUrl,
      links: profiles.links,
      isPublished: profiles.isPublished,
    })
    .from(profiles)
    .where(and(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`, creatorSeenBySql(viewer)))
    .limit(1);
  if (!row?.handle) return null;
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
    coverImageUrl: row.coverImageUrl,
    links: row.links,
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
export async function spotCards(
  db: Database,
  viewer: Entitlements,
  where?: (vs: VisibleSpots) => SQL | undefined,
  slice?: { limit: number; offset: number },
): Promise<SpotOnMap[]> {
  const vs = visibleSpots(db, viewer);
  const query = db
    .select({ ...gatedSpotColumns(vs), mapSlug: vs.mapSlug, mapTitle: vs.mapTitle })
    .from(vs)
    .where(where?.(vs))
    // The id breaks ties so that pages neither repeat nor skip a spot.
    .orderBy(asc(vs.mapTitle), asc(vs.mapId), asc(vs.position), asc(vs.id));
  const rows = slice ? await query.limit(slice.limit).offset(slice.offset) : await query;
  return rows.map((row) => ({ ...toGatedSpot(row), map: { currentSlug: row.mapSlug, title: row.mapTitle } }));
}

export const CREATOR_SPOTS_PAGE_SIZE = 24;

/** `?page=` of a creator's spots: a whole number from 1; anything else is the first page. */
export const creatorSpotsPageSchema = z.coerce.number().int().min(1).max(1000).catch(1);

export interface CreatorSpotsPage {
  spots: SpotOnMap[];
  page: number;
  pages: number;
  total: number;
}

/** One page of the creator's published spots across their published maps, gated for this viewer. */
export async function creatorSpots(db: Database, creator: CreatorHeader, viewer: Entitlements, page = 1): Promise<CreatorSpotsPage> {
  const mine = (vs: VisibleSpots) => eq(vs.ownerId, creator.id);
  const [spots, [{ n: total }]] = await Promise.all([
    spotCards(db, viewer, mine, { limit: CREATOR_SPOTS_PAGE_SIZE, offset: (page - 1) * CREATOR_SPOTS_PAGE_SIZE }),
    countSpots(db, viewer, creator.id),
  ]);
  return { spots, page, pages: Math.max(1, Math.ceil(total / CREATOR_SPOTS_PAGE_SIZE)), total };
}

/** What `/@{handle}` loads for its header and tabs (the tabs read it from the parent route). */
export interface CreatorPageData {
  creator: NonNullable<Awaited<ReturnType<typeof loadCreator>>>;
  maps: Awaited<ReturnType<typeof creatorMaps>>;
  canonical: string;
  /** The creator's public Atom feed of posts. */
  feed: string;
}
