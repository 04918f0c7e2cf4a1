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

export type Shape =
  /** `[longitude, latitude]` as written, checked by `position`. */
  { kind: "point"; coordinates: [unknown, unknown] | null } | { kind: "line" | "area"; points: number } | { kind: "invalid"; reason: string };

const isArray = Array.isArray;
const positionsIn = (value: unknown, depth: number): number =>
  !isArray(value) ? 0 : depth === 0 ? 1 : value.reduce((total: number, item) => total + positionsIn(item, depth - 1), 0);

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
    case "MultiPoint":
      return isArray(coordinates) && coordinates.length ? point(coordinates[0]) : { kind: "invalid", reason: "The MultiPoint has no points" };
    case "LineString":
      return { kind: "line", points: positionsIn(coordinates, 1) };
    case "MultiLineString":
      return { kind: "line", points: positionsIn(coordinates, 2) };
    case "Polygon":
      return { kind: "area", points: positionsIn(coordinates, 2) };
    case "MultiPolygon":
      return { kind: "area", points: positionsIn(coordinates, 3) };
    case "GeometryCollection": {
      if (!isArray(geometries)) return { kind: "invalid", reason: "The GeometryCollection has no geometries" };
      const parts = geometries.map(shapeOf);
      const found = parts.find((part) => part.kind === "point" && part.coordinates) ?? parts.find((part) => part.kind === "invalid");
      if (found) return found;
      if (!parts.length) return { kind: "point", coordinates: null };
      const points = parts.reduce((total, part) => total + (part.kind === "line" || part.kind === "area" ? part.points : 0), 0);
      return { kind: parts.some((part) => part.kind === "area") ? "area" : "line", points };
    }
    default:
      return { kind: "invalid", reason: `Unknown geometry type ${JSON.stringify(type ?? null)}` };
  }
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
    lat: null,
    lng: null,
    importKey: null,
    original,
    invalid: null,
  };
}
