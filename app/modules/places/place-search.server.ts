/**
 * "Add a spot by name": places to put a new spot at. Cities (by name prefix,
 * larger first) and the creator's own spots on any of their maps (the map
 * being edited first) come from the database, both without accents; the
 * geocoder (geocoder.server.ts: public Photon by default) adds cafés,
 * museums and addresses, ranked near the map's view.
 *
 * The geocoder gets GEOCODER_TIMEOUT_MS in all, its turn in the pace
 * included: a geocoder that is down, slow or answers garbage leaves the
 * database's places and `geocoder: "unavailable"` (the editor says so), never
 * an error. A pasted Google Maps link is read instead of searched for: the
 * place it points at, with its name, position and Google place id.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { cities, maps, spots, UNACCENT_FN } from "#db/schema";
import { askGeocoder, geocoderAttribution, geocoderKind, type GeocodeCache } from "./geocoder.server";
import { readGoogleMapsUrl } from "./google-urls";
import { PLACE_SEARCH_MESSAGES, type PlaceHit, type PlaceSearchAnswer } from "./place-hit";

export const PLACE_QUERY_MAX = 100;
const PER_SOURCE = 5;
/** The most a creator waits for places by name, waiting for the geocoder's turn included. */
export const GEOCODER_TIMEOUT_MS = 3000;
/** The view's centre is sent rounded (about a kilometre): enough to rank by, and answers cache across small pans. */
const BIAS_DECIMALS = 2;

export interface PlaceGeocoder {
  url: string;
  minIntervalMs: number;
  cache: GeocodeCache;
  fetch?: typeof fetch;
}

export interface PlaceSearchOptions {
  /** Null or absent: no geocoder (GEOCODER_URL=off). */
  geocoder?: PlaceGeocoder | null;
  /** The map being edited: its spots come first. */
  mapId?: string | null;
  /** The centre of the map's view: places near it rank first. */
  near?: { lat: number; lng: number } | null;
  /** The page's request: closed, it stops waiting for the geocoder. */
  signal?: AbortSignal;
}

/** `column` (already lower case and without accents when `plain`) contains, or starts with, `q`, accents ignored. */
function unaccentedLike(column: typeof cities.searchName | typeof spots.name, q: string, opts: { anywhere: boolean; plain: boolean }) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const fn = sql.raw(UNACCENT_FN);
  const pattern = opts.anywhere ? sql`'%' || lower(${fn}(${escaped})) || '%'` : sql`lower(${fn}(${escaped})) || '%'`;
  return opts.plain ? sql`${column} like ${pattern}` : sql`lower(${fn}(${column})) like ${pattern}`;
}

const round = (n: number) => Number(n.toFixed(BIAS_DECIMALS));

/** What the geocoder says, from the cache when it was asked the same near the same place. */
async function geocode(geocoder: PlaceGeocoder, q: string, near: PlaceSearchOptions["near"], signal?: AbortSignal) {
  const bias = near && Number.isFinite(near.lat) && Number.isFinite(near.lng) ? { lat: round(near.lat), lng: round(near.lng) } : null;
  // Per geocoder: another GEOCODER_URL may know other places.
  const key = `places:${geocoder.url} ${bias ? `${bias.lat},${bias.lng}` : "-"} ${q}`;
  const cached = (await geocoder.cache.get(key)) as PlaceHit[] | undefined;
  if (cached) return { ok: true as const, hits: cached };
  try {
    const deadline = AbortSignal.timeout(GEOCODER_TIMEOUT_MS);
    const hits = await askGeocoder({
      url: geocoder.url,
      query: q,
      limit: PER_SOURCE,
      near: bias,
      minIntervalMs: geocoder.minIntervalMs,
      signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
      fetch: geocoder.fetch,
      userAgent: "Spotfolio Studio place search",
    });
    await geocoder.cache.set(key, hits);
    return { ok: true as const, hits };
  } catch (error) {
    logger.warn({ reason: error instanceof Error ? error.message : String(error) }, "place search: the geocoder did not answer");
    return { ok: false as const, hits: [] };
  }
}

const EMPTY: PlaceSearchAnswer = { places: [], geocoder: "off", attribution: null, link: null, linkError: null };

