/**
 * Photos an imported file links to (My Maps' `gx_media_links` and `<img>`s on
 * Google's servers, a GPX link, a GeoJSON `photos` list) are copied into our
 * storage when their row becomes a spot, through the Studio's own photo
 * pipeline (checked by their bytes, WebP variants, no EXIF): a spot never
 * hot-links a picture that its source can change, track or take down.
 *
 * A photo that cannot be fetched (no answer within the timeout, larger than a
 * photo may be, an error status, not an image) is left out and reported with
 * the reason; the import goes on. The fetch follows at most a few redirects,
 * reads at most `maxBytes`, and refuses loopback, private and link-local
 * addresses (checked on the address actually connected to, after DNS), so an
 * uploaded file cannot make the server read from inside its own network.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { makeVariants, MAX_PHOTO_BYTES, PHOTO_MESSAGES, toSpotPhoto } from "~/modules/images/index.server";
import { MAX_PHOTOS_PER_SPOT } from "~/modules/images";
import { deleteObject, publicUrl, putObject } from "~/modules/storage/index.server";
import type { SpotPhoto } from "#db/schema";

export interface PhotoFetchSettings {
  /** Off: nothing is fetched, every photo is left out and reported (tests that are about something else make no request). */
  enabled: boolean;
  /** For one photo, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  /** Loopback and private addresses are refused unless this is set (tests serve photos from a local server). */
  allowPrivateNetwork: boolean;
  /** Photos fetched at once. */
  concurrency: number;
  /** Distinct photos one import fetches at most (a confirm waits for them); the rest are left out and reported. */
  maxPhotos: number;
}

export const PHOTO_FETCH_DEFAULTS: PhotoFetchSettings = {
  enabled: true,
  timeoutMs: 10_000,
  maxBytes: MAX_PHOTO_BYTES,
  allowPrivateNetwork: false,
  concurrency: 3,
  maxPhotos: 500,
};

const MAX_REDIRECTS = 3;

export const PHOTO_FAILURES = {
  timeout: "it did not arrive in time",
  tooLarge: "it is larger than a photo may be",
  privateAddress: "its address is inside a private network",
  unreachable: "its server could not be reached",
  redirects: "it redirects too many times",
  notWeb: "it is not a web address",
  off: "photos are not fetched here",
  tooMany: "the import links to more photos than one import copies",
  status: (status: number) => `its server answered ${status}`,
} as const;

export interface PhotoFailure {
  url: string;
  reason: string;
}

export interface CopiedPhotos {
  /** Source URL → its stored copies, one for each time the URL was asked for (two spots never share files). */
  photos: Map<string, SpotPhoto[]>;
  failed: PhotoFailure[];
}

type Fetched = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** Whether an address is on the public internet (an IPv4-mapped IPv6 address is judged by its IPv4 part). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !blocked.check(mapped[1], "ipv4");
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) return !blocked.check(address, "ipv6");
  return false;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** DNS as usual, refusing names that lead inside a private network. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options }, (error, address: string | dns.LookupAddress[], family?: number) => {
      if (error) return callback(error, address, family);
      const all = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
      if (!allowPrivate && all.some((entry) => !isPublicAddress(entry.address))) {
        return callback(Object.assign(new Error(PHOTO_FAILURES.privateAddress), { code: "EPRIVATE" }), address, family);
      }
      callback(null, address, family);
    });
  };
}

function failure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return PHOTO_FAILURES.timeout;
  if ((error as { code?: string } | null)?.code === "EPRIVATE") return PHOTO_FAILURES.privateAddress;
  return PHOTO_FAILURES.unreachable;
}

type Answer = { ok: true; redirect: string | null; bytes: Uint8Array } | { ok: false; reason: string };

function get(url: URL, settings: PhotoFetchSettings, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      resolve(answer);
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(settings.allowPrivateNetwork) as unknown as net.LookupFunction,
        headers: { accept: "image/*", "user-agent": "Spotfolio import (copies the photos of an imported map)" },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return finish({ ok: true, redirect: response.headers.location, bytes: new Uint8Array() });
        }
        if (status !== 200) {
          response.resume();
          return finish({ ok: false, reason: PHOTO_FAILURES.status(status) });
        }
        if (Number(response.headers["content-length"]) > settings.maxBytes) {
          response.destroy();
          return finish({ ok: false, reason: PHOTO_FAILURES.tooLarge });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) {
            response.destroy();
            finish({ ok: false, reason: PHOTO_FAILURES.tooLarge });
          } else chunks.push(chunk);
        });
        response.on("end", () => finish({ ok: true, redirect: null, bytes: new Uint8Array(Buffer.concat(chunks)) }));
        response.on("error", (error) => finish({ ok: false, reason: failure(error, signal) }));
        response.on("close", () => finish({ ok: false, reason: failure(null, signal) }));
      },
    );
    request.on("error", (error) => finish({ ok: false, reason: failure(error, signal) }));
  });
}

