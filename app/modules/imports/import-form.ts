/**
 * The import page's form, shared by the page and its action: the fields,
 * the accepted files in words, the limits and the messages. Pure (no I/O),
 * safe in the browser.
 */
import { z } from "zod";
import { plural } from "~/lib/plural";
import { IMPORT_LIMITS } from "./import-row";

export const IMPORT_INTENT = { preview: "preview", retarget: "retarget", together: "together", confirm: "confirm" } as const;

/**
 * Several files may be sent at once, each up to 50 MB, together up to this
 * (the route's body limit follows it). The body is held in memory (the body
 * limit reads it whole, then the platform's multipart parser copies it): a
 * 50 MB file costs about 190 MB of RSS while it is read, so two at the
 * largest is where a shared server should stop.
 */
export const IMPORT_TOTAL_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_FILES = 20;

/** The file picker's `accept`: what the parsers read. */
export const IMPORT_ACCEPT =
  ".zip,.csv,.json,.geojson,.kml,.kmz,.gpx,application/zip,text/csv,application/json,application/geo+json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/gpx+xml";

/** Rows shown at first in a list's table; the rest on demand. */
export const ROWS_SHOWN = 200;

export const IMPORT_FORM_MESSAGES = {
  noFiles: "Choose one or more files to import.",
  tooManyFiles: `At most ${IMPORT_MAX_FILES} files at once.`,
  tooLarge: (name: string) => `${name} is larger than ${IMPORT_LIMITS.maxUploadBytes / 1024 / 1024} MB.`,
  tooLargeTogether: `The files together are larger than ${IMPORT_TOTAL_BYTES / 1024 / 1024} MB: import them in several goes.`,
  badTarget: "Choose a new map or one of your maps for every list.",
  unknown: "Unknown action.",
} as const;

/** The success message on the editor after a confirm; `missedPhotos`: photos that could not be copied from where the file linked them. */
export function importedMessage(imported: number, inReview: number, missedPhotos = 0): string {
  const spots = `Imported ${plural(imported, "spot")}`;
  const done = inReview > 0 ? `${spots}; ${inReview} ${inReview === 1 ? "waits" : "wait"} in the review queue.` : `${spots}.`;
  return missedPhotos > 0 ? `${done} ${missedPhotosMessage(missedPhotos)}` : done;
}

/** Said when photos an import linked to could not be fetched into our storage. */
export function missedPhotosMessage(missed: number): string {
  return missed === 1
    ? "1 photo could not be fetched from where the file links it, so it was left out: add it again in the spot's photos."
    : `${missed.toLocaleString("en-US")} photos could not be fetched from where the file links them, so they were left out: add them again in the spots' photos.`;
}

/** The editor's query after a confirm: `?imported=N&review=M&photos=K` (K: photos that could not be fetched). */
export const IMPORTED_PARAMS = { imported: "imported", review: "review", missedPhotos: "photos" } as const;

const count = z.coerce.number().int().min(0).max(1_000_000);
/** The numbers a confirm hands to the editor; anything else shows nothing. */
export const importedParamsSchema = z.object({ imported: count, review: count.default(0), missedPhotos: count.default(0) });

const token = z.string().min(16).max(100);
export const previewFormSchema = z.object({
  intent: z.literal(IMPORT_INTENT.preview),
  map: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});
export const retargetFormSchema = z.object({ intent: z.enum([IMPORT_INTENT.retarget, IMPORT_INTENT.together]), token });
export const confirmFormSchema = z.object({ intent: z.literal(IMPORT_INTENT.confirm), token, updateNotes: z.literal("on").optional() });

/** The target select's name for list `index`; its value is "new", "list:<index>" (the new map of an earlier list) or a map id. */
export const targetField = (index: number) => `target-${index}`;

// ---- What the page shows of a preview (no original text, notes or photos: they stay on the server) ----

export type RowStatusView = "ready" | "needs_place" | "needs_name" | "duplicate" | "already_imported" | "invalid";
export type RowCountsView = Record<RowStatusView, number> & { total: number; noteChanged: number };

export interface PreviewRowView {
  file: string;
  ref: string;
  name: string | null;
  status: RowStatusView;
  reason: string | null;
  noteChanged: boolean;
  geocoded: boolean;
}

export interface PreviewListView {
  index: number;
  file: string;
  name: string;
  description: string | null;
  notices: string[];
  target: { kind: "new" } | { kind: "map"; mapId: string } | { kind: "list"; index: number };
  rows: PreviewRowView[];
  counts: RowCountsView;
}

export interface PreviewView {
  token: string;
  lists: PreviewListView[];
  errors: { file: string; message: string }[];
  notices: string[];
  counts: RowCountsView;
  maps: { id: string; title: string; isPublished: boolean }[];
  /** Said when several lists would each make a new map: the page offers to put them in one. */
  separateMaps: string | null;
}
