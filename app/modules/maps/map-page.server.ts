/**
 * A map and its spots as one viewer may see them. Every spot goes through the
 * gating decision: in full, as a locked teaser (name, category, approximate
 * area — no summary, description, photos, address or exact position), or not
 * at all (unpublished, for anyone but its owner and admins).
 */
import { and, asc, eq, or } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { accessTo, type Access, type Entitlements } from "~/modules/gate";
import type { GatedSpot, SpotDetail } from "~/modules/spots";
import { pinStyleOf, type PinStyle } from "~/modules/categories";
import { gatedSpotColumns, gatedSpotDetail, toGatedSpot, visibleSpots } from "~/modules/spots/index.server";
import { cities, mapSlugs, maps, profiles } from "#db/schema";

export interface MapHeader {
  id: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
  currentSlug: string;
  isPublished: boolean;
  publishedAt: Date | null;
  creator: { id: string; handle: string | null; displayName: string | null; profileImageUrl: string | null };
  city: { id: number; name: string; country: string; lat: number; lng: number } | null;
}

export type MapLookup = { found: false } | { found: true; redirectTo?: string; mapId: string; creatorId: string };

/** The map an address names, whoever asks: public content only (no viewer), so it may be shared. */
export interface MapAtAddress {
  id: string;
  currentSlug: string;
  creatorId: string;
  isPublished: boolean;
  creatorPublished: boolean;
}

/** The map at `/maps/{ref}`: by its id or any slug it ever had; null when there is none. */
export async function findMapByRef(db: Database, ref: string): Promise<MapAtAddress | null> {
  const columns = {
    id: maps.id,
    currentSlug: maps.currentSlug,
    creatorId: maps.ownerId,
    isPublished: maps.isPublished,
    creatorPublished: profiles.isPublished,
  };
  const byId = isUuid(ref);
  const [row] = await db
    .select(columns)
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(byId ? or(eq(maps.id, ref), eq(maps.currentSlug, ref)) : eq(maps.currentSlug, ref))
    .limit(1);
  if (row) return row;
  const [old] = await db
    .select(columns)
    .from(mapSlugs)
    .innerJoin(maps, eq(maps.id, mapSlugs.mapId))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(eq(mapSlugs.slug, ref))
    .limit(1);
  return old ?? null;
}

/**
 * `/maps/{ref}` accepts the id or any slug the map ever had. Anything but the
 * current slug answers with where to redirect (301) — but only to a viewer who
 * may see the map: for anyone else a hidden map is not found at any address,
 * so the redirect cannot reveal that it exists or what it is now called.
 */
export function mapLookup(found: MapAtAddress | null, ref: string, viewer: Entitlements): MapLookup {
  if (!found || mapAccess(viewer, found) === "hidden") return { found: false };
  return { found: true, mapId: found.id, creatorId: found.creatorId, redirectTo: found.currentSlug === ref ? undefined : found.currentSlug };
}

export async function resolveMap(db: Database, ref: string, viewer: Entitlements): Promise<MapLookup> {
  return mapLookup(await findMapByRef(db, ref), ref, viewer);
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
      cityLat: cities.lat,
      cityLng: cities.lng,
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

/** A category the map's spots are in: the filter's chip and the look of its pins. */
export interface MapCategory {
  slug: string;
  name: string;
  /** How many of the map's spots (this viewer sees) are in it. */
  count: number;
  pin: PinStyle;
}

export interface MapPage {
  map: MapHeader;
  /** The spots in the creator's order: all of them, or those of the chosen category. */
  spots: GatedSpot[];
  /** How many spots the map has for this viewer, whatever the filter. */
  total: number;
  /** The categories of the map's spots, most spots first: the filter's choices and the pins' colours and icons. */
  categories: MapCategory[];
  /** The category the spots are filtered by (`?category=`), when it is one of `categories`. */
  category: string | null;
  /** How many spots are locked for this viewer, by what unlocks them. */
  locked: { premium: number; supporters: number };
}

export interface MapPageOptions {
  /** Show only the spots of this category (its slug); anything that is not one of the map's categories shows every spot. */
  category?: string | null;
}

/** The map's categories from its spots' rows, counted, most spots first, then by name. */
function categoriesOf(rows: { categorySlug: string | null; categoryName: string | null; categoryColor: string | null; categoryIcon: string | null }[]) {
  const found = new Map<string, MapCategory>();
  for (const row of rows) {
    if (!row.categorySlug) continue;
    const seen = found.get(row.categorySlug);
    if (seen) seen.count++;
    else
      found.set(row.categorySlug, {
        slug: row.categorySlug,
        name: row.categoryName ?? row.categorySlug,
        count: 1,
        pin: pinStyleOf({ slug: row.categorySlug, color: row.categoryColor, icon: row.categoryIcon }),
      });
  }
  return [...found.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The map page, or null when this viewer may not know the map exists. */
export async function loadMapPage(db: Database, mapId: string, viewer: Entitlements, options: MapPageOptions = {}): Promise<MapPage | null> {
  const row = await mapHeader(db, mapId);
  if (!row || mapAccess(viewer, row) === "hidden") return null;
  const vs = visibleSpots(db, viewer, { includeDrafts: true });
  const rows = await db
    .select({ ...gatedSpotColumns(vs), categoryColor: vs.categoryColor, categoryIcon: vs.categoryIcon })
    .from(vs)
    .where(eq(vs.mapId, mapId))
    .orderBy(asc(vs.position), asc(vs.name));
  const cards = rows.map(toGatedSpot);
  const categories = categoriesOf(rows);
  const category = options.category && categories.some((c) => c.slug === options.category) ? options.category : null;
  const locked = { premium: 0, supporters: 0 };
  for (const card of cards) if (card.locked) locked[card.visibility === "supporters" ? "supporters" : "premium"]++;
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
      city:
        row.cityId !== null && row.cityName
          ? { id: row.cityId, name: row.cityName, country: row.country ?? "", lat: row.cityLat ?? 0, lng: row.cityLng ?? 0 }
          : null,
    },
    spots: category ? cards.filter((card) => card.category?.slug === category) : cards,
    total: cards.length,
    categories,
    category,
    locked,
  };
}

export interface SpotPage {
  map: MapHeader;
  spot: SpotDetail;
  /** Neighbours in the creator's order, for moving through the map. */
  previous: { slug: string; name: string } | null;
  next: { slug: string; name: string } | null;
  /** The map's other spots, gated like the map page's: its map shows them around this one. */
  others: GatedSpot[];
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
  // The details come from the same gate: a locked spot's stay in the database.
  const spot = await gatedSpotDetail(db, viewer, (vs) => and(eq(vs.id, card.id), eq(vs.mapId, mapId)));
  return spot ? { map: page.map, spot, ...around, others: page.spots.filter((s) => s.id !== card.id) } : null;
}
