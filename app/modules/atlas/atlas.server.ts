/** My Atlas: what a user saved (maps, spots) — gated and filtered like everywhere else. */
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { publishedMaps } from "~/modules/catalog/catalog.server";
import { spotCards } from "~/modules/creators/creator-page.server";
import type { Entitlements } from "~/modules/memberships/gating";
import { spotBookmarks, spots } from "#db/schema";

export async function atlasOverview(db: Database, viewer: Entitlements & { userId: string }) {
  const [maps, savedSpots] = await Promise.all([
    publishedMaps(db, { limit: 200, savedBy: viewer.userId }),
    spotCards(db, inArray(spots.id, db.select({ id: spotBookmarks.spotId }).from(spotBookmarks).where(eq(spotBookmarks.userId, viewer.userId))), viewer),
  ]);
  return { maps, spots: savedSpots };
}
