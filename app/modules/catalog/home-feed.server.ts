import type { Database } from "~/lib/db.server";
import { destinationsWithMaps, publishedCreators, publishedMaps } from "~/modules/catalog/index.server";

/**
 * What the home page shows: the newest published maps, the creators behind
 * them and the destinations they cover. Only public fields: no spot content.
 */
export async function homeFeed(db: Database) {
  const [featuredMaps, creators, destinations] = await Promise.all([
    publishedMaps(db, { limit: 8 }),
    publishedCreators(db, { limit: 6 }),
    destinationsWithMaps(db, { limit: 12 }),
  ]);
  return { featuredMaps, creators, destinations };
}

export type HomeFeed = Awaited<ReturnType<typeof homeFeed>>;
