/**
 * "Add a spot by name": places to put a new spot at. Cities (by name prefix,
 * larger first) and the creator's own spots on any of their maps come from
 * the database; a geocoder (Nominatim or Photon JSON at GEOCODER_URL) adds
 * addresses and venues when one is configured. The geocoder is asked from
 * the server with a short timeout: a slow or failing geocoder leaves the
 * database results, it never fails the search.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { cities, maps, spots } from "#db/schema";
import type { PlaceHit } from "./place-hit";

export const PLACE_QUERY_MAX = 100;
const PER_SOURCE = 5;
const GEOCODER_TIMEOUT_MS = 3000;

function likePattern(q: string, anywhere: boolean): string {
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return anywhere ? `%${escaped}%` : `${escaped}%`;
}

interface NominatimHit {
  place_id?: number | string;
  display_name?: string;
  name?: string;
  lat?: string;
  lon?: string;
}
interface PhotonAnswer {
  features?: { geometry?: { coordinates?: [number, number] }; properties?: { osm_id?: number; name?: string; city?: string; country?: string } }[];
}

/** Nominatim answers an array, Photon a GeoJSON FeatureCollection: both become places. */
export function geocoderHits(body: unknown): PlaceHit[] {
  const hits: PlaceHit[] = [];
  if (Array.isArray(body)) {
    for (const [i, hit] of (body as NominatimHit[]).entries()) {
      const lat = Number(hit.lat);
      const lng = Number(hit.lon);
      const display = hit.display_name ?? "";
      const name = hit.name || display.split(",")[0];
      if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      hits.push({ kind: "place", key: `place:${hit.place_id ?? i}`, name, detail: display, lat, lng });
    }
  } else if (body && typeof body === "object" && Array.isArray((body as PhotonAnswer).features)) {
    for (const [i, feature] of (body as PhotonAnswer).features!.entries()) {
      const [lng, lat] = feature.geometry?.coordinates ?? [];
      const props = feature.properties ?? {};
      if (!props.name || typeof lat !== "number" || typeof lng !== "number" || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      hits.push({
        kind: "place",
        key: `place:${props.osm_id ?? i}`,
        name: props.name,
        detail: [props.city, props.country].filter(Boolean).join(", "),
        lat,
        lng,
      });
    }
  }
  return hits.filter((h) => h.lat >= -90 && h.lat <= 90 && h.lng >= -180 && h.lng <= 180).slice(0, PER_SOURCE);
}

async function geocode(geocoderUrl: string, q: string, fetcher: typeof fetch): Promise<PlaceHit[]> {
  const url = new URL(geocoderUrl);
  url.searchParams.set("q", q);
  url.searchParams.set("limit", String(PER_SOURCE));
  try {
    const response = await fetcher(url, {
      headers: { Accept: "application/json", "User-Agent": "Spotfolio Studio place search" },
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return geocoderHits(await response.json());
  } catch (error) {
    logger.warn({ err: error }, "place search: the geocoder did not answer");
    return [];
  }
}

export async function searchPlaces(
  db: Database,
  creatorId: string,
  query: string,
  opts: { geocoderUrl?: string; fetch?: typeof fetch } = {},
): Promise<PlaceHit[]> {
  const q = query.trim().slice(0, PLACE_QUERY_MAX);
  if (q.length < 2) return [];
  const [cityRows, spotRows, places] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, country: cities.country, lat: cities.lat, lng: cities.lng })
      .from(cities)
      .where(sql`lower(${cities.name}) like ${likePattern(q, false)}`)
      .orderBy(desc(cities.population), asc(cities.name))
      .limit(PER_SOURCE),
    db
      .select({ id: spots.id, name: spots.name, mapTitle: maps.title, lat: spots.lat, lng: spots.lng })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(maps.ownerId, creatorId), sql`lower(${spots.name}) like ${likePattern(q, true)}`))
      .orderBy(asc(spots.name))
      .limit(PER_SOURCE),
    opts.geocoderUrl ? geocode(opts.geocoderUrl, q, opts.fetch ?? fetch) : Promise.resolve([]),
  ]);
  return [
    ...spotRows.map((s) => ({ kind: "spot" as const, key: `spot:${s.id}`, name: s.name, detail: s.mapTitle, lat: s.lat, lng: s.lng })),
    ...cityRows.map((c) => ({ kind: "city" as const, key: `city:${c.id}`, name: c.name, detail: c.country, lat: c.lat, lng: c.lng })),
    ...places,
  ];
}
