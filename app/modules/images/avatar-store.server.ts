/**
 * Profile images in storage: the 400 px original and its 90 px variant are
 * written, and deleted, together. Avatars stored before the variant existed
 * get it made from the original the first time it is asked for.
 */
import { deleteByUrl, getObjectBytes, putObject } from "~/modules/storage/index.server";
import { processAvatar, smallAvatar } from "./avatar.server";
import { originalAvatarKey, smallAvatarUrl } from "./avatar-variant";

export type StoredAvatar = { ok: true; url: string } | { ok: false; error: string };

/** Check, resize and store an upload; the URL is the original's. */
export async function storeAvatar(upload: Uint8Array): Promise<StoredAvatar> {
  const processed = await processAvatar(upload);
  if (!processed.ok) return processed;
  await putObject("avatars", processed.small.key, processed.small.bytes);
  return { ok: true, url: await putObject("avatars", processed.key, processed.bytes) };
}

/** Remove a stored avatar and its variant; other URLs (a provider's picture) are ignored. */
export async function deleteAvatar(url: string | null | undefined): Promise<void> {
  if (!url) return;
  await deleteByUrl(smallAvatarUrl(url));
  await deleteByUrl(url);
}

/** The bytes of the small variant under `key`, made and stored from its original; null when there is none. */
export async function smallAvatarFromOriginal(key: string): Promise<Uint8Array | null> {
  const originalKey = originalAvatarKey(key);
  const original = originalKey ? await getObjectBytes("avatars", originalKey) : null;
  if (!originalKey || !original) return null;
  try {
    const small = await smallAvatar(original, originalKey);
    await putObject("avatars", small.key, small.bytes);
    return small.bytes;
  } catch {
    return null; // not an image we can read: the request is a 404 like any missing file
  }
}
