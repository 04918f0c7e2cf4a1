/**
 * The public catalogue: published maps, the creators behind them and the
 * destinations they cover. Only public fields (no spot content), and only
 * maps that are published by published creators.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { cities, mapBookmarks, maps, profiles, spots } from "#db/schema";

// The catalogue is what anyone may see: maps published by published creators.
const visibleMap = canSeeSql(NO_ENTITLEMENTS, mapItem);

/** `ids` narrows the list to those maps (e.g. an article's featured maps); hidden ones still drop out. */
export async function publishedMaps(db: Database, opts: { limit: number; cityId?: number; savedBy?: string; ids?: string[] }) {
  const spotCounts = db
    .select({ mapId: spots.mapId, n: count().as("n") })
    .from(spots)
    .where(eq(spots.isPublished, true))
    .groupBy(spots.mapId)
    .as("spot_counts");
  return db
    .select({
      id: maps.id,
      currentSlug: maps.currentSlug,
      title: maps.title,
      summary: maps.summary,
      coverImageUrl: maps.coverImageUrl,
      creatorHandle: profiles.handle,
      creatorName: profiles.displayName,
      cityName: cities.name,
      country: cities.country,
      spotCount: sql<number>`coalesce(${spotCounts.n}, 0)::int`,
    })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .leftJoin(cities, eq(cities.id, maps.cityId))
    .leftJoin(spotCounts, eq(spotCounts.mapId, maps.id))
    .where(
      and(
        visibleMap,
        opts.cityId === undefined ? undefined : eq(maps.cityId, opts.cityId),
        opts.ids === undefined ? undefined : inArray(maps.id, opts.ids),
        opts.savedBy === undefined
          ? undefined
          : inArray(maps.id, db.select({ id: mapBookmarks.mapId }).from(mapBookmarks).where(eq(mapBookmarks.userId, opts.savedBy))),
      ),
    )
    .orderBy(desc(maps.publishedAt))
    .limit(opts.limit);
}
export type MapSummary = Awaited<ReturnType<typeof publishedMaps>>[number];

/** Published creators with at least one published map, busiest first. */
export async function publishedCreators(db: Database, opts: { limit: number }) {
  return db
    .select({
      handle: profiles.handle,
      displayName: profiles.displayName,
      bioText: profiles.bioText,
      profileImageUrl: profiles.profileImageUrl,
      mapCount: sql<number>`count(${maps.id})::int`,
    })
    .from(profiles)
    .innerJoin(maps, and(eq(maps.ownerId, profiles.id), eq(maps.isPublished, true)))
    .where(and(publishedCreatorSql, sql`${profiles.handle} is not null`))
    .groupBy(profiles.id)
    .orderBy(desc(sql`count(${maps.id})`), profiles.handle)
    .limit(opts.limit);
}
export type CreatorSummary = Awaited<ReturnType<typeof publishedCreators>>[number];

/** Cities with published maps, most maps first. */
export async function destinationsWithMaps(db: Database, opts: { limit: number }) {
  return db
    .select({ id: cities.id, name: cities.name, country: cities.country, mapCount: sql<number>`count(${maps.id})::int` })
    .from(cities)
    .innerJoin(maps, eq(maps.cityId, cities.id))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(visibleMap)
    .groupBy(cities.id)
    .orderBy(desc(sql`count(${maps.id})`), desc(cities.population))
    .limit(opts.limit);
}
export type DestinationSummary = Awaited<ReturnType<typeof destinationsWithMaps>>[number];

/** One city (any city of the GeoNames set), or null. */
export async function findDestination(db: Database, id: number) {
  const [row] = await db
    .select({ id: cities.id, name: cities.name, country: cities.country, lat: cities.lat, lng: cities.lng })
    .from(cities)
    .where(eq(cities.id, id))
    .limit(1);
  return row ?? null;
}