/** Text that is a link someone pasted (with or without its https://). */
function pastedLink(q: string): string | null {
  if (/^https?:\/\//i.test(q)) return q;
  if (/^(?:www\.google\.|maps\.google\.|google\.[a-z.]+\/maps|maps\.app\.goo\.gl|goo\.gl\/maps)/i.test(q)) return `https://${q}`;
  return null;
}

/** The place a pasted Google Maps link points at, or why it cannot be used. */
async function placeOfLink(text: string, opts: PlaceSearchOptions): Promise<PlaceSearchAnswer> {
  const failed = (linkError: string): PlaceSearchAnswer => ({ ...EMPTY, geocoder: opts.geocoder ? "ok" : "off", linkError });
  const url = new URL(text);
  if (url.hostname === "maps.app.goo.gl" || url.hostname === "goo.gl") return failed(PLACE_SEARCH_MESSAGES.shortLink);
  const link = readGoogleMapsUrl(text);
  if (!link?.isPlace) return failed(PLACE_SEARCH_MESSAGES.notAPlace);
  const name = link.placeName ?? "";
  const key = `link:${link.importKey ?? text}`;
  if (link.coordinates) {
    return {
      ...EMPTY,
      geocoder: opts.geocoder ? "ok" : "off",
      link: { kind: "place", key, name, detail: "From the Google Maps link", ...link.coordinates, googlePlaceId: link.googlePlaceId },
    };
  }
  // A link with a name and no position (a search link): the geocoder places the name, near the view.
  if (!name) return failed(PLACE_SEARCH_MESSAGES.noPosition);
  if (!opts.geocoder) return failed(PLACE_SEARCH_MESSAGES.noPosition);
  const found = await geocode(opts.geocoder, name, opts.near, opts.signal);
  const [best] = found.hits;
  if (!best) return { ...failed(found.ok ? PLACE_SEARCH_MESSAGES.noPosition : PLACE_SEARCH_MESSAGES.unavailable), geocoder: found.ok ? "ok" : "unavailable" };
  return {
    ...EMPTY,
    geocoder: "ok",
    attribution: geocoderAttribution(geocoderKind(opts.geocoder.url)),
    link: { kind: "place", key, name, detail: best.detail || best.name, lat: best.lat, lng: best.lng, googlePlaceId: link.googlePlaceId },
  };
}

export async function searchPlaces(db: Database, creatorId: string, query: string, opts: PlaceSearchOptions = {}): Promise<PlaceSearchAnswer> {
  const q = query.trim();
  const link = pastedLink(q);
  if (link) return placeOfLink(link, opts);
  if (q.length < 2 || q.length > PLACE_QUERY_MAX) return { ...EMPTY, geocoder: opts.geocoder ? "ok" : "off" };
  const [cityRows, spotRows, found] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, country: cities.country, lat: cities.lat, lng: cities.lng })
      .from(cities)
      .where(unaccentedLike(cities.searchName, q, { anywhere: false, plain: true }))
      .orderBy(desc(cities.population), asc(cities.name))
      .limit(PER_SOURCE),
    db
      .select({ id: spots.id, mapId: spots.mapId, name: spots.name, mapTitle: maps.title, lat: spots.lat, lng: spots.lng })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(maps.ownerId, creatorId), unaccentedLike(spots.name, q, { anywhere: true, plain: false })))
      .orderBy(...(opts.mapId ? [desc(sql`${spots.mapId} = ${opts.mapId}`)] : []), asc(spots.name))
      .limit(PER_SOURCE),
    opts.geocoder ? geocode(opts.geocoder, q, opts.near, opts.signal) : Promise.resolve(null),
  ]);
  const places: PlaceHit[] = [
    ...spotRows.map((s) => ({
      kind: "spot" as const,
      key: `spot:${s.id}`,
      name: s.name,
      detail: s.mapTitle,
      lat: s.lat,
      lng: s.lng,
      spotId: s.id,
      mapId: s.mapId,
    })),
    ...cityRows.map((c) => ({ kind: "city" as const, key: `city:${c.id}`, name: c.name, detail: c.country, lat: c.lat, lng: c.lng })),
    ...(found?.hits ?? []),
  ];
  return {
    places,
    geocoder: !found ? "off" : found.ok ? "ok" : "unavailable",
    attribution: found?.ok && found.hits.length > 0 ? geocoderAttribution(geocoderKind(opts.geocoder!.url)) : null,
    link: null,
    linkError: null,
  };
}
