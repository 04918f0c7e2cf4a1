import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { cities, maps, profiles, spots } from "#db/schema";

/**
 * What the home page shows: the newest published maps, the creators behind
 * them and the destinations they cover. Only public fields: no spot content.
 */
export async function homeFeed(db: Database) {
  const visibleMap = and(eq(maps.isPublished, true), eq(profiles.isPublished, true));

  const spotCounts = db
    .select({ mapId: spots.mapId, n: count().as("n") })
    .from(spots)
    .where(eq(spots.isPublished, true))
    .groupBy(spots.mapId)
    .as("spot_counts");

  const featuredMaps = await db
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
    .where(visibleMap)
    .orderBy(desc(maps.publishedAt))
    .limit(8);

  const creators = await db
    .select({
      handle: profiles.handle,
      displayName: profiles.displayName,
      bioText: profiles.bioText,
      profileImageUrl: profiles.profileImageUrl,
      mapCount: sql<number>`count(${maps.id})::int`,
    })
    .from(profiles)
    .innerJoin(maps, and(eq(maps.ownerId, profiles.id), eq(maps.isPublished, true)))
    .where(and(eq(profiles.isCreator, true), eq(profiles.isPublished, true), sql`${profiles.handle} is not null`))
    .groupBy(profiles.id)
    .orderBy(desc(sql`count(${maps.id})`), profiles.handle)
    .limit(6);

  const destinations = await db
    .select({ id: cities.id, name: cities.name, country: cities.country, mapCount: sql<number>`count(${maps.id})::int` })
    .from(cities)
    .innerJoin(maps, eq(maps.cityId, cities.id))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(visibleMap)
    .groupBy(cities.id)
    .orderBy(desc(sql`count(${maps.id})`), desc(cities.population))
    .limit(12);

  return { featuredMaps, creators, destinations };
}

export type HomeFeed = Awaited<ReturnType<typeof homeFeed>>;
