/**
 * File storage for uploads. Local disk under `${DATA_DIR}/uploads/{bucket}/`
 * (the default); served back at /uploads/{bucket}/{key}. Keys are chosen by
 * us (content hashes), never by the uploader, so a stored file's URL never
 * changes meaning and can be cached forever.
 *
 * Private buckets (creator applications, documents) live in a separate tree,
 * `${DATA_DIR}/private/{bucket}/`, that /uploads cannot reach: they are served
 * only at /files/{bucket}/{key} with a short-lived signed URL, after the route
 * has checked who is asking (DESIGN.md section 9).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { href } from "react-router";
import { env } from "~/lib/env.server";
import { authSecret } from "~/modules/auth/secret.server";

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

// ---- Private buckets ---------------------------------------------------------------

export const PRIVATE_BUCKETS = ["applications", "documents"] as const;
export type PrivateBucket = (typeof PRIVATE_BUCKETS)[number];

/** Private keys we generate: like public ones, PDF documents only. */
const PRIVATE_KEY_PATTERN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.pdf$/i;

export function isPrivateBucket(bucket: string): bucket is PrivateBucket {
  return (PRIVATE_BUCKETS as readonly string[]).includes(bucket);
}

export function isValidPrivateKey(key: string): boolean {
  return PRIVATE_KEY_PATTERN.test(key) && !key.split("/").some((part) => part === ".." || part === ".");
}

export function privateRoot(): string {
  return path.resolve(env().DATA_DIR, "private");
}

function privateFilePath(bucket: string, key: string): string | null {
  if (!isPrivateBucket(bucket) || !isValidPrivateKey(key)) return null;
  const root = path.join(privateRoot(), bucket);
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

function requirePrivatePath(bucket: PrivateBucket, key: string): string {
  const file = privateFilePath(bucket, key);
  if (!file) throw new Error(`storage: invalid private key ${key}`);
  return file;
}

/** Store a private object; an existing object under the same key is never overwritten. */
export async function putPrivateObject(bucket: PrivateBucket, key: string, body: Uint8Array): Promise<void> {
  const file = requirePrivatePath(bucket, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body, { flag: "wx", mode: 0o600 });
}

/** A private object's bytes, or null when there is none (or the key is not one of ours). */
export async function getPrivateObject(bucket: string, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const file = privateFilePath(bucket, key);
  if (!file) return null;
  const body = await readFile(file).catch(() => null);
  return body ? new Uint8Array(body) : null;
}

export async function deletePrivateObject(bucket: PrivateBucket, key: string): Promise<void> {
  await rm(requirePrivatePath(bucket, key), { force: true });
}

/** The signing key, derived from the app's secret so it signs nothing else. */
function signingKey(): Buffer {
  return createHmac("sha256", authSecret()).update("spotfolio private file urls v1").digest();
}

function signature(bucket: string, key: string, expires: number): string {
  return createHmac("sha256", signingKey()).update(`${bucket}\n${key}\n${expires}`).digest("base64url");
}

/**
 * A short-lived URL of a private object: /files/{bucket}/{key}?expires=…&signature=…
 * (expires in Unix seconds). The route serving it still checks who asks; the
 * signature only says which object, until when.
 */
export function signedUrl(bucket: PrivateBucket, key: string, ttlSeconds: number, now: number = Date.now()): string {
  requirePrivatePath(bucket, key);
  const expires = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
  const query = new URLSearchParams({ expires: String(expires), signature: signature(bucket, key, expires) });
  return `${href("/files/:bucket/*", { bucket, "*": key })}?${query}`;
}

/** True when `signatureValue` signs this bucket, key and expiry and the expiry has not passed. */
export function verifySignedUrl(
  bucket: string,
  key: string,
  expires: string | null | undefined,
  signatureValue: string | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!privateFilePath(bucket, key) || !expires || !signatureValue || !/^\d{1,12}$/.test(expires)) return false;
  const expiry = Number(expires);
  if (expiry * 1000 <= now) return false;
  const expected = Buffer.from(signature(bucket, key, expiry));
  const given = Buffer.from(signatureValue);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
