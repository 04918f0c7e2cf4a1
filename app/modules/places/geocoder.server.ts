/**
 * The geocoder: places by name from a Photon (GeoJSON) or Nominatim (JSON array) server at
 * GEOCODER_URL (public Photon by default, `off` for none). One client for the Studio's place
 * search and for imports, so both share its pace and its cache.
 *
 * Decisions:
 * - Polite: one request per GEOCODER_MIN_INTERVAL_MS (1 s by default) per process, queued, so
 *   the place search and an import preview at once share the rate instead of doubling it
 *   (public Photon asks for fair use, Nominatim for at most one request a second). A caller
 *   may give up while waiting (a deadline, a closed request): its turn is then skipped, not spent.
 * - Cached: in memory (bounded) and, when REDIS_URL is set, in Redis for 30 days under
 *   REDIS_PREFIX + "geocode:", shared by every instance; answers only, never a failure.
 * - Strict about answers: a body that is neither a FeatureCollection nor an array of places is
 *   a failure (garbage), not "no such place", so a broken geocoder is never cached as knowing nothing.
 */
import { createHash } from "node:crypto";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { getRedis, waitUntilReady } from "~/modules/rate-limit/index.server";
import type { PlaceHit } from "./place-hit";

/** The public Photon instance: the default geocoder (komoot's, OpenStreetMap data, fair use). */
export const PUBLIC_PHOTON_URL = "https://photon.komoot.io/api/";
const MEMORY_ENTRIES = 10_000;
const REDIS_TTL_SECONDS = 30 * 24 * 3600;

export type GeocoderKind = "photon" | "nominatim";

/** Nominatim's search endpoint (`/search`, or any URL asking `format=`); anything else is spoken to as Photon. */
export function geocoderKind(url: string): GeocoderKind {
  const parsed = new URL(url);
  return parsed.searchParams.has("format") || /\/search(?:\.php)?\/?$/.test(parsed.pathname) ? "nominatim" : "photon";
}

/** The line shown with a geocoder's results (both serve OpenStreetMap data, whose licence asks for it). */
export function geocoderAttribution(kind: GeocoderKind): string {
  return kind === "photon" ? "Search by Photon, data © OpenStreetMap contributors" : "Search by Nominatim, data © OpenStreetMap contributors";
}

/** GEOCODER_URL as the app reads it: a URL, or undefined when it is `off`. */
export function geocoderUrlOf(setting: string): string | undefined {
  return setting === "off" ? undefined : setting;
}

// ---- Answers ------------------------------------------------------------------------

interface NominatimHit {
  place_id?: number | string;
  osm_type?: string;
  osm_id?: number | string;
  display_name?: string;
  name?: string;
  lat?: string;
  lon?: string;
}
interface PhotonProperties {
  osm_id?: number;
  osm_type?: string;
  name?: string;
  housenumber?: string;
  street?: string;
  district?: string;
  city?: string;
  state?: string;
  country?: string;
}
interface PhotonAnswer {
  features?: { geometry?: { coordinates?: unknown }; properties?: PhotonProperties }[];
}

const validPosition = (lat: unknown, lng: unknown): lat is number =>
  typeof lat === "number" && typeof lng === "number" && Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;

/** What a Photon feature is called and where it is: an address reads "Carrer de Mallorca 401, Barcelona, Spain". */
function photonHit(props: PhotonProperties, lat: number, lng: number, i: number): PlaceHit | null {
  const street = [props.street, props.housenumber].filter(Boolean).join(" ");
  const name = props.name || street;
  if (!name) return null;
  const detail = [props.name && street ? street : null, props.district, props.city, props.country].filter((part) => part && part !== name);
  const key = props.osm_id !== undefined ? `place:${props.osm_type ?? ""}${props.osm_id}` : `place:${i}`;
  return { kind: "place", key, name, detail: [...new Set(detail)].join(", "), lat, lng };
}

/**
 * Places from a geocoder's answer: Nominatim answers an array, Photon a GeoJSON
 * FeatureCollection. Hits without a name or a valid position are dropped; null when
 * the body is neither (garbage).
 */
export function readGeocoderAnswer(body: unknown): PlaceHit[] | null {
  const hits: PlaceHit[] = [];
  if (Array.isArray(body)) {
    for (const [i, hit] of (body as NominatimHit[]).entries()) {
      if (!hit || typeof hit !== "object") return null;
      const lat = Number(hit.lat);
      const lng = Number(hit.lon);
      const display = hit.display_name ?? "";
      const name = hit.name || display.split(",")[0];
      if (!name || !validPosition(lat, lng)) continue;
      hits.push({ kind: "place", key: `place:${hit.osm_type ?? ""}${hit.osm_id ?? hit.place_id ?? i}`, name, detail: display, lat, lng });
    }
    return hits;
  }
  if (body && typeof body === "object" && Array.isArray((body as PhotonAnswer).features)) {
    for (const [i, feature] of (body as PhotonAnswer).features!.entries()) {
      const coordinates = feature?.geometry?.coordinates;
      if (!Array.isArray(coordinates)) continue;
      const [lng, lat] = coordinates as unknown[];
      if (!validPosition(lat, lng)) continue;
      const hit = photonHit(feature.properties ?? {}, lat, lng as number, i);
      if (hit) hits.push(hit);
    }
    return hits;
  }
  return null;
}

