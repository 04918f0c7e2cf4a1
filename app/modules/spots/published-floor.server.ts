/**
 * A published map keeps at least MIN_SPOTS_TO_PUBLISH published spots: the
 * Publish rule would mean nothing if a creator could publish at 30 and then
 * draft or delete spots down to one. Used by the spot save and the spot delete.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Transaction } from "~/lib/db.server";
import { maps, spots } from "#db/schema";
import { MIN_SPOTS_TO_PUBLISH } from "./publishing-rules";

export const KEEP_PUBLISHED = `A published map keeps at least ${MIN_SPOTS_TO_PUBLISH} published spots: unpublish the map first, or publish another spot before making this one a draft`;

/**
 * Whether making this spot a draft (or deleting it) would leave its published map below the
 * spots it needs to be published. The map row is locked so that two such
 * saves at once are counted one after the other.
 */
export async function wouldLeavePublishedMapShort(tx: Transaction, creatorId: string, mapId: string, spotId: string): Promise<boolean> {
  const [map] = await tx
    .select({ isPublished: maps.isPublished })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
    .for("update");
  if (!map?.isPublished) return false;
  const [{ others }] = await tx
    .select({ others: sql<number>`count(*)::int` })
    .from(spots)
    .where(and(eq(spots.mapId, mapId), eq(spots.isPublished, true), ne(spots.id, spotId)));
  const [spot] = await tx
    .select({ isPublished: spots.isPublished })
    .from(spots)
    .where(and(eq(spots.id, spotId), eq(spots.mapId, mapId)));
  // Already a draft: nothing changes in the count.
  return spot?.isPublished === true && others < MIN_SPOTS_TO_PUBLISH;
}

export const KEEP_PUBLISHED_ON_DELETE = `A published map keeps at least ${MIN_SPOTS_TO_PUBLISH} published spots: unpublish the map first, or add another spot before deleting this one`;
