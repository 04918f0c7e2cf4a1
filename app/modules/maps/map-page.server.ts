/**
 * A map and its spots as one viewer may see them. Every spot goes through the
 * gating decision: in full, as a locked teaser (name, category, approximate
 * area — no summary, description, photos, address or exact position), or not
 * at all (unpublished, for anyone but its owner and admins).
 */
import { and, asc, eq, or } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { accessTo, type Access, type Entitlements } from "~/modules/memberships/gating";
import { categories, cities, mapSlugs, maps, profiles, spots } from "#db/schema";
import type { Visibility } from "#db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A locked spot's position is rounded to about a kilometre. */
export const APPROXIMATE_DECIMALS = 2;
const approximate = (value: number) => Number(value.toFixed(APPROXIMATE_DECIMALS));

export interface MapHeader {
  id: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
  currentSlug: string;
  isPublished: boolean;
  publishedAt: Date | null;
  creator: { id: string; handle: string | null; displayName: string | null; profileImageUrl: string | null };
  city: { id: number; name: string; country: string } | null;
}

export type SpotCard =
  | {
      locked: false;
      id: string;
      slug: string;
      name: string;
      summary: string | null;
      visibility: Visibility;
      category: { slug: string; name: string } | null;
      coverImageUrl: string | null;
      lat: number;
      lng: number;
      isPublished: boolean;
    }
  | {
      locked: true;
      id: string;
      slug: string;
      name: string;
      visibility: Visibility;
      category: { slug: string; name: string } | null;
      /** Rounded: the area, not the place. */
      approxLat: number;
      approxLng: number;
    };

export type MapLookup = { found: false } | { found: true; redirectTo?: string; mapId: string };

/**
 * `/maps/{ref}` accepts the id or any slug the map ever had. Anything but the
 * current slug answers with where to redirect (301).
 */
export async function resolveMap(db: Database, ref: string): Promise<MapLookup> {
  const byId = UUID.test(ref);
  const [row] = await db
    .select({ id: maps.id, currentSlug: maps.currentSlug })
    .from(maps)
    .where(byId ? or(eq(maps.id, ref), eq(maps.currentSlug, ref)) : eq(maps.currentSlug, ref))
    .limit(1);
  if (row) return { found: true, mapId: row.id, redirectTo: row.currentSlug === ref ? undefined : row.currentSlug };
  const [old] = await db
    .select({ id: maps.id, currentSlug: maps.currentSlug })
    .from(mapSlugs)
    .innerJoin(maps, eq(maps.id, mapSlugs.mapId))
    .where(eq(mapSlugs.slug, ref))
    .limit(1);
  return old ? { found: true, mapId: old.id, redirectTo: old.currentSlug } : { found: false };
}

async function mapHeader(db: Database, mapId: string) {
  const [row] = await db
    .select({
      id: maps.id,
      title: maps.title,
      summary: maps.summary,
      coverImageUrl: maps.coverImageUrl,
      currentSlug: maps.currentSlug,
      isPublished: maps.isPublished,
      publishedAt: maps.publishedAt,
      creatorId: profiles.id,
      creatorHandle: profiles.handle,
      creatorName: profiles.displayName,
      creatorImage: profiles.profileImageUrl,
      creatorPublished: profiles.isPublished,
      cityId: cities.id,
      cityName: cities.name,
      country: cities.country,
    })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .leftJoin(cities, eq(cities.id, maps.cityId))
    .where(eq(maps.id, mapId))
    .limit(1);
  return row;
}

/** The map's access for this viewer: maps themselves are public once published. */
function mapAccess(viewer: Entitlements, row: { creatorId: string; isPublished: boolean; creatorPublished: boolean }): Access {
  return accessTo(viewer, { ownerId: row.creatorId, visibility: "public", isPublished: row.isPublished, ownerPublished: row.creatorPublished });
}

export interface MapPage {
  map: MapHeader;
  spots: SpotCard[];
  /** How many spots are locked for this viewer, by what unlocks them. */
  locked: { premium: number; supporters: number };
}

