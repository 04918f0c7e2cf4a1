/**
 * File storage for uploads, through one adapter (`adapter.server.ts`): local
 * disk under `DATA_DIR` by default, an S3-compatible bucket when `S3_BUCKET`
 * is set. Either way the layout is the same: public objects at
 * `uploads/{bucket}/{key}`, private ones at `private/{bucket}/{key}`.
 *
 * Public objects are served back at /uploads/{bucket}/{key} by the app, from
 * whichever adapter is active, rather than by redirecting to the bucket: the
 * URLs stored in the database stay the same when storage moves (disk → S3, or
 * one bucket to another), the bucket can stay private and unreachable from
 * browsers, and since keys are chosen by us and never
 * reused (content hashes or fresh ids), the responses are cached for a year by
 * browsers and any CDN in front, so the app sends each one rarely.
 *
 * Private buckets (creator applications, documents) are never under /uploads:
 * they are served only at /files/{bucket}/{key} with a short-lived URL signed
 * by us, after the route has checked who is asking (DESIGN.md section 9). The
 * signature is ours, not the bucket's, so the same URL works on both adapters
 * and the authorisation check runs on every request, not only when the link
 * was made.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { href } from "react-router";
import { env, type Env } from "~/lib/env.server";
import { authSecret } from "~/lib/secret.server";
import { readAll, type StorageAdapter, type StoredObject } from "./adapter.server";
import { createLocalAdapter } from "./local-adapter.server";
import { createS3Adapter } from "./s3-adapter.server";

export const PUBLIC_BUCKETS = ["avatars", "covers", "spot-photos", "post-images"] as const;
export type PublicBucket = (typeof PUBLIC_BUCKETS)[number];

/** Keys we generate: folders and names of letters, digits, dashes and underscores, one known extension. */
const KEY_PATTERN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:webp|png|jpe?g|gif)$/i;

export const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  pdf: "application/pdf",
  xml: "application/xml",
};

