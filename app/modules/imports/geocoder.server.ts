/**
 * Coordinates for imported rows that carry none (a Takeout CSV row without a
 * `/maps/search/<lat>,<lng>` URL, a My Maps placemark with only an address).
 * The parsers already read coordinates out of Google URLs; what is left is
 * asked of the geocoder at GEOCODER_URL (Nominatim or Photon JSON, read by the
 * Studio place search's `geocoderHits`).
 *
 * Decisions:
 * - Polite: one request per GEOCODER_MIN_INTERVAL_MS (1 s by default, as
 *   Nominatim's usage policy asks), queued per process, so two previews at
 *   once share the rate instead of doubling it.
 * - Bounded: a preview is a page request, so it asks about at most
 *   IMPORT_GEOCODE_LIMIT rows (25 by default, about 25 s at 1 request/s).
 *   Cached answers are free and do not count. The rows past the limit wait in
 *   the review queue, and the preview says how many and why. A geocoder that
 *   fails or times out is not asked again in the same preview.
 * - Cached: in memory (bounded) and, when REDIS_URL is set, in Redis for 30
 *   days under REDIS_PREFIX + "geocode:", shared by every instance; "no match"
 *   is cached too. Redis being down only means asking the geocoder again.
 * - A place is taken only when the geocoder's best answer is a point; rows it
 *   does not know stay "needs a place".
 */
import { createHash } from "node:crypto";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { getRedis } from "~/modules/rate-limit/index.server";
import { waitUntilReady } from "~/modules/rate-limit/index.server";
import { geocoderHits } from "~/modules/places/index.server";
import type { ImportRow } from "./import-row";

const TIMEOUT_MS = 5_000;
const MEMORY_ENTRIES = 10_000;
const REDIS_TTL_SECONDS = 30 * 24 * 3600;
const QUERY_MAX = 200;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Where answers are kept: `undefined` = never asked, `null` = the geocoder knows no such place. */
export interface GeocodeCache {
  get(query: string): Promise<GeoPoint | null | undefined>;
  set(query: string, point: GeoPoint | null): Promise<void>;
}

export interface GeocoderSettings {
  url: string | undefined;
  minIntervalMs: number;
  /** Rows one preview may ask the geocoder about (cached answers do not count). */
  limit: number;
  cache: GeocodeCache;
  fetch?: typeof fetch;
}

/** What geocoding did for a preview, for its notice. */
export interface GeocodeSummary {
  configured: boolean;
  /** Rows without coordinates before geocoding. */
  without: number;
  placed: number;
  /** Rows the geocoder was asked about and did not know. */
  unknown: number;
  /** Rows not asked about: past the limit, or after the geocoder failed. */
  notAsked: number;
  failed: boolean;
  limit: number;
}

/** The text asked of the geocoder: the address when the row has one, else its name. */
export function geocodeQuery(row: Pick<ImportRow, "name" | "address">): string | null {
  const text = (row.address?.trim() || row.name?.trim() || "").replace(/\s+/g, " ").slice(0, QUERY_MAX);
  return text.length >= 2 ? text : null;
}

const normalise = (query: string) => query.trim().toLowerCase();

// ---- Caches -------------------------------------------------------------------------

