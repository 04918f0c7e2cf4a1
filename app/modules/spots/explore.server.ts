/**
 * Explore: every published spot of every published map, map-first. Filtered
 * by the site's categories (a creator's own categories, an imported layer's
 * say, are theirs: they are not Explore's filters) and by words (`q`),
 * ordered by distance when the visitor shares where they are, gated like
 * everywhere else. A locked spot is placed, measured and even ordered by its
 * approximate area only, so "near me" cannot pinpoint it, and matched by its
 * name only, never by its gated text.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { prefixQuery, textQuery, typedQuery } from "~/lib/text-search.server";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { spotPosition, type GatedSpot } from "~/modules/spots";
import { gatedSpotColumns, toGatedSpot, visibleSpots } from "~/modules/spots/index.server";
import { categories, SEARCH_CONFIG, spots } from "#db/schema";

export const EXPLORE_PAGE_SIZE = 24;
/** The map shows at most this many spots (nearest or newest first). */
export const EXPLORE_MAP_LIMIT = 1000;
const EXPLORE_QUERY_MAX = 200;

export const exploreQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  near: z
    .string()
    .transform((v, ctx) => {
      const [lat, lng] = v.split(",").map(Number);
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        ctx.addIssue({ code: "custom", message: "That location could not be used." });
        return z.NEVER;
      }
      return { lat, lng };
    })
    .optional(),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
  /** Words to find (names, summaries and addresses, as site search does); blank is no filter. */
  q: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v?.replace(/\s+/g, " ").trim().slice(0, EXPLORE_QUERY_MAX) || undefined),
});
export type ExploreQuery = Omit<z.output<typeof exploreQuerySchema>, "q"> & { q?: string };

/** Parses the query string; an unusable location is dropped with a message, never an error page. */
export function parseExploreQuery(params: URLSearchParams): { query: ExploreQuery; problem: string | null } {
  const raw = Object.fromEntries([...params].filter(([k]) => k === "category" || k === "near" || k === "page" || k === "q"));
  const parsed = exploreQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  const { near: _near, ...rest } = raw;
  return { query: exploreQuerySchema.parse(rest), problem: "That location could not be used." };
}

/** A spot on Explore: the GatedSpot, its map, the path segment of /explore/{ref}, and how far it is. */
export type ExploreSpot = GatedSpot & {
  /** The slug, or the id where slugs repeat. */
  ref: string;
  map: { title: string; currentSlug: string };
  /** Kilometres from the visitor (to the area of a locked spot), when they shared their position. */
  distanceKm: number | null;
};

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export async function exploreCategories(db: Database) {
  // Counted as anyone sees them: locked spots count, drafts do not.
  const vs = visibleSpots(db, NO_ENTITLEMENTS);
  return (
    db
      .select({ slug: categories.slug, name: categories.name, spotCount: sql<number>`count(${vs.id})::int` })
      .from(vs)
      .innerJoin(categories, and(eq(categories.id, vs.categoryId), isNull(categories.ownerId)))
      .groupBy(categories.id)
      // The back office's order of the site's categories.
      .orderBy(asc(categories.position), asc(categories.name))
  );
}

/** Explore's spots; `cityId` narrows them to the maps of one destination. */
export async function exploreSpots(db: Database, viewer: Entitlements, query: ExploreQuery & { cityId?: number }) {
  const vs = visibleSpots(db, viewer);
  const siteCategory = (slug: string) =>
    inArray(
      vs.categoryId,
      db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.slug, slug), isNull(categories.ownerId))),
    );
  const where = and(
    query.category ? siteCategory(query.category) : undefined,
    query.cityId === undefined ? undefined : eq(vs.mapCityId, query.cityId),
    query.q ? textMatch(vs, query.q) : undefined,
  );
  // A locked spot's lat/lng are its rounded area already: it is ordered by that, never by the place.
  const order: SQL[] = query.near
    ? [sql`power(${vs.lat} - ${query.near.lat}, 2) + power((${vs.lng} - ${query.near.lng}) * ${Math.cos((query.near.lat * Math.PI) / 180)}, 2)`, asc(vs.id)]
    : [desc(vs.mapPublishedAt), asc(vs.mapId), asc(vs.position)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...gatedSpotColumns(vs), mapTitle: vs.mapTitle, mapSlug: vs.mapSlug })
      .from(vs)
      .where(where)
      .orderBy(...order)
      .limit(EXPLORE_MAP_LIMIT),
    db.select({ total: count() }).from(vs).where(where),
  ]);
  const refs = await refsFor(db, rows);
  const all: ExploreSpot[] = rows.map((row) => {
    const spot = toGatedSpot(row);
    return {
      ...spot,
      ref: refs.get(row.id)!,
      map: { title: row.mapTitle, currentSlug: row.mapSlug },
      distanceKm: query.near ? Math.round(distanceKm(query.near, spotPosition(spot)) * 10) / 10 : null,
    };
  });
  const start = (query.page - 1) * EXPLORE_PAGE_SIZE;
  return {
    total,
    onMap: all,
    page: all.slice(start, start + EXPLORE_PAGE_SIZE),
    pages: Math.max(1, Math.ceil(Math.min(total, EXPLORE_MAP_LIMIT) / EXPLORE_PAGE_SIZE)),
  };
}

/**
 * The words, typed whole or the last one halfway ("park gu"), accents ignored: in a spot's
 * text when the viewer may open it, in its name alone when it is locked for them.
 */
function textMatch(vs: ReturnType<typeof visibleSpots>, q: string): SQL {
  const prefix = prefixQuery(q);
  const query = prefix ? sql`(${typedQuery(q)} || ${textQuery(prefix)})` : typedQuery(q);
  return sql`(case when ${vs.access} = 'full' then ${vs.fts} @@ ${query} else to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${vs.name}) @@ ${query} end)`;
}

/** Slugs shared by several published spots (unique only within a map) are linked by id. */
async function refsFor(db: Database, rows: { id: string; slug: string }[]): Promise<Map<string, string>> {
  const refs = new Map(rows.map((r) => [r.id, r.slug]));
  const slugs = [...new Set(rows.map((r) => r.slug))];
  if (slugs.length === 0) return refs;
  const repeated = await db
    .select({ slug: spots.slug })
    .from(spots)
    .where(and(inArray(spots.slug, slugs), eq(spots.isPublished, true)))
    .groupBy(spots.slug)
    .having(sql`count(*) > 1`);
  const shared = new Set(repeated.map((r) => r.slug));
  for (const r of rows) if (shared.has(r.slug)) refs.set(r.id, r.id);
  return refs;
}

/** /explore/{ref}: the spot (by id, or by a slug: the oldest published spot that has it) and its map. */
export async function findExploreSpot(db: Database, ref: string): Promise<{ mapId: string; spotId: string } | null> {
  const vs = visibleSpots(db, NO_ENTITLEMENTS);
  const [row] = await db
    .select({ mapId: vs.mapId, spotId: vs.id })
    .from(vs)
    .where(isUuid(ref) ? or(eq(vs.id, ref), eq(vs.slug, ref)) : eq(vs.slug, ref))
    .orderBy(asc(vs.mapPublishedAt), asc(vs.id))
    .limit(1);
  return row ?? null;
}
