/**
 * File storage for uploads. Local disk under `${DATA_DIR}/uploads/{bucket}/`
 * (the default); served back at /uploads/{bucket}/{key}. Keys are chosen by
 * us (content hashes), never by the uploader, so a stored file's URL never
 * changes meaning and can be cached forever.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { href } from "react-router";
import { env } from "~/lib/env.server";

export const PUBLIC_BUCKETS = ["avatars", "covers", "spot-photos"] as const;
export type PublicBucket = (typeof PUBLIC_BUCKETS)[number];

/** Keys we generate: folders and names of letters, digits, dashes and underscores, one known extension. */
const KEY_PATTERN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:webp|png|jpe?g|gif)$/i;

export const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

export function isPublicBucket(bucket: string): bucket is PublicBucket {
  return (PUBLIC_BUCKETS as readonly string[]).includes(bucket);
}

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((part) => part === ".." || part === ".");
}

export function uploadsRoot(): string {
  return path.resolve(env().DATA_DIR, "uploads");
}

/** The file behind a bucket and key, or null for anything outside the uploads folder. */
export function filePath(bucket: string, key: string): string | null {
  if (!isPublicBucket(bucket) || !isValidKey(key)) return null;
  const root = path.join(uploadsRoot(), bucket);
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

export function publicUrl(bucket: PublicBucket, key: string): string {
  return href("/uploads/:bucket/*", { bucket, "*": key });
}

export async function putObject(bucket: PublicBucket, key: string, body: Uint8Array): Promise<string> {
  const file = filePath(bucket, key);
  if (!file) throw new Error(`storage: invalid key ${key}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  return publicUrl(bucket, key);
}

/** Remove the file behind one of our public URLs; anything else is ignored. */
export async function deleteByUrl(url: string | null | undefined): Promise<void> {
  const match = url?.match(/^\/uploads\/([a-z-]+)\/(.+)$/);
  if (!match) return;
  const file = filePath(match[1], match[2]);
  if (file) await rm(file, { force: true });
}
