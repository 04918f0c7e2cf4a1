/**
 * The Studio's trash for deleted spots: while a delete can be undone (24 h)
 * the spot's row, its saves and its photo files are kept here; after that the
 * entry is purged and the files removed. Undo puts back the same spot with
 * the saves of the users who still exist, so a traveller's Atlas does not
 * lose a place because its creator changed their mind.
 *
 * The entry is written in the delete's transaction and read in the undo's;
 * files are removed only after the purge's delete has committed.
 */
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { deleteObject } from "~/modules/storage/index.server";
import { deletedSpots, spotBookmarks, spots, user, type SpotPhoto } from "#db/schema";

/** How long a delete can be undone. */
export const RESTORE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type SpotRow = Omit<typeof spots.$inferSelect, "fts">;

const photoKeys = (photos: SpotPhoto[]) => photos.flatMap((photo) => photo.keys);

/** Move a spot (already locked by the caller) into the trash with its saves, and delete it. */
export async function trashSpot(tx: Transaction, row: SpotRow, now: Date): Promise<void> {
  const saves = await tx
    .select({ userId: spotBookmarks.userId, createdAt: spotBookmarks.createdAt })
    .from(spotBookmarks)
    .where(eq(spotBookmarks.spotId, row.id));
  await tx.insert(deletedSpots).values({
    spotId: row.id,
    mapId: row.mapId,
    row: { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() },
    bookmarks: saves.map((s) => ({ userId: s.userId, createdAt: s.createdAt.toISOString() })),
    photoKeys: photoKeys(row.photos),
    deletedAt: now,
    purgeAfter: new Date(now.getTime() + RESTORE_WINDOW_MS),
  });
  // The saves go with the spot (ON DELETE CASCADE) and come back from the trash on undo.
  await tx.delete(spots).where(eq(spots.id, row.id));
}

/** The trashed spot of this map, taken out of the trash (the caller re-inserts it); undefined when purged or restored. */
export async function takeFromTrash(
  tx: Transaction,
  mapId: string,
  spotId: string,
): Promise<{ row: SpotRow; bookmarks: { userId: string; createdAt: string }[] } | undefined> {
  const [entry] = await tx
    .delete(deletedSpots)
    .where(and(eq(deletedSpots.spotId, spotId), eq(deletedSpots.mapId, mapId)))
    .returning();
  if (!entry) return undefined;
  const stored = entry.row as SpotRow & { createdAt: string; updatedAt: string };
  return {
    row: { ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt) },
    bookmarks: entry.bookmarks,
  };
}

/** Put the saves back for the users who still have an account. */
export async function restoreSaves(tx: Transaction, spotId: string, saves: { userId: string; createdAt: string }[]): Promise<void> {
  if (saves.length === 0) return;
  const existing = new Set(
    (
      await tx
        .select({ id: user.id })
        .from(user)
        .where(
          inArray(
            user.id,
            saves.map((s) => s.userId),
          ),
        )
    ).map((u) => u.id),
  );
  const values = saves.filter((s) => existing.has(s.userId)).map((s) => ({ userId: s.userId, spotId, createdAt: new Date(s.createdAt) }));
  if (values.length) await tx.insert(spotBookmarks).values(values).onConflictDoNothing();
}

/** Photo files of a map's trashed spots (for deleting the map: the entries go with it). */
export async function trashedPhotoKeys(tx: Transaction, mapId: string): Promise<string[]> {
  const rows = await tx.select({ keys: deletedSpots.photoKeys }).from(deletedSpots).where(eq(deletedSpots.mapId, mapId));
  return rows.flatMap((r) => r.keys);
}

/** Remove stored photo files once no row names them. */
export async function removePhotoFiles(keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteObject("spot-photos", key)));
}

/** Purge entries whose undo window has closed, then remove their files. Returns how many were purged. */
export async function purgeDeletedSpots(db: Database, now = new Date()): Promise<number> {
  const purged = await db.delete(deletedSpots).where(lte(deletedSpots.purgeAfter, now)).returning({ keys: deletedSpots.photoKeys });
  await removePhotoFiles(purged.flatMap((p) => p.keys));
  return purged.length;
}
