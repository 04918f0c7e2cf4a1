/**
 * What every import parser produces, whatever the file: lists of rows, each
 * row keeping where it came from and its original text, so that nothing read
 * is lost — a row becomes a spot, or waits in the map's review queue with the
 * reason (DESIGN.md section 9). Parsers are pure (bytes in, rows out); the
 * preview and the write live in `import-preview.server.ts` / `import-commit.server.ts`.
 */

/** The formats the importer reads. */
export type ImportFormat = "takeout-csv" | "saved-places-json" | "kml" | "gpx" | "geojson";

export interface ImportCategory {
  name: string;
  /** My Maps icon id (`icon-1899-…` → "1899"), a GPX `sym`, … */
  icon: string | null;
  /** `#RRGGBB` (upper case), when the source gives one. */
  color: string | null;
}

export interface ImportRow {
  /** The file (or zip entry path, e.g. `Takeout/Saved/Food.csv`) the row was read from. */
  file: string;
  /** Where in that file, for messages and the review queue: "line 14", "Placemark 3", "wpt 2", "feature 5". */
  ref: string;
  name: string | null;
  /** Plain text or sanitised markdown; never raw HTML. */
  note: string | null;
  /** The source's link for the row (a Google Maps URL, a GPX `link`, our own spot page): kept for matching re-imports, not shown. */
  url: string | null;
  /** The place's own web site, when the source tells it apart from `url` (GeoJSON `website`, a KML link to a non-map page). */
  website?: string | null;
  address: string | null;
  category: ImportCategory | null;
  /** Photo URLs (http/https only). Copied into our storage when the row becomes a spot; never linked to where they are. */
  photos: string[];
  /**
   * The creator's own labels for the place (a Takeout list's tags, "⭐ Favourites"):
   * private, kept on the spot for the Studio only, never a category or a note.
   */
  labels?: string[];
  /**
   * The name the source put where it had none ("Dropped pin"), when the row has
   * no better one: the row waits in the review queue for a name.
   */
  placeholder?: string | null;
  /** Both set or both null; WGS84 decimal degrees. A `[0,0]` "unknown" is null here. */
  lat: number | null;
  lng: number | null;
  /**
   * A stable identity for re-imports: a Google `cid`/`ftid`/place `data=` id or the
   * canonical URL, a GPX/KML id; null when the source has none (matching then
   * falls back to name and position).
   */
  importKey: string | null;
  /** The row as it was in the file (CSV record, placemark XML, JSON feature), shown in the review queue. */
  original: string;
  /** Set by the parser when the row cannot become a spot whatever happens next (e.g. "No name"); the reason in words. */
  invalid: string | null;
}

export interface ParsedList {
  file: string;
  format: ImportFormat;
  /** The list's name: the CSV file name without extension, the KML Document name, the GPX metadata name… Used to name a new map. */
  name: string;
  /** The list's own description when the export carries one (Takeout's description line, KML Document description). */
  description: string | null;
  rows: ImportRow[];
  /** Plain sentences shown in the preview about what was read but is not rows: "2 tracks (Cerknica, 48 points) are summarised, not imported as spots", "3 empty rows skipped". */
  notices: string[];
}

/** A file the importer refused, with the reason naming the file and, where possible, the line or element. */
export interface ImportFileError {
  file: string;
  message: string;
}

export interface ParseOutcome {
  lists: ParsedList[];
  errors: ImportFileError[];
}

/** An uploaded file as the parsers receive it. */
export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

/** Limits from issue 13: per upload, rows per import, and the zip-bomb guard. */
export const IMPORT_LIMITS = {
  maxUploadBytes: 50 * 1024 * 1024,
  maxRows: 10_000,
  /** Total uncompressed size of a zip's entries; larger is refused before inflating. */
  maxUnzippedBytes: 200 * 1024 * 1024,
  maxZipEntries: 2_000,
} as const;