/** The map page, or null when this viewer may not know the map exists. */
export async function loadMapPage(db: Database, mapId: string, viewer: Entitlements): Promise<MapPage | null> {
  const row = await mapHeader(db, mapId);
  if (!row || mapAccess(viewer, row) === "hidden") return null;
  const rows = await db
    .select({
      id: spots.id,
      slug: spots.slug,
      name: spots.name,
      summary: spots.summary,
      visibility: spots.visibility,
      lat: spots.lat,
      lng: spots.lng,
      coverImageUrl: spots.coverImageUrl,
      isPublished: spots.isPublished,
      categorySlug: categories.slug,
      categoryName: categories.name,
    })
    .from(spots)
    .leftJoin(categories, eq(categories.id, spots.categoryId))
    .where(eq(spots.mapId, mapId))
    .orderBy(asc(spots.position), asc(spots.name));

  const cards: SpotCard[] = [];
  const locked = { premium: 0, supporters: 0 };
  for (const s of rows) {
    const access = accessTo(viewer, { ownerId: row.creatorId, visibility: s.visibility, isPublished: s.isPublished, ownerPublished: row.creatorPublished });
    if (access === "hidden") continue;
    const category = s.categorySlug ? { slug: s.categorySlug, name: s.categoryName ?? s.categorySlug } : null;
    if (access === "locked") {
      locked[s.visibility === "supporters" ? "supporters" : "premium"]++;
      cards.push({
        locked: true,
        id: s.id,
        slug: s.slug,
        name: s.name,
        visibility: s.visibility,
        category,
        approxLat: approximate(s.lat),
        approxLng: approximate(s.lng),
      });
    } else {
      cards.push({
        locked: false,
        id: s.id,
        slug: s.slug,
        name: s.name,
        summary: s.summary,
        visibility: s.visibility,
        category,
        coverImageUrl: s.coverImageUrl,
        lat: s.lat,
        lng: s.lng,
        isPublished: s.isPublished,
      });
    }
  }
  return {
    map: {
      id: row.id,
      title: row.title,
      summary: row.summary,
      coverImageUrl: row.coverImageUrl,
      currentSlug: row.currentSlug,
      isPublished: row.isPublished,
      publishedAt: row.publishedAt,
      creator: { id: row.creatorId, handle: row.creatorHandle, displayName: row.creatorName, profileImageUrl: row.creatorImage },
      city: row.cityId !== null && row.cityName ? { id: row.cityId, name: row.cityName, country: row.country ?? "" } : null,
    },
    spots: cards,
    locked,
  };
}

export type SpotDetail =
  | {
      locked: false;
      id: string;
      slug: string;
      name: string;
      summary: string | null;
      description: string | null;
      address: string | null;
      photos: string[];
      coverImageUrl: string | null;
      lat: number;
      lng: number;
      visibility: Visibility;
      category: { slug: string; name: string } | null;
      /** Directions from wherever the user is (opens their maps app). */
      directionsUrl: string;
    }
  | Extract<SpotCard, { locked: true }>;

export interface SpotPage {
  map: MapHeader;
  spot: SpotDetail;
  /** Neighbours in the creator's order, for moving through the map. */
  previous: { slug: string; name: string } | null;
  next: { slug: string; name: string } | null;
}

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** One spot of a map (by id or slug), gated; null when it does not exist for this viewer. */
export async function loadSpotPage(db: Database, mapId: string, spotRef: string, viewer: Entitlements): Promise<SpotPage | null> {
  const page = await loadMapPage(db, mapId, viewer);
  if (!page) return null;
  const index = page.spots.findIndex((s) => s.slug === spotRef || s.id === spotRef);
  if (index < 0) return null;
  const card = page.spots[index];
  const neighbour = (i: number) => (page.spots[i] ? { slug: page.spots[i].slug, name: page.spots[i].name } : null);
  const around = { previous: neighbour(index - 1), next: neighbour(index + 1) };
  if (card.locked) return { map: page.map, spot: card, ...around };
  // Only now, for a viewer who may see it, read the gated fields.
  const [full] = await db
    .select({ description: spots.description, address: spots.address, photos: spots.photos })
    .from(spots)
    .where(and(eq(spots.id, card.id), eq(spots.mapId, mapId)))
    .limit(1);
  return {
    map: page.map,
    spot: {
      locked: false,
      id: card.id,
      slug: card.slug,
      name: card.name,
      summary: card.summary,
      description: full?.description ?? null,
      address: full?.address ?? null,
      photos: full?.photos ?? [],
      coverImageUrl: card.coverImageUrl,
      lat: card.lat,
      lng: card.lng,
      visibility: card.visibility,
      category: card.category,
      directionsUrl: directionsUrl(card.lat, card.lng),
    },
    ...around,
  };
}
