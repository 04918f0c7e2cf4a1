/**
 * Google Takeout's `Saved Places.json` (starred places), in both shapes Google
 * has written:
 * - current: `properties.{date, google_maps_url, location{name, address,
 *   country_code?}}`; a place Google has no position for is written at
 *   `[0,0]` with a `Comment` "No location information…", and often without
 *   `location`;
 * - older: `properties.{Title, Published, Updated, Google Maps URL,
 *   Location{Address, Business Name, Country Code, Geo Coordinates{Latitude,
 *   Longitude}}}`, the coordinates as strings, many locations holding only
 *   `Geo Coordinates`.
 * Position: the geometry, else the older Geo Coordinates, else the link.
 */
import { type GoogleMapsLink, type LatLng, readGoogleMapsUrl, validCoordinates } from "~/modules/places";
import { blankRow, truncateOriginal } from "./import-fields";
import { IMPORT_LIMITS, type ImportRow, type ParseOutcome } from "./import-row";
import { parseJsonText } from "./json-text";

export interface SavedPlacesOptions {
  /** Stop after this many rows (plus one, so the caller sees the file is over the limit). */
  maxRows?: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return Number.NaN;
}

function fileBaseName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(geo)?json$/i, "") || base;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/** A Google link in either shape's property name. */
function mapsUrlOf(properties: Json): string | null {
  return text(properties.google_maps_url) ?? text(properties["Google Maps URL"]);
}

/**
 * Google-shaped: a FeatureCollection whose features carry a Google Maps link
 * in either schema's property. Any other FeatureCollection is plain GeoJSON.
 */
export function isGoogleSavedPlaces(value: unknown): boolean {
  if (!isObject(value) || value.type !== "FeatureCollection" || !Array.isArray(value.features)) return false;
  return value.features.some((feature) => isObject(feature) && isObject(feature.properties) && mapsUrlOf(feature.properties) !== null);
}

function geometryCoordinates(feature: Json): LatLng | null {
  const geometry = feature.geometry;
  if (!isObject(geometry) || geometry.type !== "Point" || !Array.isArray(geometry.coordinates)) return null;
  const [lng, lat] = geometry.coordinates;
  return typeof lat === "number" && typeof lng === "number" ? validCoordinates(lat, lng) : null;
}

function legacyCoordinates(location: Json | null): LatLng | null {
  const geo = location?.["Geo Coordinates"];
  if (!isObject(geo)) return null;
  return validCoordinates(numberOf(geo.Latitude), numberOf(geo.Longitude));
}

/** `?q=Phở Thìn, Lò Đúc, Hanoi`: Google puts the name first and the address after the first comma. */
function splitQuery(link: GoogleMapsLink | null): { name: string | null; address: string | null } {
  const query = link?.placeName;
  if (!query) return { name: null, address: null };
  const comma = query.indexOf(",");
  if (comma <= 0) return { name: query, address: null };
  return { name: query.slice(0, comma).trim(), address: query.slice(comma + 1).trim() || null };
}

function formatCoordinates({ lat, lng }: LatLng): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

interface ReadFeature {
  row: ImportRow;
  /** Google wrote no position (`[0,0]` or nothing) for the place. */
  unlocated: boolean;
}

function readFeature(file: string, feature: unknown, index: number): ReadFeature {
  const ref = `feature ${index + 1}`;
  const original = truncateOriginal(JSON.stringify(feature, null, 2) ?? String(feature));
  const empty = blankRow(file, ref, original);
  if (!isObject(feature) || feature.type !== "Feature") {
    return { row: { ...empty, invalid: "Not a GeoJSON feature" }, unlocated: false };
  }
  const properties = isObject(feature.properties) ? feature.properties : {};
  const current = isObject(properties.location) ? properties.location : null;
  const legacy = isObject(properties.Location) ? properties.Location : null;
  const url = mapsUrlOf(properties);
  const link = url ? readGoogleMapsUrl(url) : null;

  const own = geometryCoordinates(feature) ?? legacyCoordinates(legacy);
  const coordinates = own ?? link?.coordinates ?? null;
  const fromQuery = splitQuery(link);
  const address = text(current?.address) ?? text(legacy?.Address) ?? fromQuery.address;
  // A place without a name keeps what identifies it, so the creator can recognise it and rename it
  // later: the name the link spells out, else its address, else its coordinates. It stays a row to import.
  const name =
    text(current?.name) ??
    text(legacy?.["Business Name"]) ??
    text(properties.Title) ??
    text(properties.name) ??
    fromQuery.name ??
    address ??
    (coordinates ? formatCoordinates(coordinates) : null);

  return {
    row: {
      ...empty,
      name,
      url,
      address,
      lat: coordinates?.lat ?? null,
      lng: coordinates?.lng ?? null,
      importKey: link?.importKey ?? null,
      invalid: !name && !url ? "Nothing to place: no name, address, link or coordinates" : null,
    },
    unlocated: own === null,
  };
}

/** The rows of an already parsed Saved Places document; parse-files calls this after detecting the shape. */
export function readSavedPlaces(file: string, value: unknown, options: SavedPlacesOptions = {}): ParseOutcome {
  const maxRows = options.maxRows ?? IMPORT_LIMITS.maxRows;
  if (!isObject(value) || value.type !== "FeatureCollection" || !Array.isArray(value.features)) {
    return { lists: [], errors: [{ file, message: `${file}: not a Google Saved Places file (a GeoJSON FeatureCollection of saved places).` }] };
  }
  const features = value.features;
  const stopped = features.length > maxRows + 1;
  const read = features.slice(0, maxRows + 1).map((feature, index) => readFeature(file, feature, index));
  const rows = read.map(({ row }) => row);

  const notices: string[] = [];
  const unlocated = read.filter((entry) => entry.unlocated && entry.row.invalid === null);
  const fromLink = unlocated.filter((entry) => entry.row.lat !== null).length;
  const needPlace = unlocated.length - fromLink;
  if (fromLink > 0)
    notices.push(`${plural(fromLink, "place has", "places have")} no location in the export; the position was taken from the Google Maps link.`);
  if (needPlace > 0) notices.push(`${plural(needPlace, "place has", "places have")} no location in the export and will need placing.`);
  if (rows.length === 0) notices.push(`${fileBaseName(file)} has no places.`);
  if (stopped) notices.push(`Reading stopped after ${plural(rows.length, "place", "places")}: one import takes at most ${maxRows.toLocaleString("en-US")}.`);

  return { lists: [{ file, format: "saved-places-json", name: fileBaseName(file), description: null, rows, notices }], errors: [] };
}

export function parseSavedPlacesJson(file: string, text: string, options: SavedPlacesOptions = {}): ParseOutcome {
  const parsed = parseJsonText(file, text.replace(/^\uFEFF/, ""));
  if (!parsed.ok) return { lists: [], errors: [parsed.error] };
  return readSavedPlaces(file, parsed.value, options);
}
