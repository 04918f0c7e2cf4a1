/**
 * The importer's one entry point: uploaded files in, lists of rows (or the
 * reason a file was refused) out. Each file is recognised by what it holds,
 * not by its name — a zip by its signature, XML by its root element, JSON by
 * its shape, a Takeout CSV by its header — since browsers and creators rename
 * files ("Saved Places (1).json", "export.txt").
 *
 * A refused file does not stop the others. The row limit is the exception:
 * an upload over it is refused whole, because importing part of a list would
 * leave the creator to find which part.
 *
 * Inside a zip, the entries are chosen by name (a Takeout export holds
 * hundreds of unrelated files): `Saved/<List>.csv`, `Saved Places.json` at
 * any depth, and any KML, KMZ, GPX or GeoJSON; then each is read by content
 * like an upload. Takeout's other place files (labelled places — home, work —
 * and reviews) are personal records rather than lists, so they are left out
 * and counted with the other ignored entries.
 *
 * A row named "Dropped pin" (Google's placeholder) is named from its note, or
 * left without a name to wait in the review queue (`nameFromPlaceholder`).
 *
 * Pure (bytes in, rows out), no server code.
 */
import { parseGeoJson } from "./geojson";
import { parseGpx } from "./gpx";
import { nameFromPlaceholder, type ParsedFile } from "./import-fields";
import { IMPORT_LIMITS, type ImportFile, type ImportFileError, type ParsedList, type ParseOutcome } from "./import-row";
import { parseJsonText } from "./json-text";
import { parseKml, parseKmz } from "./kml";
import { isGoogleSavedPlaces, readSavedPlaces } from "./saved-places-json";
import { parseTakeoutCsv } from "./takeout-csv";
import { unzipSafely } from "./zip";
import { SPOT_NAME_MAX } from "~/modules/spots";

export interface ParseFilesOptions {
  maxUploadBytes?: number;
  maxRows?: number;
  /** What one zip, the KMZs inside it included, may unpack to. */
  maxUnzippedBytes?: number;
}

/** What the importer reads, in the words the messages use. */
const READABLE = "a Google Takeout zip or its saved lists (CSV) and Saved Places.json, or a KML, KMZ, GPX or GeoJSON file";

/** Rounded up to a tenth, so a file just over the limit does not read as "50 MB; at most 50 MB". */
const megabytes = (bytes: number) => `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toLocaleString("en-US")} MB`;

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

function refused(file: string, message: string): ParseOutcome {
  return { lists: [], errors: [{ file, message: `${file}: ${message}` }] };
}

function fromParsedFile(result: ParsedFile): ParseOutcome {
  return result.ok ? { lists: [result.list], errors: [] } : { lists: [], errors: [result.error] };
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const GZIP = [0x1f, 0x8b];

type Decoded = { ok: true; text: string } | { ok: false; error: ImportFileError };

/**
 * UTF-8, the byte order mark dropped. Takeout, My Maps and GPS apps write
 * UTF-8; UTF-16 (with its byte order mark, as some Windows tools save a CSV)
 * is read too. Anything else is refused rather than read with wrong letters.
 */
function decodeText(file: string, bytes: Uint8Array): Decoded {
  if (startsWith(bytes, [0xff, 0xfe])) return { ok: true, text: new TextDecoder("utf-16le").decode(bytes) };
  if (startsWith(bytes, [0xfe, 0xff])) return { ok: true, text: new TextDecoder("utf-16be").decode(bytes) };
  if (bytes.subarray(0, 8192).includes(0)) {
    return { ok: false, error: { file, message: `${file}: this is not a text file the importer reads; it reads ${READABLE}.` } };
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    // Where the first bad byte is, for a creator who opens the file to look.
    const lenient = new TextDecoder("utf-8").decode(bytes);
    const bad = lenient.indexOf("\uFFFD");
    const line = bad >= 0 ? (lenient.slice(0, bad).match(/\n/g)?.length ?? 0) + 1 : null;
    return {
      ok: false,
      error: {
        file,
        message: `${file}: ${line ? `line ${line}: ` : ""}the file is not UTF-8 text (it was saved in another encoding); save it again as UTF-8 and upload it again.`,
      },
    };
  }
}

/** The root element's name, past the XML declaration, comments, processing instructions and a DOCTYPE (which the XML reader then refuses). */
function xmlRoot(text: string): string | null {
  const match = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)/.exec(text);
  if (!match) return null;
  const name = match[1];
  return (name.includes(":") ? name.slice(name.indexOf(":") + 1) : name).toLowerCase();
}

