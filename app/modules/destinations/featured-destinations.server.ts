/**
 * Featured destinations as the public pages show them: the cities the back office features, in
 * its order (`featured_position`), with its cover and description. The home page and
 * /destinations read them here; nothing else decides which cities are featured.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { cities, maps, profiles } from "#db/schema";

export interface FeaturedDestination {
  id: number;
  name: string;
  country: string;
  coverImageUrl: string | null;
  description: string | null;
  /** Published maps of published creators there. */
  mapCount: number;
}

const visibleMap = canSeeSql(NO_ENTITLEMENTS, mapItem);

/** The featured destinations in the admin's order (the first `limit`). */
export async function featuredDestinations(db: Database, opts: { limit: number }): Promise<FeaturedDestination[]> {
  const mapCounts = db
    .select({ cityId: maps.cityId, n: count().as("n") })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(visibleMap)
    .groupBy(maps.cityId)
    .as("city_map_counts");
  return db
    .select({
      id: cities.id,
      name: cities.name,
      country: cities.country,
      coverImageUrl: cities.coverImageUrl,
      description: cities.description,
      mapCount: sql<number>`coalesce(${mapCounts.n}, 0)::int`,
    })
    .from(cities)
    .leftJoin(mapCounts, eq(mapCounts.cityId, cities.id))
    .where(eq(cities.isFeatured, true))
    .orderBy(sql`${cities.featuredPosition} asc nulls last`, desc(cities.population), asc(cities.id))
    .limit(opts.limit);
}

/** A city's cover and description when it is featured (its page shows them), else null. */
export async function destinationFeature(db: Database, id: number): Promise<{ coverImageUrl: string | null; description: string | null } | null> {
  const [row] = await db
    .select({ coverImageUrl: cities.coverImageUrl, description: cities.description })
    .from(cities)
    .where(and(eq(cities.id, id), eq(cities.isFeatured, true)));
  return row ?? null;
}
