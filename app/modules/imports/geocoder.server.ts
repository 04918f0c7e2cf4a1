/**
 * Coordinates for imported rows that carry none (a Takeout CSV row without a
 * `/maps/search/<lat>,<lng>` URL, a My Maps placemark with only an address).
 * The parsers already read coordinates out of Google URLs; what is left is
 * asked of the geocoder at GEOCODER_URL through the places room's client
 * (modules/places: Photon or Nominatim, one request per
 * GEOCODER_MIN_INTERVAL_MS per process shared with the Studio's place search,
 * answers cached in memory and Redis).
 *
 * Decisions:
 * - Bounded: a preview is a page request, so it asks about at most
 *   IMPORT_GEOCODE_LIMIT rows (25 by default, about 25 s at 1 request/s).
 *   Cached answers are free and do not count. The rows past the limit wait in
 *   the review queue, and the preview says how many and why. A geocoder that
 *   fails or times out is not asked again in the same preview.
 * - "No match" is cached too (as null); a failure never is.
 * - A place is taken only when the geocoder's best answer is a point; rows it
 *   does not know stay "needs a place".
 */
import { logger } from "~/lib/logger.server";
import { askGeocoder, type GeocodeCache } from "~/modules/places/index.server";
import type { ImportRow } from "./import-row";

export { geocodeCacheFor, memoryGeocodeCache, redisGeocodeCache, type GeocodeCache } from "~/modules/places/index.server";

const TIMEOUT_MS = 5_000;
const QUERY_MAX = 200;

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface GeocoderSettings {
  url: string | undefined;
  minIntervalMs: number;
  /** Rows one preview may ask the geocoder about (cached answers do not count). */
  limit: number;
  /** Keyed by the query; a value is a GeoPoint, or null for "the geocoder knows no such place". */
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

async function ask(settings: GeocoderSettings, query: string): Promise<GeoPoint | null> {
  const [best] = await askGeocoder({
    url: settings.url!,
    query,
    limit: 1,
    minIntervalMs: settings.minIntervalMs,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    fetch: settings.fetch,
    userAgent: "Spotfolio Studio import",
  });
  return best ? { lat: best.lat, lng: best.lng } : null;
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
    let point = (await settings.cache.get(query)) as GeoPoint | null | undefined;
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