const GEOJSON_TYPES = new Set([
  "FeatureCollection",
  "Feature",
  "Point",
  "MultiPoint",
  "LineString",
  "MultiLineString",
  "Polygon",
  "MultiPolygon",
  "GeometryCollection",
]);

function isGeoJson(value: unknown): boolean {
  return typeof value === "object" && value !== null && GEOJSON_TYPES.has((value as { type?: unknown }).type as string);
}

/** A text file, recognised by its content. */
function parseText(file: string, text: string, options: { maxRows: number }): ParseOutcome {
  const source = text.replace(/^\uFEFF/, "");
  const start = source.trimStart();
  if (start === "") return refused(file, "the file is empty.");

  if (start.startsWith("<")) {
    const root = xmlRoot(source);
    if (root === "kml") return fromParsedFile(parseKml(file, source));
    if (root === "gpx") return fromParsedFile(parseGpx(file, source));
    // A file the XML reader refuses (a DOCTYPE with no root after it, broken markup) gets its own message, with the line.
    if (root === null) return fromParsedFile(parseKml(file, source));
    return refused(file, `this XML file is neither KML nor GPX (its root element is <${root}>); the importer reads ${READABLE}.`);
  }

  if (start.startsWith("{") || start.startsWith("[")) {
    const parsed = parseJsonText(file, source);
    if (!parsed.ok) return { lists: [], errors: [parsed.error] };
    if (isGoogleSavedPlaces(parsed.value)) return readSavedPlaces(file, parsed.value, { maxRows: options.maxRows });
    if (isGeoJson(parsed.value)) return fromParsedFile(parseGeoJson(file, source));
    return refused(file, `this JSON file is neither GeoJSON nor Google's Saved Places; the importer reads ${READABLE}.`);
  }

  return parseTakeoutCsv(file, source, { maxRows: options.maxRows });
}

function entryName(path: string): string {
  return path.split("/").pop() ?? path;
}

type EntryKind = "saved-places" | "saved-list" | "map-file" | "kmz" | "ignored";

/**
 * Which zip entries are read. macOS's `__MACOSX/` copies and `._` files are
 * resource forks, not files, even when they end in `.kml`.
 */
function entryKind(path: string): EntryKind {
  const name = entryName(path);
  const folders = path.split("/").slice(0, -1);
  if (folders.includes("__MACOSX") || name.startsWith("._")) return "ignored";
  if (name.toLowerCase() === "saved places.json") return "saved-places";
  const inTakeout = folders[0]?.toLowerCase() === "takeout";
  if (/\.csv$/i.test(name)) return folders[folders.length - 1]?.toLowerCase() === "saved" || !inTakeout ? "saved-list" : "ignored";
  if (/\.kmz$/i.test(name)) return "kmz";
  if (/\.(kml|gpx|geojson)$/i.test(name)) return "map-file";
  if (/\.json$/i.test(name) && !inTakeout) return "map-file";
  return "ignored";
}

/**
 * A KMZ is a zip of one KML at its root (doc.kml) and its images: read it
 * whole with the KML reader, which resolves the images. A zip holding
 * anything else is an export to look through.
 */
function looksLikeKmz(file: string, paths: string[]): boolean {
  if (/\.kmz$/i.test(file)) return true;
  const kinds = paths.map(entryKind);
  return (
    kinds.filter((kind) => kind === "map-file").length === 1 &&
    paths.some((path) => !path.includes("/") && /\.kml$/i.test(path)) &&
    !kinds.some((kind) => kind === "saved-list" || kind === "saved-places" || kind === "kmz")
  );
}

const totalBytes = (entries: Map<string, Uint8Array>) => [...entries.values()].reduce((total, bytes) => total + bytes.length, 0);

