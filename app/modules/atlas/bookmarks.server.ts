/**
 * Saving maps and spots to one's Atlas. Only what the user may know exists
 * can be saved (a locked spot can: it stays locked when viewed). A save that adds a bookmark is
 * also recorded as an event (map_saved / spot_saved): the Premium pool counts a bookmark in the
 * month it was first made, even if it is removed and made again later (modules/money).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { accessTo, type Entitlements } from "~/modules/gate";
import { trackSaved } from "~/modules/analytics/index.server";
import { visibleSpots } from "~/modules/spots/index.server";
import { mapBookmarks, maps, profiles, spotBookmarks } from "#db/schema";

export type BookmarkResult = { ok: true; saved: boolean } | { ok: false; status: number; error: string };

const NOT_FOUND: BookmarkResult = { ok: false, status: 404, error: "This no longer exists" };

export async function setMapBookmark(db: Database, viewer: Entitlements & { userId: string }, mapId: string, saved: boolean): Promise<BookmarkResult> {
  const [map] = await db
    .select({ ownerId: maps.ownerId, isPublished: maps.isPublished, ownerPublished: profiles.isPublished })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(eq(maps.id, mapId))
    .limit(1);
  if (!map || accessTo(viewer, { ...map, visibility: "public" }) === "hidden") return NOT_FOUND;
  if (saved) {
    const added = await db.insert(mapBookmarks).values({ userId: viewer.userId, mapId }).onConflictDoNothing().returning({ mapId: mapBookmarks.mapId });
    if (added.length > 0) await trackSaved(db, { target: "map", userId: viewer.userId, targetId: mapId });
  } else await db.delete(mapBookmarks).where(and(eq(mapBookmarks.userId, viewer.userId), eq(mapBookmarks.mapId, mapId)));
  return { ok: true, saved };
}

export async function setSpotBookmark(db: Database, viewer: Entitlements & { userId: string }, spotId: string, saved: boolean): Promise<BookmarkResult> {
  // Drafts count as existing for their owner, as on the map page.
  const vs = visibleSpots(db, viewer, { includeDrafts: true });
  const [visible] = await db.select({ id: vs.id }).from(vs).where(eq(vs.id, spotId)).limit(1);
  if (!visible) return NOT_FOUND;
  if (saved) {
    const added = await db.insert(spotBookmarks).values({ userId: viewer.userId, spotId }).onConflictDoNothing().returning({ spotId: spotBookmarks.spotId });
    if (added.length > 0) await trackSaved(db, { target: "spot", userId: viewer.userId, targetId: spotId });
  } else await db.delete(spotBookmarks).where(and(eq(spotBookmarks.userId, viewer.userId), eq(spotBookmarks.spotId, spotId)));
  return { ok: true, saved };
}
