/**
 * The stored files of a whole map (its cover's variants, its spots' photo
 * variants) when the map is duplicated or deleted. Removing a photo or a
 * cover removes its files, so two maps must never name the same objects: a
 * copy gets copies of the files under new keys, made before its rows name
 * them; a deleted map's files go after its rows are gone.
 */
import { randomUUID } from "node:crypto";
import { coverVariants } from "~/modules/images";
import { deleteByUrl, deleteObject, getObjectBytes, objectOfUrl, putObject, publicUrl } from "~/modules/storage/index.server";
import type { SpotPhoto } from "#db/schema";

/** What a copy stored, to remove if the copy is not made after all. */
export interface CopiedFiles {
  photoKeys: string[];
  coverUrls: string[];
}

/** A new key beside the old one's name: `{xx}/{id}-{width}.webp`, as uploads are named. */
function renamedKey(oldKey: string, id: string): string {
  const name = oldKey.split("/").pop() ?? oldKey;
  const suffix = name.includes("-") ? name.slice(name.lastIndexOf("-") + 1) : name;
  return `${id.slice(0, 2)}/${id}-${suffix}`;
}

/**
 * A copy of one photo under a new id, with its own files. A variant whose
 * file cannot be read is left out of the copy's keys (its URL stays as it
 * was), so the copy never owns, and can never remove, a file of the original.
 */
async function copyPhoto(photo: SpotPhoto, copied: CopiedFiles): Promise<SpotPhoto> {
  if (photo.keys.length === 0) return photo;
  const id = randomUUID();
  const renamed = new Map<string, string>();
  for (const key of photo.keys) {
    const bytes = await getObjectBytes("spot-photos", key);
    if (!bytes) continue;
    const next = renamedKey(key, id);
    await putObject("spot-photos", next, bytes);
    copied.photoKeys.push(next);
    renamed.set(key, next);
  }
  const url = (old: string) => {
    const object = objectOfUrl(old);
    const next = object?.bucket === "spot-photos" ? renamed.get(object.key) : undefined;
    return next ? publicUrl("spot-photos", next) : old;
  };
  const srcset = photo.srcset
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [src, ...descriptor] = entry.split(/\s+/);
      return [url(src), ...descriptor].join(" ");
    })
    .join(", ");
  return { ...photo, id, src: url(photo.src), srcset, keys: [...renamed.values()] };
}

/** Copies of every photo of every spot, by source spot id. */
export async function copySpotPhotos(spots: { id: string; photos: SpotPhoto[] }[], copied: CopiedFiles): Promise<Map<string, Map<string, SpotPhoto>>> {
  const bySpot = new Map<string, Map<string, SpotPhoto>>();
  // One file at a time: the machine is shared, and a map's photos are a few hundred small files at most.
  for (const spot of spots) {
    const photos = new Map<string, SpotPhoto>();
    for (const photo of spot.photos) photos.set(photo.id, await copyPhoto(photo, copied));
    bySpot.set(spot.id, photos);
  }
  return bySpot;
}

/** A copy of an uploaded cover (every variant), or the same URL for a cover that is not one of our uploads. */
export async function copyCover(url: string | null, copied: CopiedFiles): Promise<string | null> {
  const variants = coverVariants(url);
  if (!variants) return url;
  const id = randomUUID();
  let largest: string | null = null;
  for (const variant of variants) {
    const object = objectOfUrl(variant.url);
    const bytes = object ? await getObjectBytes(object.bucket, object.key) : null;
    if (!bytes) continue;
    largest = await putObject("covers", `${id.slice(0, 2)}/${id}-${variant.width}.webp`, bytes);
    copied.coverUrls.push(largest);
  }
  // The largest variant names the cover; without any file the copy has no cover of its own.
  return largest;
}

export async function removeCopiedFiles(copied: CopiedFiles): Promise<void> {
  await Promise.all([...copied.photoKeys.map((key) => deleteObject("spot-photos", key)), ...copied.coverUrls.map((url) => deleteByUrl(url))]);
}

/** Remove a deleted map's files: its cover's variants and its spots' photos. */
export async function removeMapFiles(coverImageUrl: string | null, photos: SpotPhoto[]): Promise<void> {
  await Promise.all([
    ...(coverVariants(coverImageUrl) ?? []).map((variant) => deleteByUrl(variant.url)),
    ...photos.flatMap((photo) => photo.keys.map((key) => deleteObject("spot-photos", key))),
  ]);
}