/** A bounded in-memory cache (oldest entry out first). */
export function memoryGeocodeCache(maxEntries = MEMORY_ENTRIES): GeocodeCache {
  const entries = new Map<string, GeoPoint | null>();
  return {
    async get(query) {
      return entries.get(normalise(query));
    },
    async set(query, point) {
      const key = normalise(query);
      entries.delete(key);
      entries.set(key, point);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Redis behind memory: memory answers first, Redis is shared between instances; Redis errors are ignored. */
export function redisGeocodeCache(redisUrl: string, prefix: string, memory: GeocodeCache = memoryGeocodeCache()): GeocodeCache {
  const keyOf = (query: string) => `${prefix}geocode:${createHash("sha256").update(normalise(query)).digest("hex")}`;
  return {
    async get(query) {
      const known = await memory.get(query);
      if (known !== undefined) return known;
      try {
        const client = getRedis(redisUrl, logger);
        await waitUntilReady(client, 1_000);
        const stored = await client.get(keyOf(query));
        if (stored === null) return undefined;
        const point = JSON.parse(stored) as GeoPoint | null;
        await memory.set(query, point);
        return point;
      } catch {
        return undefined;
      }
    },
    async set(query, point) {
      await memory.set(query, point);
      try {
        const client = getRedis(redisUrl, logger);
        await waitUntilReady(client, 1_000);
        await client.set(keyOf(query), JSON.stringify(point), "EX", REDIS_TTL_SECONDS);
      } catch {
        // Memory still has it; another instance will ask the geocoder once more.
      }
    },
  };
}

const processCache = singleton("import-geocode-cache", () => ({ memory: memoryGeocodeCache() }));

/** The cache for the app's settings: Redis (with memory in front) when REDIS_URL is set, else memory. */
export function geocodeCacheFor(settings: { REDIS_URL?: string; REDIS_PREFIX: string }): GeocodeCache {
  return settings.REDIS_URL ? redisGeocodeCache(settings.REDIS_URL, settings.REDIS_PREFIX, processCache.memory) : processCache.memory;
}

// ---- Rate --------------------------------------------------------------------------

const pace = singleton("import-geocode-pace", () => ({ next: 0, queue: Promise.resolve() as Promise<unknown> }));

/**
 * Run `request` in this process's next free slot: one at a time, each
 * starting at least `minIntervalMs` after the previous one's answer, so the
 * geocoder never sees two requests closer than that.
 */
function paced<T>(minIntervalMs: number, request: () => Promise<T>): Promise<T> {
  const turn = pace.queue.then(async () => {
    const wait = pace.next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await request();
    } finally {
      pace.next = Date.now() + minIntervalMs;
    }
  });
  pace.queue = turn.catch(() => {});
  return turn;
}

async function ask(settings: GeocoderSettings, query: string): Promise<GeoPoint | null> {
  const url = new URL(settings.url!);
  url.searchParams.set("q", query);
  url.searchParams.set("limit", "1");
  return paced(settings.minIntervalMs, async () => {
    const response = await (settings.fetch ?? fetch)(url, {
      headers: { Accept: "application/json", "User-Agent": "Spotfolio Studio import" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const [best] = geocoderHits(await response.json());
    return best ? { lat: best.lat, lng: best.lng } : null;
  });
}

export const UNPLACED_REASONS = {
  offline: "No coordinates, and no geocoder is configured",
  noQuery: "No coordinates, and no name or address to look up",
  unknown: "No coordinates, and the geocoder found no such place",
  notAsked: "No coordinates; not looked up (the preview's geocoder limit was reached)",
  failed: "No coordinates; the geocoder did not answer",
} as const;

export type GeocodedRow<R> = R & { geocoded?: boolean; unplaced?: string };

/**
 * Coordinates for the rows that have none (and are not invalid), on copies:
 * placed rows get `lat`/`lng` and `geocoded`, the others `unplaced` (the reason in words).
 */
export async function geocodeRows<R extends ImportRow>(rows: R[], settings: GeocoderSettings): Promise<{ rows: GeocodedRow<R>[]; summary: GeocodeSummary }> {
  const summary: GeocodeSummary = { configured: Boolean(settings.url), without: 0, placed: 0, unknown: 0, notAsked: 0, failed: false, limit: settings.limit };
  let asked = 0;
  const out: GeocodedRow<R>[] = [];
  for (const row of rows) {
    if (row.invalid || (row.lat !== null && row.lng !== null)) {
      out.push(row);
      continue;
    }
    summary.without += 1;
    const query = geocodeQuery(row);
    if (!settings.url || !query) {
      if (settings.url) summary.unknown += 1;
      out.push({ ...row, unplaced: settings.url ? UNPLACED_REASONS.noQuery : UNPLACED_REASONS.offline });
      continue;
    }
    let point = await settings.cache.get(query);
    if (point === undefined) {
      if (summary.failed || asked >= settings.limit) {
        summary.notAsked += 1;
        out.push({ ...row, unplaced: summary.failed ? UNPLACED_REASONS.failed : UNPLACED_REASONS.notAsked });
        continue;
      }
      asked += 1;
      try {
        point = await ask(settings, query);
        await settings.cache.set(query, point);
      } catch (error) {
        logger.warn({ err: error }, "import: the geocoder did not answer");
        summary.failed = true;
        summary.notAsked += 1;
        out.push({ ...row, unplaced: UNPLACED_REASONS.failed });
        continue;
      }
    }
    if (point) {
      summary.placed += 1;
      out.push({ ...row, lat: point.lat, lng: point.lng, geocoded: true });
    } else {
      summary.unknown += 1;
      out.push({ ...row, unplaced: UNPLACED_REASONS.unknown });
    }
  }
  return { rows: out, summary };
}

/** The preview's sentence about rows without coordinates; null when every row had some. */
export function geocodeNotice(summary: GeocodeSummary): string | null {
  if (summary.without === 0) return null;
  const rows = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;
  if (!summary.configured) {
    return `No geocoder is configured: ${rows(summary.without)} without coordinates will wait in the review queue for you to place them.`;
  }
  const parts = [`The geocoder placed ${summary.placed} of ${rows(summary.without)} without coordinates.`];
  if (summary.unknown > 0) parts.push(`It found no place for ${summary.unknown}.`);
  if (summary.notAsked > 0) {
    parts.push(
      summary.failed
        ? `It stopped answering, so ${summary.notAsked} more were not looked up.`
        : `${summary.notAsked} more were not looked up: a preview asks about at most ${summary.limit}, one a second.`,
    );
  }
  const waiting = summary.unknown + summary.notAsked;
  if (waiting > 0) parts.push(`${rows(waiting)} will wait in the review queue for you to place them.`);
  parts.push("Check the placed rows on the map after the import.");
  return parts.join(" ");
}