function parseZip(file: string, bytes: Uint8Array, { maxRows, maxUnzippedBytes }: Required<ParseFilesOptions>): ParseOutcome {
  const unzipped = unzipSafely(file, bytes, { maxUnzippedBytes });
  if (!unzipped.ok) return { lists: [], errors: [unzipped.error] };
  const paths = [...unzipped.entries.keys()].sort((a, b) => a.localeCompare(b, "en"));
  if (looksLikeKmz(file, paths)) return fromParsedFile(parseKmz(file, bytes));

  const lists: ParsedList[] = [];
  const errors: ImportFileError[] = [];
  let ignored = 0;
  let rows = 0;
  // KMZs inside the zip unpack within what is left of the zip's own allowance, so that nesting bombs gains nothing.
  let unpackBudget = maxUnzippedBytes - totalBytes(unzipped.entries);
  for (const path of paths) {
    const kind = entryKind(path);
    if (kind === "ignored") {
      ignored += 1;
      continue;
    }
    // Over the limit already: the upload will be refused, so reading on is wasted work.
    if (rows > maxRows) break;
    const entry = unzipped.entries.get(path)!;
    let outcome: ParseOutcome;
    if (kind === "kmz") {
      const inner = unzipSafely(path, entry, { maxUnzippedBytes: Math.max(unpackBudget, 0) });
      if (inner.ok) unpackBudget -= totalBytes(inner.entries);
      outcome = inner.ok ? fromParsedFile(parseKmz(path, entry)) : { lists: [], errors: [inner.error] };
    } else {
      const decoded = decodeText(path, entry);
      if (!decoded.ok) outcome = { lists: [], errors: [decoded.error] };
      else if (kind === "saved-places") {
        const parsed = parseJsonText(path, decoded.text.replace(/^\uFEFF/, ""));
        outcome = parsed.ok ? readSavedPlaces(path, parsed.value, { maxRows }) : { lists: [], errors: [parsed.error] };
      } else {
        outcome = parseText(path, decoded.text, { maxRows });
      }
    }
    lists.push(...outcome.lists);
    errors.push(...outcome.errors);
    rows += outcome.lists.reduce((total, list) => total + list.rows.length, 0);
  }

  if (lists.length === 0 && errors.length === 0) {
    return refused(file, `the zip holds nothing to import: no saved lists (Saved/<List>.csv), no Saved Places.json and no KML, KMZ, GPX or GeoJSON file.`);
  }
  if (ignored > 0 && lists.length > 0) {
    const notice = `${plural(ignored, "other file", "other files")} in ${file} ${ignored === 1 ? "was" : "were"} not read (not saved lists, places or map files).`;
    lists[0] = { ...lists[0], notices: [...lists[0].notices, notice] };
  }
  return { lists, errors };
}

function parseUpload(upload: ImportFile, options: Required<ParseFilesOptions>): ParseOutcome {
  const { name, bytes } = upload;
  if (bytes.length > options.maxUploadBytes) {
    return refused(name, `the file is ${megabytes(bytes.length)}; one upload takes at most ${megabytes(options.maxUploadBytes)}.`);
  }
  if (bytes.length === 0) return refused(name, "the file is empty.");
  if (startsWith(bytes, ZIP)) return parseZip(name, bytes, options);
  if (startsWith(bytes, EMPTY_ZIP)) return refused(name, "the zip is empty.");
  if (startsWith(bytes, GZIP)) {
    return refused(name, "this is a .tgz (gzip) archive, which the importer does not read; export from Google Takeout as .zip, or upload the files inside.");
  }
  const decoded = decodeText(name, bytes);
  if (!decoded.ok) return { lists: [], errors: [decoded.error] };
  return parseText(name, decoded.text, { maxRows: options.maxRows });
}

export function parseImportFiles(files: ImportFile[], options: ParseFilesOptions = {}): ParseOutcome {
  const limits: Required<ParseFilesOptions> = {
    maxUploadBytes: options.maxUploadBytes ?? IMPORT_LIMITS.maxUploadBytes,
    maxRows: options.maxRows ?? IMPORT_LIMITS.maxRows,
    maxUnzippedBytes: options.maxUnzippedBytes ?? IMPORT_LIMITS.maxUnzippedBytes,
  };
  const lists: ParsedList[] = [];
  const errors: ImportFileError[] = [];
  let rows = 0;
  for (const file of files) {
    const outcome = parseUpload(file, limits);
    lists.push(...outcome.lists);
    errors.push(...outcome.errors);
    rows += outcome.lists.reduce((total, list) => total + list.rows.length, 0);
    if (rows > limits.maxRows) {
      const names = files.map((upload) => upload.name).join(", ");
      return {
        lists: [],
        errors: [
          {
            file: names,
            message: `${names}: ${files.length === 1 ? "this file holds" : "these files hold"} more than ${limits.maxRows.toLocaleString("en-US")} places, and one import takes at most ${limits.maxRows.toLocaleString("en-US")}. Nothing was imported; import the lists in smaller parts.`,
          },
        ],
      };
    }
  }
  // Google's "Dropped pin" is not a name, whichever file it came in.
  return { lists: lists.map((list) => ({ ...list, rows: list.rows.map((row) => nameFromPlaceholder(row, SPOT_NAME_MAX)) })), errors };
}
