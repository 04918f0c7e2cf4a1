/**
 * What a Google Maps link in an export tells us: whether it points at a place
 * at all, the coordinates it carries (Takeout CSVs have no coordinate columns,
 * so the URL is the only source), a stable identity for re-imports, and the
 * place name some links spell out.
 *
 * The identity is the place's CID wherever the link gives one in any form:
 * `?cid=` (Saved Places.json), `ludocid=` (google.com/search links), and the
 * feature id `0x…:0x…` of `ftid=` or of a `/maps/place/…/data=…!1s0x…:0x…`
 * link (Takeout CSVs), whose second half is the CID in hex. So the same place
 * gets the same key whichever export it came from, and a CSV re-imported after
 * a JSON matches. Links without any id fall back to the URL, normalised.
 */
import { checkLatLng } from "./coordinates";

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GoogleMapsLink {
  /** The link points at a place or a position on Google Maps (not a web page). */
  isPlace: boolean;
  /** Coordinates the link carries, range-checked, rounded to 6 decimals; null when it has none. */
  coordinates: LatLng | null;
  /** `google:cid:<decimal>`, `google:ftid:<id>`, `google:mid:<id>` or `url:<normalised URL>`. */
  importKey: string | null;
  /** The place name a `/maps/place/<name>/`, `/maps/search/<name>`, `?q=` or `?query=` link spells out, when it is not coordinates. */
  placeName: string | null;
  /**
   * What Google Maps opens the place itself by: a Place ID ("ChIJ…", from `query_place_id=` or
   * `q=place_id:…`) or a CID (decimal digits, from `cid=`, `ludocid=` or a feature id); null when
   * the link has neither (a dropped pin, a plain search).
   */
  googlePlaceId: string | null;
}

/** google.com, google.co.jp, google.com.vn… (not googleusercontent.com or google.example.org). */
const GOOGLE_HOST = /^(?:[a-z0-9-]+\.)*google\.(?:com|[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;
const SHORT_MAPS_HOSTS = new Set(["maps.app.goo.gl", "goo.gl"]);

/** A decimal pair as Google writes it in paths and queries: "35.6812,139.7671", "35.6812, +139.7671". */
const DECIMAL_PAIR = /^\s*([-+]?\d{1,3}(?:\.\d+)?)\s*,\s*\+?\s*([-+]?\d{1,3}(?:\.\d+)?)\s*$/;
/** Degrees, minutes and seconds, as a dropped pin's `/maps/place/35°40'52.5"N+139°46'01.7"E` link has them. */
const DMS_PAIR = /^\s*(\d{1,2})°\s*(\d{1,2})'\s*(\d{1,2}(?:\.\d+)?)"\s*([NS])[\s,]*(\d{1,3})°\s*(\d{1,2})'\s*(\d{1,2}(?:\.\d+)?)"\s*([EW])\s*$/i;
const FEATURE_ID = /^(0x[0-9a-f]{1,16}):(0x[0-9a-f]{1,16})$/i;
/** Query parameters that say how the link was made, not what it points at. */
const NOISE_PARAMS = /^(?:hl|gl|authuser|entry|g_ep|g_st|shorturl|ved|ei|sa|source|sourceid|ie|oe|utm_.*|coh|skid|gs_lcp|sclient|ucbcb|rlz)$/i;

function parseUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed);
  } catch {
    return null;
  }
}

function decodeComponent(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part.replace(/\+/g, " ");
  }
}

/**
 * Range-checked coordinates. Google writes 0,0 for "no location" (Saved
 * Places.json's `[0,0]` with its "No location information" comment), and
 * nobody saves a place in the Gulf of Guinea at exactly 0,0, so it means unknown.
 */
export function validCoordinates(lat: number, lng: number): LatLng | null {
  if (lat === 0 && lng === 0) return null;
  const checked = checkLatLng(lat, lng);
  return checked.ok ? { lat: checked.lat, lng: checked.lng } : null;
}

