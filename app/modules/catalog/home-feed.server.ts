import type { Database } from "~/lib/db.server";
import { featuredDestinations } from "~/modules/destinations/index.server";
import { publishedCreators, publishedMaps } from "./catalog.server";

/**
 * What the home page shows: the newest published maps, the creators behind
 * them and the featured destinations in the back office's order. Only public
 * fields: no spot content.
 */
export async function homeFeed(db: Database) {
  const [featuredMaps, creators, destinations] = await Promise.all([
    publishedMaps(db, { limit: 8 }),
    publishedCreators(db, { limit: 6 }),
    featuredDestinations(db, { limit: 24 }),
  ]);
  return { featuredMaps, creators, destinations };
}

export type HomeFeed = Awaited<ReturnType<typeof homeFeed>>;
