/**
 * A creator's public page: who they are, their published maps, and their
 * spots (gated like everywhere else). Unpublished creators exist only for
 * themselves and admins.
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { accessTo, type Entitlements } from "~/modules/memberships/gating";
import { categories, followers, maps, profiles, spots } from "#db/schema";
import type { Visibility } from "#db/schema";

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

export type CreatorSpotCard = {
  id: string;
  slug: string;
  name: string;
  map: { currentSlug: string; title: string };
  category: string | null;
  visibility: Visibility;
} & ({ locked: false; summary: string | null } | { locked: true });

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
    db
      .select({ n: count() })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(maps.ownerId, row.id), eq(maps.isPublished, true), eq(spots.isPublished, true))),
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

/** The creator's published maps, newest first. */
export async function creatorMaps(db: Database, creatorId: string): Promise<CreatorMapCard[]> {
  return db
    .select({
      id: maps.id,
      title: maps.title,
      summary: maps.summary,
      coverImageUrl: maps.coverImageUrl,
      currentSlug: maps.currentSlug,
      spotCount: sql<number>`count(${spots.id})::int`,
    })
    .from(maps)
    .leftJoin(spots, and(eq(spots.mapId, maps.id), eq(spots.isPublished, true)))
    .where(and(eq(maps.ownerId, creatorId), eq(maps.isPublished, true)))
    .groupBy(maps.id)
    .orderBy(desc(maps.publishedAt), asc(maps.title));
}

/** Published spots of published maps matching `where`, gated for this viewer. */
export async function spotCards(db: Database, where: SQL | undefined, viewer: Entitlements): Promise<CreatorSpotCard[]> {
  const rows = await db
    .select({
      id: spots.id,
      slug: spots.slug,
      name: spots.name,
      summary: spots.summary,
      visibility: spots.visibility,
      category: categories.name,
      mapSlug: maps.currentSlug,
      mapTitle: maps.title,
      ownerId: maps.ownerId,
      ownerPublished: profiles.isPublished,
    })
    .from(spots)
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .leftJoin(categories, eq(categories.id, spots.categoryId))
    .where(and(eq(maps.isPublished, true), eq(spots.isPublished, true), where))
    .orderBy(asc(maps.title), asc(spots.position));
  const cards: CreatorSpotCard[] = [];
  for (const s of rows) {
    const access = accessTo(viewer, { ownerId: s.ownerId, visibility: s.visibility, isPublished: true, ownerPublished: s.ownerPublished });
    if (access === "hidden") continue;
    const base = { id: s.id, slug: s.slug, name: s.name, map: { currentSlug: s.mapSlug, title: s.mapTitle }, category: s.category, visibility: s.visibility };
    cards.push(access === "full" ? { ...base, locked: false, summary: s.summary } : { ...base, locked: true });
  }
  return cards;
}

/** The creator's published spots across their published maps, gated for this viewer. */
export function creatorSpots(db: Database, creator: CreatorHeader, viewer: Entitlements): Promise<CreatorSpotCard[]> {
  return spotCards(db, eq(maps.ownerId, creator.id), viewer);
}
