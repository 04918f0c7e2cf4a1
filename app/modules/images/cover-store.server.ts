/**
 * Covers the back office uploads (a Discover article's, a featured destination's): an upload
 * checked by its bytes (never its name or type), cut to the card ratio (16:9) around its
 * centre, stored as WebP variants in the covers bucket. The URL is the largest variant's, as a
 * map cover's (`coverVariants` finds the others), so pages draw either the same way.
 */
import { deleteByUrl, putObject, publicUrl } from "~/modules/storage/index.server";
import { makeVariants } from "./pipeline.server";
import { COVER_RATIO } from "./photo-validation";
import { coverVariants } from "./variants";

export type StoredCover = { ok: true; url: string } | { ok: false; error: string };

/** Check and store an upload; nothing is stored when it is not an image we take. */
export async function storeCover(upload: Uint8Array): Promise<StoredCover> {
  const result = await makeVariants(upload, { crop: { x: 0, y: 0, width: 1, height: 1 }, ratio: COVER_RATIO });
  if (!result.ok) return result;
  const { files } = result.variants;
  await Promise.all(files.map((file) => putObject("covers", file.key, file.bytes)));
  return { ok: true, url: publicUrl("covers", files[files.length - 1].key) };
}

/** Remove an uploaded cover's files; any other URL (a seed's picture, generated art) is left alone. */
export async function removeCover(url: string | null | undefined): Promise<void> {
  await Promise.all((coverVariants(url) ?? []).map((variant) => deleteByUrl(variant.url)));
}
