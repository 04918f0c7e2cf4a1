/**
 * Small pieces every file parser needs, so that a coordinate, a URL or a
 * row's original text is judged the same way whatever format it came in.
 *
 * Pure, no server code.
 */
import { XMLSerializer, type Element, type Node } from "@xmldom/xmldom";
import type { ImportFileError, ImportRow, ParsedList } from "./import-row";

/** A row's original text is shown in the review queue; past this it is cut, and says so. */
export const ORIGINAL_MAX_CHARS = 4000;

export function truncateOriginal(text: string): string {
  if (text.length <= ORIGINAL_MAX_CHARS) return text;
  return `${text.slice(0, ORIGINAL_MAX_CHARS)}… [cut: ${(text.length - ORIGINAL_MAX_CHARS).toLocaleString("en")} more characters not shown]`;
}

const serializer = new XMLSerializer();

/** An element as it was written (namespace declarations it relies on added), cut when very long. */
export function originalXml(node: Node): string {
  return truncateOriginal(serializer.serializeToString(node));
}

/** "1,234 points", "1 point". */
export function count(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : other}`;
}

/** The file's name without folders and extension: a list's name when the file gives none. */
export function fileStem(file: string): string {
  const base = file.split(/[/\\]/).pop() ?? file;
  const stem = base.replace(/\.[^.]+$/, "");
  return stem.trim() || base;
}

/** The text, trimmed, or null when there is none. */
export function clean(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** The URL when it is an absolute http(s) one, normalised; null otherwise. */
export function httpUrl(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export type Position = { lat: number; lng: number; invalid: null } | { lat: null; lng: null; invalid: string | null };

const NONE: Position = { lat: null, lng: null, invalid: null };

/**
 * A latitude and longitude read from text or numbers. Missing → no position
 * (the row waits to be placed); present but not numbers or out of range →
 * invalid, with the reason in words.
 */
export function position(rawLat: unknown, rawLng: unknown): Position {
  const missing = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");
  if (missing(rawLat) && missing(rawLng)) return NONE;
  const lat = typeof rawLat === "string" ? Number(rawLat.trim()) : rawLat;
  const lng = typeof rawLng === "string" ? Number(rawLng.trim()) : rawLng;
  if (typeof lat !== "number" || typeof lng !== "number" || !Number.isFinite(lat) || !Number.isFinite(lng) || missing(rawLat) || missing(rawLng)) {
    return { lat: null, lng: null, invalid: `Coordinates are not numbers (latitude ${String(rawLat ?? "missing")}, longitude ${String(rawLng ?? "missing")})` };
  }
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
    return {
      lat: null,
      lng: null,
      invalid: `Coordinates out of range (latitude ${lat}, longitude ${lng}): latitude must be between -90 and 90, longitude between -180 and 180`,
    };
  }
  return { lat, lng, invalid: null };
}

/** Child elements by local name, whatever namespace prefix the file uses. */
export function children(parent: Element, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === localName) found.push(node as Element);
  }
  return found;
}

export function child(parent: Element, localName: string): Element | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === localName) return node as Element;
  }
  return null;
}

/** A child element's text, trimmed; null when absent or empty. */
export function childText(parent: Element, localName: string): string | null {
  return clean(child(parent, localName)?.textContent);
}

/** Texts that say the same thing once: a GPX `desc` and `cmt` are often copies of each other. */
export function joinDistinct(parts: Array<string | null>): string | null {
  const kept: string[] = [];
  for (const part of parts) if (part && !kept.includes(part)) kept.push(part);
  return kept.length ? kept.join("\n\n") : null;
}

/** What one file parser returns: the file's list, or the reason it was refused. */
export type ParsedFile = { ok: true; list: ParsedList } | { ok: false; error: ImportFileError };

/** How many path names a notice spells out before "and N more". */
const NAMES_SHOWN = 3;

export interface PathGroup {
  one: string;
  paths: Array<{ name: string | null; points: number }>;
}

/** Paths that are not spots (GPX tracks and routes, KML lines and areas), in one sentence: "2 tracks (ACTIVE LOG, ACTIVE LOG #2; 1,234 points) and 1 route (16 points) are summarised, not imported as spots." */
export function pathsNotice(groups: PathGroup[]): string | null {
  const parts = groups
    .filter((group) => group.paths.length)
    .map(({ one, paths }) => {
      const names = paths.map((path) => path.name).filter((name): name is string => Boolean(name));
      const shown = names.slice(0, NAMES_SHOWN).join(", ") + (names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : "");
      const points = count(
        paths.reduce((total, path) => total + path.points, 0),
        "point",
      );
      return `${count(paths.length, one)} (${shown ? `${shown}; ` : ""}${points})`;
    });
  if (!parts.length) return null;
  const total = groups.reduce((sum, group) => sum + group.paths.length, 0);
  return `${parts.join(" and ")} ${total === 1 ? "is summarised, not imported as a spot" : "are summarised, not imported as spots"}.`;
}

/** What a place's geometry held beside the one point imported: lines, areas and further points, which are not. */
export interface ShapeExtras {
  lines: number;
  areas: number;
  points: number;
}

export type Shape =
  /** `[longitude, latitude]` as written, checked by `position`; `extras`: what else the geometry held (not imported). */
  | { kind: "point"; coordinates: [unknown, unknown] | null; extras?: ShapeExtras }
  | { kind: "line" | "area"; points: number }
  | { kind: "invalid"; reason: string };

const isArray = Array.isArray;
/** Positions `depth` arrays down, and whether every one is a pair of finite numbers. */
function positionsIn(value: unknown, depth: number): { count: number; unreadable: boolean } {
  if (!isArray(value)) return { count: 0, unreadable: value !== undefined && value !== null };
  if (depth === 0) {
    const readable =
      value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]) && typeof value[0] === "number" && typeof value[1] === "number";
    return { count: 1, unreadable: !readable };
  }
  let count = 0;
  let unreadable = false;
  for (const item of value) {
    const inner = positionsIn(item, depth - 1);
    count += inner.count;
    unreadable ||= inner.unreadable;
  }
  return { count, unreadable };
}

/** The coordinates as written, cut for a message. */
const sample = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
};

/**
 * Why a line or an area is refused when its coordinates cannot be read: it is
 * not a place to be put on the map later (as a point without coordinates is),
 * so it is not a row that "needs a place".
 */
export function unreadablePathReason(kind: "line" | "area", written: string | null): string {
  const what = kind === "line" ? "line" : "area";
  return written?.trim()
    ? `Unreadable coordinates (“${sample(written)}”): this ${what} cannot be read, and lines and areas are not imported as spots`
    : `No coordinates: this ${what} is empty, and lines and areas are not imported as spots`;
}

/** Why a point whose coordinates are written but are not numbers is refused. */
export function unreadablePointReason(written: string): string {
  return `Unreadable coordinates (“${sample(written)}”): a point is written as longitude,latitude in decimal degrees`;
}

/** The reason a row is refused: its coordinates first (the real reason), then a missing name. */
export function refusalOf(name: string | null, coordinates: string | null): string | null {
  if (coordinates) return name ? coordinates : `${coordinates}; it has no name either`;
  return name ? null : "No name";
}

function pathShape(kind: "line" | "area", type: string, coordinates: unknown, depth: number): Shape {
  const found = positionsIn(coordinates, depth);
  if (found.count === 0 || found.unreadable) {
    const empty = coordinates === null || coordinates === undefined || (isArray(coordinates) && found.count === 0 && !found.unreadable);
    const written = empty ? null : (JSON.stringify(coordinates) ?? null);
    return { kind: "invalid", reason: `${unreadablePathReason(kind, written)} (${type})` };
  }
  return { kind, points: found.count };
}

/**
 * What a GeoJSON geometry (parsed from a file, so not trusted to be well
 * formed) means for the importer: a point (a place; a MultiPoint or a
 * collection holding one counts by its first point), a line or an area (not
 * places: counted in a notice), or something broken, with the reason.
 * A null geometry is a place with no position yet.
 */
export function shapeOf(geometry: unknown): Shape {
  if (geometry === null || geometry === undefined) return { kind: "point", coordinates: null };
  if (typeof geometry !== "object") return { kind: "invalid", reason: "The geometry is not a GeoJSON object" };
  const { type, coordinates, geometries } = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  const point = (value: unknown): Shape =>
    isArray(value) && value.length >= 2
      ? { kind: "point", coordinates: [value[0], value[1]] }
      : { kind: "invalid", reason: `The ${String(type)} has no [longitude, latitude] pair` };
  switch (type) {
    case "Point":
      return point(coordinates);
    case "MultiPoint": {
      if (!isArray(coordinates) || !coordinates.length) return { kind: "invalid", reason: "The MultiPoint has no points" };
      const first = point(coordinates[0]);
      return first.kind === "point" && coordinates.length > 1 ? { ...first, extras: { lines: 0, areas: 0, points: coordinates.length - 1 } } : first;
    }
    case "LineString":
      return pathShape("line", type, coordinates, 1);
    case "MultiLineString":
      return pathShape("line", type, coordinates, 2);
    case "Polygon":
      return pathShape("area", type, coordinates, 2);
    case "MultiPolygon":
      return pathShape("area", type, coordinates, 3);
    case "GeometryCollection": {
      if (!isArray(geometries)) return { kind: "invalid", reason: "The GeometryCollection has no geometries" };
      const parts = geometries.map(shapeOf);
      const at = parts.findIndex((part) => part.kind === "point" && part.coordinates);
      if (at >= 0) {
        // The place is its first point; whatever else the collection holds is said in a notice, not dropped in silence.
        const found = parts[at] as Extract<Shape, { kind: "point" }>;
        const extras: ShapeExtras = { lines: 0, areas: 0, points: found.extras?.points ?? 0 };
        parts.forEach((part, i) => {
          if (i === at) return;
          if (part.kind === "line") extras.lines += 1;
          else if (part.kind === "area") extras.areas += 1;
          else if (part.kind === "point" && part.coordinates) {
            extras.points += 1 + (part.extras?.points ?? 0);
            extras.lines += part.extras?.lines ?? 0;
            extras.areas += part.extras?.areas ?? 0;
          }
        });
        return extras.lines || extras.areas || extras.points ? { ...found, extras } : { kind: "point", coordinates: found.coordinates };
      }
      const broken = parts.find((part) => part.kind === "invalid");
      if (broken) return broken;
      if (!parts.length) return { kind: "point", coordinates: null };
      const points = parts.reduce((total, part) => total + (part.kind === "line" || part.kind === "area" ? part.points : 0), 0);
      return { kind: parts.some((part) => part.kind === "area") ? "area" : "line", points };
    }
    default:
      return { kind: "invalid", reason: `Unknown geometry type ${JSON.stringify(type ?? null)}` };
  }
}

/** A place whose geometry held more than its point. */
export interface PlaceExtras extends ShapeExtras {
  name: string | null;
}

/**
 * Lines, areas and further points beside a place's point (a KML MultiGeometry,
 * a GeoJSON GeometryCollection or MultiPoint), in one sentence: "1 line beside
 * the point of SF Marina Harbor Master is not imported: only the point is."
 */
export function extrasNotice(places: PlaceExtras[]): string | null {
  if (!places.length) return null;
  const sum = (key: keyof ShapeExtras) => places.reduce((total, place) => total + place[key], 0);
  const parts = [
    sum("lines") ? count(sum("lines"), "line") : null,
    sum("areas") ? count(sum("areas"), "area") : null,
    sum("points") ? count(sum("points"), "more point", "more points") : null,
  ].filter((part): part is string => part !== null);
  const total = sum("lines") + sum("areas") + sum("points");
  const names = places.map((place) => place.name).filter((name): name is string => Boolean(name));
  const shown = names.slice(0, NAMES_SHOWN).join(", ") + (names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : "");
  const whose = places.length === 1 ? `the point of ${shown || "1 place"}` : `the points of ${count(places.length, "place")}${shown ? ` (${shown})` : ""}`;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
  return `${list} beside ${whose} ${total === 1 ? "is" : "are"} not imported: only ${places.length === 1 ? "the point is" : "each place's first point is"}.`;
}

/** Said when a file was read without fault but holds nothing to import, so that an empty preview is explained. */
export const NO_PLACES_NOTICE = "The file holds no places.";

/** The notices given, or the "no places" one when there are neither rows nor notices. */
export function noticesFor(rows: number, notices: Array<string | null>): string[] {
  const kept = notices.filter((notice): notice is string => Boolean(notice));
  return rows === 0 && kept.length === 0 ? [NO_PLACES_NOTICE] : kept;
}

/** A row that says nothing yet but where it came from: parsers fill in what their source has. */
export function blankRow(file: string, ref: string, original: string): ImportRow {
  return {
    file,
    ref,
    name: null,
    note: null,
    url: null,
    address: null,
    category: null,
    photos: [],
    labels: [],
    lat: null,
    lng: null,
    importKey: null,
    original,
    invalid: null,
  };
}

/** The names Google puts on a place it has no name for: a pin dropped on the map. */
const PLACEHOLDER_NAMES = new Set(["dropped pin"]);

/**
 * A row named "Dropped pin" (Google's placeholder) takes its note's first
 * line as its name, the rest staying its note; with no note, it has no name
 * and keeps the placeholder, so that it waits in the review queue for one
 * rather than going live as "Dropped pin". A first line longer than a spot's
 * name can be is not a name: the row waits too, its note whole.
 */
export function nameFromPlaceholder<R extends ImportRow>(row: R, maxName: number): R {
  const placeholder = row.name?.trim();
  if (!placeholder || !PLACEHOLDER_NAMES.has(placeholder.toLowerCase())) return row;
  const lines = (row.note ?? "").split("\n");
  const at = lines.findIndex((line) => line.trim() !== "");
  const first = at >= 0 ? lines[at].trim() : "";
  if (first && first.length <= maxName) {
    const rest = lines
      .slice(at + 1)
      .join("\n")
      .trim();
    return { ...row, name: first, note: rest || null };
  }
  return { ...row, name: null, placeholder };
}
