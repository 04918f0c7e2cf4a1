/**
 * Spots as one viewer may see them: the one place that joins a spot to its map,
 * creator and category and applies the gate. Every query that reads spots for a
 * page (map, spot, creator, explore, destination, Atlas, bookmarks, search,
 * sitemap) selects from `visibleSpots(db, viewer)` and adds its own filter,
 * order and extras.
 *
 *  - Rows the viewer may not know exist (drafts of others, spots of hidden
 *    maps or creators) are not in the relation at all.
 *  - Gated columns (summary, cover, description, address, website, photos, Google place id) are NULL for
 *    a spot the viewer may not open, and its position is rounded to about a
 *    kilometre, in SQL: the gated values never leave the database for them.
 *  - Listings leave out unpublished spots and maps even for their owner;
 *    `includeDrafts` keeps them for the owner and admins (the map and spot pages).
 */
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { markdownTree } from "~/lib/markdown/index.server";
import { accessSql, canSeeSql, canViewSql, type GatedColumns } from "~/modules/gate/index.server";
import type { Access, Entitlements } from "~/modules/gate";
import { categories, maps, profiles, spots, type SpotPhoto, type Visibility } from "#db/schema";
import { APPROXIMATE_DECIMALS, directionsUrl, type GatedSpot, type SpotDetail } from "./gated-spot";

const spotItem: GatedColumns = {
  ownerId: maps.ownerId,
  visibility: spots.visibility,
  isPublished: sql`(${spots.isPublished} and ${maps.isPublished})`,
  ownerPublished: profiles.isPublished,
};

export interface VisibleSpotsOptions {
  /** Keep unpublished spots and maps (seen only by their owner and admins). */
  includeDrafts?: boolean;
}

/** The relation of spots this viewer may see, as a subquery to select from. */
export function visibleSpots(db: Database, viewer: Entitlements, opts: VisibleSpotsOptions = {}) {
  const full = canViewSql(viewer, spotItem);
  const gated = <T>(column: SQLWrapper) => sql<T | null>`case when ${full} then ${column} end`;
  const position = (column: SQLWrapper) =>
    sql<number>`case when ${full} then ${column} else round(${column}::numeric, ${sql.raw(String(APPROXIMATE_DECIMALS))})::float8 end`.mapWith(Number);
  return db
    .select({
      id: spots.id,
      slug: spots.slug,
      name: spots.name,
      visibility: spots.visibility,
      position: spots.position,
      isPublished: spots.isPublished,
      fts: spots.fts,
      categoryId: spots.categoryId,
      updatedAt: spots.updatedAt,
      access: accessSql(viewer, spotItem).as("access"),
      summary: gated<string>(spots.summary).as("summary"),
      coverImageUrl: gated<string>(spots.coverImageUrl).as("cover_image_url"),
      description: gated<string>(spots.description).as("description"),
      address: gated<string>(spots.address).as("address"),
      website: gated<string>(spots.website).as("website"),
      googlePlaceId: gated<string>(spots.googlePlaceId).as("google_place_id"),
      photos: gated<SpotPhoto[]>(spots.photos).mapWith(spots.photos).as("photos"),
      lat: position(spots.lat).as("lat"),
      lng: position(spots.lng).as("lng"),
      categorySlug: sql<string | null>`${categories.slug}`.as("category_slug"),
      categoryName: sql<string | null>`${categories.name}`.as("category_name"),
      // How the category's pins look (its own colour and icon: a My Maps layer's); public like its name.
      categoryColor: sql<string | null>`${categories.color}`.as("category_color"),
      categoryIcon: sql<string | null>`${categories.icon}`.as("category_icon"),
      mapId: sql<string>`${maps.id}`.as("map_id"),
      mapTitle: sql<string>`${maps.title}`.as("map_title"),
      mapSlug: sql<string>`${maps.currentSlug}`.as("map_slug"),
      mapCityId: sql<number | null>`${maps.cityId}`.as("map_city_id"),
      mapPublishedAt: sql<Date | null>`${maps.publishedAt}`.mapWith(maps.publishedAt).as("map_published_at"),
      ownerId: sql<string>`${maps.ownerId}`.as("owner_id"),
    })
    .from(spots)
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .leftJoin(categories, eq(categories.id, spots.categoryId))
    .where(and(canSeeSql(viewer, spotItem), opts.includeDrafts ? undefined : and(eq(spots.isPublished, true), eq(maps.isPublished, true))))
    .as("visible_spots");
}

export type VisibleSpots = ReturnType<typeof visibleSpots>;

/** The columns a GatedSpot is made of; spread them into a select and add the page's extras. */
export function gatedSpotColumns(vs: VisibleSpots) {
  return {
    id: vs.id,
    slug: vs.slug,
    name: vs.name,
    visibility: vs.visibility,
    access: vs.access,
    summary: vs.summary,
    coverImageUrl: vs.coverImageUrl,
    lat: vs.lat,
    lng: vs.lng,
    isPublished: vs.isPublished,
    categorySlug: vs.categorySlug,
    categoryName: vs.categoryName,
  };
}

interface GatedSpotRow {
  id: string;
  slug: string;
  name: string;
  visibility: Visibility;
  access: Access;
  summary: string | null;
  coverImageUrl: string | null;
  lat: number;
  lng: number;
  isPublished: boolean;
  categorySlug: string | null;
  categoryName: string | null;
}

/** A selected row as the viewer may see it: the teaser carries no gated field at all. */
export function toGatedSpot(row: GatedSpotRow): GatedSpot {
  const category = row.categorySlug ? { slug: row.categorySlug, name: row.categoryName ?? row.categorySlug } : null;
  const { id, slug, name, visibility } = row;
  if (row.access !== "full") return { locked: true, id, slug, name, visibility, category, approxLat: row.lat, approxLng: row.lng };
  return {
    locked: false,
    id,
    slug,
    name,
    summary: row.summary,
    visibility,
    category,
    coverImageUrl: row.coverImageUrl,
    lat: row.lat,
    lng: row.lng,
    isPublished: row.isPublished,
  };
}

/** The spot page's spot: details only for a viewer who may open it, its description parsed here (the page's scripts carry no parser). */
export async function gatedSpotDetail(db: Database, viewer: Entitlements, where: (vs: VisibleSpots) => SQL | undefined): Promise<SpotDetail | null> {
  const vs = visibleSpots(db, viewer, { includeDrafts: true });
  const [row] = await db
    .select({
      ...gatedSpotColumns(vs),
      description: vs.description,
      address: vs.address,
      website: vs.website,
      photos: vs.photos,
      googlePlaceId: vs.googlePlaceId,
    })
    .from(vs)
    .where(where(vs))
    .limit(1);
  if (!row) return null;
  const spot = toGatedSpot(row);
  if (spot.locked) return spot;
  return {
    ...spot,
    description: row.description?.trim() ? markdownTree(row.description) : null,
    address: row.address,
    website: row.website,
    googlePlaceId: row.googlePlaceId,
    photos: (row.photos ?? []).map(({ src, srcset, alt, width, height }) => ({ src, srcset, alt, width, height })),
    directionsUrl: directionsUrl(spot.lat, spot.lng),
  };
}