/** The bytes at `raw`, within the settings' time and size, from a public address (unless told otherwise). */
export async function fetchPhoto(raw: string, settings: PhotoFetchSettings): Promise<Fetched> {
  if (!settings.enabled) return { ok: false, reason: PHOTO_FAILURES.off };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: PHOTO_FAILURES.notWeb };
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: PHOTO_FAILURES.notWeb };
    // A literal address is connected to without a lookup: it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) && !settings.allowPrivateNetwork && !isPublicAddress(host)) return { ok: false, reason: PHOTO_FAILURES.privateAddress };
    const answer = await get(url, settings, signal);
    if (!answer.ok) return answer;
    if (answer.redirect === null) return { ok: true, bytes: answer.bytes };
    try {
      url = new URL(answer.redirect, url);
    } catch {
      return { ok: false, reason: PHOTO_FAILURES.notWeb };
    }
  }
  return { ok: false, reason: PHOTO_FAILURES.redirects };
}

/** "not an image" in the words of the photo rules, lower-cased to follow "because". */
const notAnImage = (error: string) => (error === PHOTO_MESSAGES.tooLarge ? PHOTO_FAILURES.tooLarge : `it is not an image we can read (${error})`);

/** Fetch once, then store `copies` separate copies (each with its own files). */
async function copyOne(url: string, copies: number, settings: PhotoFetchSettings): Promise<{ ok: true; photos: SpotPhoto[] } | { ok: false; reason: string }> {
  const fetched = await fetchPhoto(url, settings);
  if (!fetched.ok) return fetched;
  const photos: SpotPhoto[] = [];
  for (let i = 0; i < copies; i++) {
    const made = await makeVariants(fetched.bytes);
    if (!made.ok) {
      await removeCopies(photos);
      return { ok: false, reason: notAnImage(made.error) };
    }
    await Promise.all(made.variants.files.map((file) => putObject("spot-photos", file.key, file.bytes)));
    photos.push(toSpotPhoto(made.variants, "", (key) => publicUrl("spot-photos", key)));
  }
  return { ok: true, photos };
}

/**
 * Copy the URLs into the spot-photos bucket, a few at a time: each fetched
 * once, stored as often as it was asked for. The stored photos are not named
 * by any spot yet: the caller writes them into spots (`photosFor`) and
 * removes (`removeCopies`) those it did not use.
 */
export async function copyPhotos(urls: string[], settings: PhotoFetchSettings = PHOTO_FETCH_DEFAULTS): Promise<CopiedPhotos> {
  const wanted = new Map<string, number>();
  for (const url of urls) wanted.set(url, (wanted.get(url) ?? 0) + 1);
  const queue = [...wanted].slice(0, settings.maxPhotos);
  const photos = new Map<string, SpotPhoto[]>();
  const failed: PhotoFailure[] = [...wanted.keys()].slice(settings.maxPhotos).map((url) => ({ url, reason: PHOTO_FAILURES.tooMany }));
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const [url, copies] = next;
      const copied = await copyOne(url, copies, settings).catch(() => ({ ok: false as const, reason: PHOTO_FAILURES.unreachable }));
      if (copied.ok) photos.set(url, copied.photos);
      else failed.push({ url, reason: copied.reason });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));
  return { photos, failed };
}

/**
 * The stored photos for a row's URLs, in the row's order, at most a spot's
 * worth: for each URL a copy no other spot took yet (`taken`, updated). URLs
 * that failed are left out.
 */
export function photosFor(urls: string[], copied: CopiedPhotos, taken: Set<string>): SpotPhoto[] {
  const photos: SpotPhoto[] = [];
  for (const url of [...new Set(urls)].slice(0, MAX_PHOTOS_PER_SPOT)) {
    const photo = copied.photos.get(url)?.find((copy) => !taken.has(copy.id));
    if (!photo) continue;
    taken.add(photo.id);
    photos.push(photo);
  }
  return photos;
}

/** For tests about something else: no request leaves the machine. */
export const NO_PHOTO_FETCH: PhotoFetchSettings = { ...PHOTO_FETCH_DEFAULTS, enabled: false };

/** Every stored copy. */
export const allCopies = (copied: CopiedPhotos): SpotPhoto[] => [...copied.photos.values()].flat();

/** The photo URLs of rows, at most a spot's worth per row (the rest would not fit on the spot). */
export function photoUrlsOf(rows: { photos: string[] }[]): string[] {
  return rows.flatMap((row) => [...new Set(row.photos)].slice(0, MAX_PHOTOS_PER_SPOT));
}

/** Remove stored copies no spot names (an import that failed, rows that did not become spots). */
export async function removeCopies(photos: Iterable<SpotPhoto>): Promise<void> {
  await Promise.all([...photos].flatMap((photo) => photo.keys.map((key) => deleteObject("spot-photos", key).catch(() => undefined))));
}