/** "35.6812,139.7671" or a DMS pair as text; null when the text is not coordinates or out of range. */
export function coordinatesFromText(text: string): LatLng | null {
  const decimal = DECIMAL_PAIR.exec(text);
  if (decimal) return validCoordinates(Number(decimal[1]), Number(decimal[2]));
  const dms = DMS_PAIR.exec(text);
  if (!dms) return null;
  const [, latD, latM, latS, ns, lngD, lngM, lngS, ew] = dms;
  const lat = (Number(latD) + Number(latM) / 60 + Number(latS) / 3600) * (ns.toUpperCase() === "S" ? -1 : 1);
  const lng = (Number(lngD) + Number(lngM) / 60 + Number(lngS) / 3600) * (ew.toUpperCase() === "W" ? -1 : 1);
  return validCoordinates(lat, lng);
}

function isGoogleHost(host: string): boolean {
  return GOOGLE_HOST.test(host);
}

/**
 * A place or position on Google Maps: `maps.google.<tld>`, `google.<tld>/maps…`,
 * the maps short links, and `google.<tld>/search` links that name a place (`ludocid=`,
 * as Takeout writes for some saved places). A plain web search or any other
 * site is not a place.
 */
function isPlaceUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (SHORT_MAPS_HOSTS.has(host)) return host === "maps.app.goo.gl" || url.pathname.startsWith("/maps");
  if (!isGoogleHost(host)) return false;
  if (host.startsWith("maps.")) return true;
  if (url.pathname === "/maps" || url.pathname.startsWith("/maps/")) return true;
  if (url.searchParams.has("cid") || url.searchParams.has("ftid")) return true;
  return url.pathname === "/search" && url.searchParams.has("ludocid");
}

/** The path's segments, decoded, without the empty ones. */
function pathSegments(url: URL): string[] {
  return url.pathname.split("/").filter(Boolean).map(decodeComponent);
}

/**
 * In order of precision: the place's own `!3d<lat>!4d<lng>`, a dropped pin's
 * `/maps/search/<lat>,<lng>` (or `/maps/place/<lat>,<lng>`), a query naming a
 * position (`?q=`, `?query=`, `?ll=`…), and last the `@lat,lng,zoom` of the
 * map view the link was copied from, which is near the place but not on it.
 */
function coordinatesOf(url: URL, segments: string[]): LatLng | null {
  const data = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(decodeComponent(url.pathname + url.search));
  if (data) {
    const found = validCoordinates(Number(data[1]), Number(data[2]));
    if (found) return found;
  }
  const mapsAt = segments.indexOf("maps");
  const kind = mapsAt >= 0 ? segments[mapsAt + 1] : undefined;
  const target = mapsAt >= 0 ? segments[mapsAt + 2] : undefined;
  if ((kind === "search" || kind === "place" || kind === "dir") && target) {
    const found = coordinatesFromText(target);
    if (found) return found;
  }
  for (const param of ["q", "query", "ll", "sll", "center", "daddr", "destination"]) {
    const value = url.searchParams.get(param);
    const found = value ? coordinatesFromText(value) : null;
    if (found) return found;
  }
  for (const segment of segments) {
    const view = /^@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?:,|$)/.exec(segment);
    const found = view ? validCoordinates(Number(view[1]), Number(view[2])) : null;
    if (found) return found;
  }
  return null;
}

/** A feature id's second half is the place's CID; an id ending in `:0x0` has none and is kept whole. */
function keyFromFeatureId(id: string): string | null {
  const match = FEATURE_ID.exec(id.trim());
  if (!match) return null;
  const cid = BigInt(match[2]);
  return cid === 0n ? `google:ftid:${match[1].toLowerCase()}:${match[2].toLowerCase()}` : `google:cid:${cid.toString()}`;
}