function contentTypeOf(objectPath: string): string {
  return CONTENT_TYPES[objectPath.slice(objectPath.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

// ---- The active adapter -------------------------------------------------------------

/** The adapter the settings choose: S3 when S3_BUCKET is set, else local disk under DATA_DIR. */
export function adapterFor(settings: Env): StorageAdapter {
  if (settings.S3_BUCKET) {
    return createS3Adapter({
      endpoint: settings.S3_ENDPOINT,
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalAdapter(path.resolve(settings.DATA_DIR), contentTypeOf);
}

let active: { settings: Env; adapter: StorageAdapter } | undefined;

/** The adapter for the current settings (made again when tests reset the environment). */
export function storage(): StorageAdapter {
  const settings = env();
  if (active?.settings !== settings) active = { settings, adapter: adapterFor(settings) };
  return active.adapter;
}

// ---- Public buckets -----------------------------------------------------------------

export function isPublicBucket(bucket: string): bucket is PublicBucket {
  return (PUBLIC_BUCKETS as readonly string[]).includes(bucket);
}

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((part) => part === ".." || part === ".");
}

function publicPath(bucket: string, key: string): string | null {
  return isPublicBucket(bucket) && isValidKey(key) ? `uploads/${bucket}/${key}` : null;
}

export function uploadsRoot(): string {
  return path.resolve(env().DATA_DIR, "uploads");
}

/** Where the local adapter keeps a public object, or null for anything outside the uploads folder. */
export function filePath(bucket: string, key: string): string | null {
  if (!publicPath(bucket, key)) return null;
  const root = path.join(uploadsRoot(), bucket);
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

export function publicUrl(bucket: PublicBucket, key: string): string {
  return href("/uploads/:bucket/*", { bucket, "*": key });
}

/** Store a public object; its URL is returned. */
export async function putObject(bucket: PublicBucket, key: string, body: Uint8Array): Promise<string> {
  const objectPath = publicPath(bucket, key);
  if (!objectPath) throw new Error(`storage: invalid key ${key}`);
  await storage().put(objectPath, body, { contentType: contentTypeOf(objectPath) });
  return publicUrl(bucket, key);
}

/** A public object, or null when there is none (or the bucket or key is not one of ours). */
export async function getObject(bucket: string, key: string): Promise<StoredObject | null> {
  const objectPath = publicPath(bucket, key);
  return objectPath ? storage().get(objectPath) : null;
}

/** A public object's bytes, or null. */
export async function getObjectBytes(bucket: string, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const object = await getObject(bucket, key);
  return object ? readAll(object) : null;
}

export async function deleteObject(bucket: PublicBucket, key: string): Promise<void> {
  const objectPath = publicPath(bucket, key);
  if (objectPath) await storage().delete(objectPath);
}

/** The bucket and key behind one of our public URLs, or null for any other URL. */
export function objectOfUrl(url: string | null | undefined): { bucket: PublicBucket; key: string } | null {
  const match = url?.match(/^\/uploads\/([a-z-]+)\/(.+)$/);
  if (!match || !publicPath(match[1], match[2])) return null;
  return { bucket: match[1] as PublicBucket, key: match[2] };
}

/** Remove the object behind one of our public URLs; anything else is ignored. */
export async function deleteByUrl(url: string | null | undefined): Promise<void> {
  const object = objectOfUrl(url);
  if (object) await deleteObject(object.bucket, object.key);
}

// ---- Private buckets ---------------------------------------------------------------

export const PRIVATE_BUCKETS = ["applications", "documents"] as const;
export type PrivateBucket = (typeof PRIVATE_BUCKETS)[number];

/** Private keys we generate: like public ones, documents only (PDF, or a scan as JPEG or PNG: a certificate of tax residence; XML: a payout run's SEPA file). */
const PRIVATE_KEY_PATTERN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:pdf|png|jpe?g|xml)$/i;

export function isPrivateBucket(bucket: string): bucket is PrivateBucket {
  return (PRIVATE_BUCKETS as readonly string[]).includes(bucket);
}

export function isValidPrivateKey(key: string): boolean {
  return PRIVATE_KEY_PATTERN.test(key) && !key.split("/").some((part) => part === ".." || part === ".");
}

/** Where the local adapter keeps private objects. */
export function privateRoot(): string {
  return path.resolve(env().DATA_DIR, "private");
}

function privatePath(bucket: string, key: string): string | null {
  return isPrivateBucket(bucket) && isValidPrivateKey(key) ? `private/${bucket}/${key}` : null;
}

function requirePrivatePath(bucket: PrivateBucket, key: string): string {
  const objectPath = privatePath(bucket, key);
  if (!objectPath) throw new Error(`storage: invalid private key ${key}`);
  return objectPath;
}

/** Store a private object; an existing object under the same key is never overwritten. */
export async function putPrivateObject(bucket: PrivateBucket, key: string, body: Uint8Array): Promise<void> {
  const objectPath = requirePrivatePath(bucket, key);
  await storage().put(objectPath, body, { contentType: contentTypeOf(objectPath), overwrite: false });
}

/** The content type a private object is served with (from its key's extension). */
export function privateContentType(key: string): string {
  return contentTypeOf(key);
}

/** A private object to stream, or null when there is none (or the key is not one of ours). */
export async function openPrivateObject(bucket: string, key: string): Promise<StoredObject | null> {
  const objectPath = privatePath(bucket, key);
  return objectPath ? storage().get(objectPath) : null;
}

/** A private object's bytes, or null when there is none (or the key is not one of ours). */
export async function getPrivateObject(bucket: string, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const object = await openPrivateObject(bucket, key);
  return object ? readAll(object) : null;
}

export async function deletePrivateObject(bucket: PrivateBucket, key: string): Promise<void> {
  await storage().delete(requirePrivatePath(bucket, key));
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
  if (!privatePath(bucket, key) || !expires || !signatureValue || !/^\d{1,12}$/.test(expires)) return false;
  const expiry = Number(expires);
  if (expiry * 1000 <= now) return false;
  const expected = Buffer.from(signature(bucket, key, expiry));
  const given = Buffer.from(signatureValue);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
