/**
 * GeoJSON (RFC 7946): a FeatureCollection, one Feature, or a bare geometry.
 * Point features are the places; lines and areas are counted in a notice
 * (one whose coordinates cannot be read is a refused row with the reason),
 * and what a collection holds beside its point is said in a notice too.
 * Properties are read under the names tools commonly use (name/title,
 * note/description/desc, simplestyle's marker-symbol and marker-color), and
 * under those our own export writes (name, note, category, order, url,
 * address, photos), so that an exported map comes back as it was, in the
 * creator's order.
 *
 * Pure, no server code.
 */
import type { ImportCategory, ImportRow } from "./import-row";
import {
  blankRow,
  clean,
  extrasNotice,
  fileStem,
  httpUrl,
  noticesFor,
  pathsNotice,
  position,
  refusalOf,
  shapeOf,
  truncateOriginal,
  type ParsedFile,
  type PathGroup,
  type PlaceExtras,
} from "./import-fields";
import { htmlToNote, looksLikeHtml } from "./html-note";
import { MAX_JSON_DEPTH, nestsDeeperThan, tooDeepMessage } from "./json-text";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" ? clean(value) : typeof value === "number" ? String(value) : null);
const firstText = (properties: Json, keys: string[]) => keys.map((key) => text(properties[key])).find((value) => value !== null) ?? null;

const GEOMETRY_TYPES = new Set(["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"]);

export function parseGeoJson(file: string, source: string): ParsedFile {
  const refuse = (message: string): ParsedFile => ({ ok: false, error: { file, message: `${file}: ${message}` } });
  // Deeper than any GeoJSON: walking it (shapes, the original text kept for review) would overflow the stack.
  if (nestsDeeperThan(source, MAX_JSON_DEPTH)) return { ok: false, error: { file, message: tooDeepMessage(file) } };
  let data: unknown;
  try {
    data = JSON.parse(source.replace(/^\uFEFF/, ""));
  } catch (error) {
    return refuse(`this is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!isObject(data)) return refuse("this is not GeoJSON (expected an object with a FeatureCollection, a Feature or a geometry).");

  let features: unknown[];
  if (data.type === "FeatureCollection") {
    if (!Array.isArray(data.features)) return refuse('this FeatureCollection has no "features" list.');
    features = data.features;
  } else if (data.type === "Feature") features = [data];
  else if (typeof data.type === "string" && GEOMETRY_TYPES.has(data.type)) features = [{ type: "Feature", geometry: data, properties: {} }];
  else return refuse(`this is not GeoJSON (its "type" is ${JSON.stringify(data.type ?? null)}, not FeatureCollection, Feature or a geometry).`);

  const name = text(data.name) ?? text(data.title) ?? fileStem(file);
  const description = text(data.description);

  const rows: Array<ImportRow & { order: number | null }> = [];
  const lines: PathGroup["paths"] = [];
  const areas: PathGroup["paths"] = [];
  const extras: PlaceExtras[] = [];
  features.forEach((feature, index) => {
    const ref = `feature ${index + 1}`;
    const original = truncateOriginal(JSON.stringify(feature) ?? String(feature));
    if (!isObject(feature) || feature.type !== "Feature") {
      rows.push({ ...emptyRow(file, ref, original), invalid: "Not a GeoJSON Feature" });
      return;
    }
    const properties = isObject(feature.properties) ? feature.properties : {};
    const featureName = firstText(properties, ["name", "title", "Name", "Title"]);
    const shape = shapeOf(feature.geometry);
    if (shape.kind !== "point" && shape.kind !== "invalid") {
      (shape.kind === "line" ? lines : areas).push({ name: featureName, points: shape.points });
      return;
    }
    if (shape.kind === "point" && shape.extras) extras.push({ name: featureName, ...shape.extras });
    const where = shape.kind === "invalid" ? { lat: null, lng: null, invalid: shape.reason } : position(shape.coordinates?.[1], shape.coordinates?.[0]);
    const rawNote = firstText(properties, ["note", "description", "desc", "Description"]);
    const described = rawNote && looksLikeHtml(rawNote) ? htmlToNote(rawNote) : { note: rawNote, images: [] };
    const order = typeof properties.order === "number" && Number.isFinite(properties.order) ? properties.order : null;
    rows.push({
      file,
      ref,
      name: featureName,
      note: described.note,
      url: httpUrl(text(properties.url)),
      address: firstText(properties, ["address", "Address"]),
      category: categoryOf(properties),
      photos: [...new Set([...photosOf(properties), ...described.images])],
      lat: where.lat,
      lng: where.lng,
      // Our export sets the spot's id; other tools their own.
      importKey: typeof feature.id === "string" || typeof feature.id === "number" ? clean(String(feature.id)) : null,
      original,
      invalid: refusalOf(featureName, where.invalid),
      order,
    });
  });

  // The creator's order, when every row carries one (our own export does).
  if (rows.length && rows.every((row) => row.order !== null)) rows.sort((a, b) => a.order! - b.order!);

  const shapes = pathsNotice([
    { one: "line", paths: lines },
    { one: "area", paths: areas },
  ]);
  return {
    ok: true,
    list: {
      file,
      format: "geojson",
      name,
      description,
      rows: rows.map(({ order: _order, ...row }) => row),
      notices: noticesFor(rows.length, [shapes, extrasNotice(extras)]),
    },
  };
}

function emptyRow(file: string, ref: string, original: string): ImportRow & { order: null } {
  return { ...blankRow(file, ref, original), order: null };
}

function categoryOf(properties: Json): ImportCategory | null {
  const raw = properties.category;
  const name = isObject(raw) ? text(raw.name) : text(raw);
  if (!name) return null;
  const color = [isObject(raw) ? raw.color : null, properties["marker-color"], properties.color]
    .map(text)
    .find((value) => value && /^#?[0-9a-fA-F]{6}$/.test(value));
  const icon = (isObject(raw) ? text(raw.icon) : null) ?? text(properties["marker-symbol"]) ?? text(properties.icon);
  return { name, icon, color: color ? `#${color.replace(/^#/, "").toUpperCase()}` : null };
}

/** `photos` as a list (our export) or as space-separated text (`gx_media_links`, as togeojson writes KML's). */
function photosOf(properties: Json): string[] {
  const found: string[] = [];
  for (const value of [properties.photos, properties.gx_media_links]) {
    const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(/\s+/) : [];
    for (const item of items) {
      const url = typeof item === "string" ? httpUrl(item) : null;
      if (url && !found.includes(url)) found.push(url);
    }
  }
  return found;
}