/** Places from an answer, or none when it is not one (for callers that only want hits). */
export function geocoderHits(body: unknown, limit = 5): PlaceHit[] {
  return (readGeocoderAnswer(body) ?? []).slice(0, limit);
}

// ---- Caches -------------------------------------------------------------------------

/** Where answers are kept, by key (trimmed, in lower case): `undefined` = never asked. Values are JSON. */
export interface GeocodeCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

const normalise = (key: string) => key.trim().toLowerCase();

/** A bounded in-memory cache (oldest entry out first). */
export function memoryGeocodeCache(maxEntries = MEMORY_ENTRIES): GeocodeCache {
  const entries = new Map<string, unknown>();
  return {
    async get(key) {
      return entries.get(normalise(key));
    },
    async set(key, value) {
      const k = normalise(key);
      entries.delete(k);
      entries.set(k, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Redis behind memory: memory answers first, Redis is shared between instances; Redis errors are ignored. */
export function redisGeocodeCache(redisUrl: string, prefix: string, memory: GeocodeCache = memoryGeocodeCache()): GeocodeCache {
  const keyOf = (key: string) => `${prefix}geocode:${createHash("sha256").update(normalise(key)).digest("hex")}`;
  return {
    async get(key) {
      const known = await memory.get(key);
      if (known !== undefined) return known;
      try {
        const client = getRedis(redisUrl, logger);
        await waitUntilReady(client, 1_000);
        const stored = await client.get(keyOf(key));
        if (stored === null) return undefined;
        const value: unknown = JSON.parse(stored);
        await memory.set(key, value);
        return value;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await memory.set(key, value);
      try {
        const client = getRedis(redisUrl, logger);
        await waitUntilReady(client, 1_000);
        await client.set(keyOf(key), JSON.stringify(value), "EX", REDIS_TTL_SECONDS);
      } catch {
        // Memory still has it; another instance will ask the geocoder once more.
      }
    },
  };
}

const processCache = singleton("geocode-cache", () => ({ memory: memoryGeocodeCache() }));

/** The cache for the app's settings: Redis (with memory in front) when REDIS_URL is set, else memory. */
export function geocodeCacheFor(settings: { REDIS_URL?: string; REDIS_PREFIX: string }): GeocodeCache {
  return settings.REDIS_URL ? redisGeocodeCache(settings.REDIS_URL, settings.REDIS_PREFIX, processCache.memory) : processCache.memory;
}

// ---- Pace ---------------------------------------------------------------------------

const pace = singleton("geocode-pace", () => ({ next: 0, queue: Promise.resolve() as Promise<unknown> }));

/**
 * Run `request` in this process's next free slot: one at a time, each starting at least
 * `minIntervalMs` after the previous one's answer, so the geocoder never sees two requests
 * closer than that. When `signal` aborts first, the caller is answered at once (with the
 * abort's reason) and its turn, when it comes, is skipped without spending the interval.
 */
export function paced<T>(minIntervalMs: number, request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const turn = pace.queue.then(async () => {
    signal?.throwIfAborted();
    const wait = pace.next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    signal?.throwIfAborted();
    try {
      return await request();
    } finally {
      pace.next = Date.now() + minIntervalMs;
    }
  });
  pace.queue = turn.catch(() => {});
  if (!signal) return turn;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    turn.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

// ---- Asking -------------------------------------------------------------------------

export interface GeocodeRequest {
  /** GEOCODER_URL (Photon or Nominatim); q=, limit= and the bias are added. */
  url: string;
  query: string;
  limit: number;
  /** Rank places near here first (Photon's lat/lon; Nominatim's viewbox). */
  near?: { lat: number; lng: number } | null;
  minIntervalMs: number;
  /** Aborts the wait and the request (a deadline, the page's request closed). */
  signal: AbortSignal;
  fetch?: typeof fetch;
  userAgent: string;
}

/** Asks the geocoder, in its turn; throws when it fails, times out or answers garbage. */
export async function askGeocoder(req: GeocodeRequest): Promise<PlaceHit[]> {
  const url = new URL(req.url);
  const kind = geocoderKind(req.url);
  url.searchParams.set("q", req.query);
  url.searchParams.set("limit", String(req.limit));
  if (kind === "photon") {
    if (req.near) {
      url.searchParams.set("lat", String(req.near.lat));
      url.searchParams.set("lon", String(req.near.lng));
    }
    url.searchParams.set("lang", "en");
  } else if (req.near) {
    const { lat, lng } = req.near;
    url.searchParams.set("viewbox", [lng - 0.5, lat + 0.5, lng + 0.5, lat - 0.5].map((n) => n.toFixed(4)).join(","));
  }
  return paced(
    req.minIntervalMs,
    async () => {
      const response = await (req.fetch ?? fetch)(url, { headers: { Accept: "application/json", "User-Agent": req.userAgent }, signal: req.signal });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new Error("geocoder answered something that is not JSON");
      }
      const hits = readGeocoderAnswer(body);
      if (!hits) throw new Error("geocoder answered something that is not a list of places");
      return hits.slice(0, req.limit);
    },
    req.signal,
  );
}
