/**
 * My Atlas: what a user saved (maps, spots) and recently viewed — gated and
 * filtered like everywhere else, so a spot that became members-only or was
 * unpublished shows locked or not at all.
 */
import { and, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { publishedMaps } from "~/modules/catalog/index.server";
import { spotCards } from "~/modules/creators/index.server";
import type { SpotOnMap } from "~/modules/spots";
import type { Entitlements } from "~/modules/gate";
import { recentViews, spotBookmarks, spots } from "#db/schema";
import { recentSpotIds } from "./recent-views.server";

type AtlasViewer = Entitlements & { userId: string };

export function savedMaps(db: Database, viewer: AtlasViewer) {
  return publishedMaps(db, { limit: 200, savedBy: viewer.userId });
}

export function savedSpots(db: Database, viewer: AtlasViewer): Promise<SpotOnMap[]> {
  return spotCards(db, viewer, (vs) =>
    inArray(vs.id, db.select({ id: spotBookmarks.spotId }).from(spotBookmarks).where(eq(spotBookmarks.userId, viewer.userId))),
  );
}

/** Recently viewed spots, last seen first. */
export async function recentSpots(db: Database, viewer: AtlasViewer): Promise<SpotOnMap[]> {
  const ids = await recentSpotIds(db, viewer.userId);
  if (ids.length === 0) return [];
  const order = new Map(ids.map((id, i) => [id, i]));
  const cards = await spotCards(db, viewer, (vs) => inArray(vs.id, ids));
  return cards.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function atlasOverview(db: Database, viewer: AtlasViewer) {
  const [maps, saved, recent] = await Promise.all([savedMaps(db, viewer), savedSpots(db, viewer), recentSpots(db, viewer)]);
  return { maps, spots: saved, recent: recent.slice(0, 6) };
}

/**
 * A spot of one of the user's Atlas lists by its slug or id: which map it is
 * on. Newest first when two saved spots share a slug (their links use ids).
 */
export async function findAtlasSpot(db: Database, userId: string, list: "saved" | "recent", ref: string): Promise<{ mapId: string; spotId: string } | null> {
  const match: SQL | undefined = isUuid(ref) ? or(eq(spots.id, ref), eq(spots.slug, ref)) : eq(spots.slug, ref);
  const query =
    list === "saved"
      ? db
          .select({ mapId: spots.mapId, spotId: spots.id })
          .from(spotBookmarks)
          .innerJoin(spots, eq(spots.id, spotBookmarks.spotId))
          .where(and(eq(spotBookmarks.userId, userId), match))
          .orderBy(desc(spotBookmarks.createdAt))
      : db
          .select({ mapId: spots.mapId, spotId: spots.id })
          .from(recentViews)
          .innerJoin(spots, eq(spots.id, recentViews.spotId))
          .where(and(eq(recentViews.userId, userId), match))
          .orderBy(desc(recentViews.viewedAt));
  const [row] = await query.limit(1);
  return row ?? null;
}
