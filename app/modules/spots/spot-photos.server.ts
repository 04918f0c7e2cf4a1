/**
 * A spot's photos in the Studio: upload, order, alt text, removal. Every
 * function is scoped by owner (a spot that is not on one of the creator's
 * maps is "not found"). A photo's files are written before the row names
 * them and removed after the row stops naming them, so a page never shows
 * a photo whose files are gone; a failed upload leaves nothing behind.
 *
 * Only the `photos` column is written, and `version` is left alone: the
 * version guards the spot's text fields against a stale autosave (two tabs,
 * a reconnect), and a photo added or reordered meanwhile is not a reason to
 * call that save a conflict, nor can that save undo it, since it does not
 * write `photos`. Concurrent photo changes do not lose each other either:
 * uploads append in SQL, and the other edits re-read the row under a lock.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { makeVariants, toSpotPhoto } from "~/modules/images/index.server";
import { deleteObject, putObject, publicUrl } from "~/modules/storage/index.server";
import { maps, spots, type SpotPhoto } from "#db/schema";
import { MAX_PHOTOS_PER_SPOT, PHOTO_TEXT, type PhotoEdit } from "~/modules/images";
import { isUuid } from "~/lib/ids";

export type PhotosResult = { ok: true; photos: SpotPhoto[] } | { ok: false; status: 400 | 404 | 409; error: string };

const NOT_FOUND = { ok: false, status: 404, error: "Not found" } as const;

export interface SpotRef {
  creatorId: string;
  mapId: string;
  spotId: string;
}

/** The creator's spot (its photos), or undefined when the ids are not a spot on one of their maps. */
async function ownedSpot(db: Database, ref: SpotRef): Promise<{ photos: SpotPhoto[] } | undefined> {
  if (!isUuid(ref.mapId) || !isUuid(ref.spotId)) return undefined;
  const [row] = await db
    .select({ photos: spots.photos })
    .from(spots)
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .where(and(eq(spots.id, ref.spotId), eq(spots.mapId, ref.mapId), eq(maps.ownerId, ref.creatorId)))
    .limit(1);
  return row;
}

const ownedSpotCondition = (ref: SpotRef) =>
  and(
    eq(spots.id, ref.spotId),
    eq(spots.mapId, ref.mapId),
    sql`exists (select 1 from ${maps} where ${maps.id} = ${spots.mapId} and ${maps.ownerId} = ${ref.creatorId})`,
  );

async function removeFiles(photos: SpotPhoto[]): Promise<void> {
  await Promise.all(photos.flatMap((photo) => photo.keys.map((key) => deleteObject("spot-photos", key))));
}

/**
 * Add uploaded photos at the end, in the order given. Every file is checked
 * and processed before anything is stored: one bad file refuses the lot.
 */
export async function addSpotPhotos(db: Database, ref: SpotRef, uploads: { bytes: Uint8Array; alt?: string }[]): Promise<PhotosResult> {
  const spot = await ownedSpot(db, ref);
  if (!spot) return NOT_FOUND;
  if (uploads.length === 0) return { ok: false, status: 400, error: "Choose an image to upload" };
  if (spot.photos.length + uploads.length > MAX_PHOTOS_PER_SPOT) return { ok: false, status: 400, error: PHOTO_TEXT.tooMany };

  const added: SpotPhoto[] = [];
  for (const upload of uploads) {
    // One at a time: a 48 MP decode is heavy, and the machine is shared.
    const result = await makeVariants(upload.bytes);
    if (!result.ok) {
      await removeFiles(added);
      return { ok: false, status: 400, error: result.error };
    }
    added.push(toSpotPhoto(result.variants, upload.alt?.trim() ?? "", (key) => publicUrl("spot-photos", key)));
    await Promise.all(result.variants.files.map((file) => putObject("spot-photos", file.key, file.bytes)));
  }

  // Appended in SQL (not read-modify-write), and only while the spot still has room.
  const [row] = await db
    .update(spots)
    .set({ photos: sql`${spots.photos} || ${JSON.stringify(added)}::jsonb` })
    .where(and(ownedSpotCondition(ref), sql`jsonb_array_length(${spots.photos}) + ${added.length} <= ${MAX_PHOTOS_PER_SPOT}`))
    .returning({ photos: spots.photos });
  if (!row) {
    await removeFiles(added);
    // Gone meanwhile, or filled up by another upload.
    return (await ownedSpot(db, ref)) ? { ok: false, status: 400, error: PHOTO_TEXT.tooMany } : NOT_FOUND;
  }
  return { ok: true, photos: row.photos };
}

/** Reorder, set alt text or remove one photo; a removed photo's files are deleted once the row no longer names it. */
export async function editSpotPhotos(db: Database, ref: SpotRef, edit: PhotoEdit): Promise<PhotosResult> {
  if (!isUuid(ref.mapId) || !isUuid(ref.spotId)) return NOT_FOUND;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select({ photos: spots.photos }).from(spots).where(ownedSpotCondition(ref)).for("update");
    if (!row) return NOT_FOUND;
    const photos = row.photos;
    let next: SpotPhoto[];
    let removed: SpotPhoto[] = [];
    if (edit.intent === "reorder") {
      // Ids the request names first, in its order; a photo it did not know of (uploaded meanwhile) keeps its place at the end.
      const rank = new Map(edit.order.map((id, i) => [id, i]));
      next = [...photos].sort((a, b) => (rank.get(a.id) ?? edit.order.length) - (rank.get(b.id) ?? edit.order.length));
    } else {
      if (!photos.some((p) => p.id === edit.photoId)) return { ok: false as const, status: 409 as const, error: PHOTO_TEXT.notFound };
      if (edit.intent === "alt") next = photos.map((p) => (p.id === edit.photoId ? { ...p, alt: edit.alt } : p));
      else {
        next = photos.filter((p) => p.id !== edit.photoId);
        removed = photos.filter((p) => p.id === edit.photoId);
      }
    }
    await tx.update(spots).set({ photos: next }).where(eq(spots.id, ref.spotId));
    return { ok: true as const, photos: next, removed };
  });
  if (!outcome.ok) return outcome;
  await removeFiles(outcome.removed);
  return { ok: true, photos: outcome.photos };
}
