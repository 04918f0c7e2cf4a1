/**
 * Explore: every published spot of every published map, map-first. Filtered
 * by category, ordered by distance when the visitor shares where they are,
 * gated like everywhere else. A locked spot is placed, measured and even
 * ordered by its approximate area only, so "near me" cannot pinpoint it.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { APPROXIMATE_DECIMALS } from "~/modules/maps/map-page.server";
import { accessTo, type Entitlements } from "~/modules/memberships/gating";
import { categories, maps, profiles, spots } from "#db/schema";
import type { Visibility } from "#db/schema";

export const EXPLORE_PAGE_SIZE = 24;
/** The map shows at most this many spots (nearest or newest first). */
export const EXPLORE_MAP_LIMIT = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
});
export type ExploreQuery = z.output<typeof exploreQuerySchema>;

/** Parses the query string; an unusable location is dropped with a message, never an error page. */
export function parseExploreQuery(params: URLSearchParams): { query: ExploreQuery; problem: string | null } {
  const raw = Object.fromEntries([...params].filter(([k]) => k === "category" || k === "near" || k === "page"));
  const parsed = exploreQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  const { near: _near, ...rest } = raw;
  return { query: exploreQuerySchema.parse(rest), problem: "That location could not be used." };
}

export interface ExploreSpot {
  id: string;
  /** The path segment of /explore/{ref}: the slug, or the id where slugs repeat. */
  ref: string;
  name: string;
  locked: boolean;
  visibility: Visibility;
  summary: string | null;
  category: { slug: string; name: string } | null;
  map: { title: string; currentSlug: string };
  lat: number;
  lng: number;
  /** Kilometres from the visitor, when they shared their position. */
  distanceKm: number | null;
}

const approx = (column: typeof spots.lat | typeof spots.lng) =>
  sql<number>`case when ${spots.visibility} = 'public' then ${column} else round(${column}::numeric, ${sql.raw(String(APPROXIMATE_DECIMALS))})::float8 end`;

const visibleSpot = and(eq(spots.isPublished, true), eq(maps.isPublished, true), eq(profiles.isPublished, true));

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export async function exploreCategories(db: Database) {
  return db
    .select({ slug: categories.slug, name: categories.name, spotCount: sql<number>`count(${spots.id})::int` })
    .from(categories)
    .innerJoin(spots, eq(spots.categoryId, categories.id))
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(visibleSpot)
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
}

/** Explore's spots; `cityId` narrows them to the maps of one destination. */
export async function exploreSpots(db: Database, viewer: Entitlements, query: ExploreQuery & { cityId?: number }) {
  const where = and(
    visibleSpot,
    query.category ? eq(categories.slug, query.category) : undefined,
    query.cityId === undefined ? undefined : eq(maps.cityId, query.cityId),
  );
  const lat = approx(spots.lat);
  const lng = approx(spots.lng);
  const order: SQL[] = query.near
    ? [sql`power(${lat} - ${query.near.lat}, 2) + power((${lng} - ${query.near.lng}) * ${Math.cos((query.near.lat * Math.PI) / 180)}, 2)`, asc(spots.id)]
    : [desc(maps.publishedAt), asc(maps.id), asc(spots.position)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: spots.id,
        slug: spots.slug,
        name: spots.name,
        summary: spots.summary,
        visibility: spots.visibility,
        lat: spots.lat,
        lng: spots.lng,
        approxLat: lat,
        approxLng: lng,
        ownerId: maps.ownerId,
        mapTitle: maps.title,
        mapSlug: maps.currentSlug,
        categorySlug: categories.slug,
        categoryName: categories.name,
      })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .innerJoin(profiles, eq(profiles.id, maps.ownerId))
      .leftJoin(categories, eq(categories.id, spots.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(EXPLORE_MAP_LIMIT),
    db
      .select({ total: count() })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .innerJoin(profiles, eq(profiles.id, maps.ownerId))
      .leftJoin(categories, eq(categories.id, spots.categoryId))
      .where(where),
  ]);
  const refs = await refsFor(db, rows);
  const all: ExploreSpot[] = rows.map((r) => {
    const locked = accessTo(viewer, { ownerId: r.ownerId, visibility: r.visibility, isPublished: true, ownerPublished: true }) !== "full";
    const at = locked ? { lat: r.approxLat, lng: r.approxLng } : { lat: r.lat, lng: r.lng };
    return {
      id: r.id,
      ref: refs.get(r.id)!,
      name: r.name,
      locked,
      visibility: r.visibility,
      // The locked teaser carries no summary and only the approximate position.
      summary: locked ? null : r.summary,
      category: r.categorySlug ? { slug: r.categorySlug, name: r.categoryName ?? r.categorySlug } : null,
      map: { title: r.mapTitle, currentSlug: r.mapSlug },
      ...at,
      distanceKm: query.near ? Math.round(distanceKm(query.near, at) * 10) / 10 : null,
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
  const [row] = await db
    .select({ mapId: spots.mapId, spotId: spots.id })
    .from(spots)
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(and(visibleSpot, UUID.test(ref) ? or(eq(spots.id, ref), eq(spots.slug, ref)) : eq(spots.slug, ref)))
    .orderBy(asc(maps.publishedAt), asc(spots.id))
    .limit(1);
  return row ?? null;
}
