/**
 * A map's cover: an upload cropped to the card ratio (16:9) by the frame the
 * creator chose, stored as WebP variants, named by `maps.cover_image_url`
 * (the largest; `coverVariants` finds the others). The old cover's files go
 * once the map no longer names them. Only that column is written and the
 * map's `version` is left alone, for the reason spot-photos.server.ts gives:
 * the settings autosave does not write the cover, so neither can undo the other.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { makeVariants, type CropRect } from "~/modules/images/index.server";
import { coverVariants } from "~/modules/images";
import { deleteByUrl, putObject, publicUrl } from "~/modules/storage/index.server";
import { maps } from "#db/schema";
import { COVER_RATIO } from "~/modules/images";
import { isUuid } from "~/lib/ids";

export type CoverResult = { ok: true; coverImageUrl: string | null } | { ok: false; status: 400 | 404; error: string };

const NOT_FOUND = { ok: false, status: 404, error: "Not found" } as const;

async function removeCoverFiles(url: string | null): Promise<void> {
  await Promise.all((coverVariants(url) ?? []).map((variant) => deleteByUrl(variant.url)));
}

/** Swap the cover for `url` (null: none) on the creator's map; the previous one's files are removed. */
async function swapCover(db: Database, creatorId: string, mapId: string, url: string | null): Promise<{ swapped: boolean; previous: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ coverImageUrl: maps.coverImageUrl })
      .from(maps)
      .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
      .for("update");
    if (!row) return { swapped: false, previous: null };
    await tx.update(maps).set({ coverImageUrl: url }).where(eq(maps.id, mapId));
    return { swapped: true, previous: row.coverImageUrl };
  });
}

export async function setMapCover(db: Database, creatorId: string, mapId: string, upload: Uint8Array, crop: CropRect): Promise<CoverResult> {
  if (!isUuid(mapId)) return NOT_FOUND;
  const [owned] = await db
    .select({ id: maps.id })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
    .limit(1);
  if (!owned) return NOT_FOUND;

  const result = await makeVariants(upload, { crop, ratio: COVER_RATIO });
  if (!result.ok) return { ok: false, status: 400, error: result.error };
  const { files } = result.variants;
  await Promise.all(files.map((file) => putObject("covers", file.key, file.bytes)));
  const url = publicUrl("covers", files[files.length - 1].key);

  const { swapped, previous } = await swapCover(db, creatorId, mapId, url);
  await removeCoverFiles(swapped ? previous : url);
  return swapped ? { ok: true, coverImageUrl: url } : NOT_FOUND;
}

export async function removeMapCover(db: Database, creatorId: string, mapId: string): Promise<CoverResult> {
  if (!isUuid(mapId)) return NOT_FOUND;
  const { swapped, previous } = await swapCover(db, creatorId, mapId, null);
  if (!swapped) return NOT_FOUND;
  await removeCoverFiles(previous);
  return { ok: true, coverImageUrl: null };
}