function keyFromCid(value: string): string | null {
  const text = value.trim();
  if (/^\d{1,20}$/.test(text)) return `google:cid:${BigInt(text).toString()}`;
  if (/^0x[0-9a-f]{1,16}$/i.test(text)) return `google:cid:${BigInt(text).toString()}`;
  return null;
}

/** The link without what says how it was made (language, tracking, the map view), so two copies of one link compare equal. */
export function normaliseUrl(url: URL): string {
  const host = url.hostname.toLowerCase();
  const path = url.pathname
    .split("/")
    .filter((segment) => segment && !segment.startsWith("@"))
    .join("/");
  const params = [...url.searchParams.entries()]
    .filter(([name]) => !NOISE_PARAMS.test(name))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return `https://${host}${path ? `/${path}` : ""}${query ? `?${query}` : ""}`;
}

function importKeyOf(url: URL): string {
  for (const param of ["cid", "ludocid"]) {
    const value = url.searchParams.get(param);
    const key = value ? keyFromCid(value) : null;
    if (key) return key;
  }
  const ftid = url.searchParams.get("ftid");
  const fromFtid = ftid ? keyFromFeatureId(ftid) : null;
  if (fromFtid) return fromFtid;
  const decoded = decodeComponent(url.pathname);
  const dataId = /!1s(0x[0-9a-f]{1,16}:0x[0-9a-f]{1,16})/i.exec(decoded);
  const fromData = dataId ? keyFromFeatureId(dataId[1]) : null;
  if (fromData) return fromData;
  // Newer links name the place by its knowledge-graph id instead (`!16s/g/11…`).
  const mid = /!16s(\/[gm]\/[0-9a-z_]+)/i.exec(decoded);
  if (mid) return `google:mid:${mid[1]}`;
  return `url:${normaliseUrl(url)}`;
}

function placeNameOf(url: URL, segments: string[]): string | null {
  const mapsAt = segments.indexOf("maps");
  if (mapsAt >= 0 && (segments[mapsAt + 1] === "place" || segments[mapsAt + 1] === "search")) {
    const name = segments[mapsAt + 2]?.trim();
    if (name && !name.startsWith("@") && !name.startsWith("data=") && !coordinatesFromText(name)) return name;
  }
  for (const param of ["q", "query"]) {
    const query = url.searchParams.get(param)?.trim();
    if (query && !coordinatesFromText(query) && !PLACE_ID_QUERY.test(query)) return query;
  }
  return null;
}

/** A Place ID as Google writes them: "ChIJ…" and its longer kin, URL-safe base64. */
const PLACE_ID = /^[A-Za-z0-9_-]{16,300}$/;
const PLACE_ID_QUERY = /^place_id:/i;

function googlePlaceIdOf(url: URL, importKey: string): string | null {
  const fromParam = url.searchParams.get("query_place_id")?.trim();
  if (fromParam && PLACE_ID.test(fromParam)) return fromParam;
  const q = url.searchParams.get("q")?.trim();
  if (q && PLACE_ID_QUERY.test(q)) {
    const id = q.slice("place_id:".length).trim();
    if (PLACE_ID.test(id)) return id;
  }
  return importKey.startsWith("google:cid:") ? importKey.slice("google:cid:".length) : null;
}

/** Everything a link tells us; null when the text is not an http(s) URL at all. */
export function readGoogleMapsUrl(text: string): GoogleMapsLink | null {
  const url = parseUrl(text);
  if (!url) return null;
  if (!isPlaceUrl(url)) return { isPlace: false, coordinates: null, importKey: `url:${normaliseUrl(url)}`, placeName: null, googlePlaceId: null };
  const segments = pathSegments(url);
  const importKey = importKeyOf(url);
  return {
    isPlace: true,
    coordinates: coordinatesOf(url, segments),
    importKey,
    placeName: placeNameOf(url, segments),
    googlePlaceId: googlePlaceIdOf(url, importKey),
  };
}
