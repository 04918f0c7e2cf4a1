/**
 * What the review queue's forms post and the messages they come back with,
 * shared by the server (results), the route (a post made before JavaScript
 * ran comes back to the editor with a short key in the URL, never with free
 * text) and the editor (the text of a key).
 */
import { z } from "zod";
import type { ImportReviewReason } from "#db/schema";
import { COORDINATE_MESSAGES } from "~/modules/places";
import { EDITOR_MESSAGES } from "~/modules/maps";

export const REVIEW_MESSAGES = {
  notFound: "This row is not in the map's review queue",
  mapNotFound: "Map not found",
  alreadyPlaced: "This row was already placed on the map",
  alreadyDismissed: "This row was already dismissed",
  notDismissed: "This row is already in the review queue",
  unknown: "This is not something the review queue can do",
  placed: "The row was placed on the map",
  dismissed: "The row was dismissed",
  reopened: "The row is back in the review queue",
} as const;

/** Every message a post can come back with, by key (the keys travel in the editor's URL). */
const NOTICES = {
  ...REVIEW_MESSAGES,
  latitude: COORDINATE_MESSAGES.latitude,
  longitude: COORDINATE_MESSAGES.longitude,
  unreadable: COORDINATE_MESSAGES.unreadable,
  empty: COORDINATE_MESSAGES.empty,
  nameRequired: EDITOR_MESSAGES.nameRequired,
  nameTooLong: EDITOR_MESSAGES.nameTooLong,
} as const;
export type ReviewNoticeKey = keyof typeof NOTICES;

const SUCCESS = new Set<ReviewNoticeKey>(["placed", "dismissed", "reopened"]);

/** The key of a message (unknown messages fall back to the generic refusal). */
export function reviewNoticeKey(message: string): ReviewNoticeKey {
  const found = (Object.entries(NOTICES) as [ReviewNoticeKey, string][]).find(([, text]) => text === message);
  return found ? found[0] : "unknown";
}

/** What the editor shows for a key from its URL; null for anything else (a hand-typed URL shows nothing). */
export function reviewNotice(key: string | null): { ok: boolean; text: string } | null {
  if (!key || !Object.hasOwn(NOTICES, key)) return null;
  return { ok: SUCCESS.has(key as ReviewNoticeKey), text: NOTICES[key as ReviewNoticeKey] };
}

export const REVIEW_INTENT = { place: "place", dismiss: "dismiss", reopen: "reopen" } as const;

const field = z.string().max(1_000).optional();

/**
 * A review action: the row, and for a placement either typed `coordinates`
 * (decimal or DMS, as the add-spot form takes them) or the `lat`/`lng` of a map
 * click; `name` is optional (the row's own name otherwise).
 */
export const reviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(REVIEW_INTENT.place), rowId: z.string().max(100), coordinates: field, lat: field, lng: field, name: z.string().optional() }),
  z.object({ intent: z.literal(REVIEW_INTENT.dismiss), rowId: z.string().max(100) }),
  z.object({ intent: z.literal(REVIEW_INTENT.reopen), rowId: z.string().max(100) }),
]);
export type ReviewActionInput = z.output<typeof reviewActionSchema>;

export interface ReviewRow {
  id: string;
  batchId: string;
  reason: ImportReviewReason;
  reasonText: string;
  sourceFile: string;
  sourceRef: string;
  original: string;
  name: string | null;
  note: string | null;
  address: string | null;
  categoryName: string | null;
  /** Known coordinates (a duplicate has them), or null. */
  lat: number | null;
  lng: number | null;
}

export interface ReviewCounts {
  rowsRead: number;
  /** Spots made at the import, plus rows placed from the queue since. */
  imported: number;
  inReview: number;
  dismissed: number;
}

export interface ReviewBatch extends ReviewCounts {
  id: string;
  files: string[];
  createdAt: string;
  /** Rows that matched a spot already on the map and updated its note (among the dismissed). */
  updated: number;
}

export interface ReviewQueue {
  /** Open rows, oldest import first, in file order; at most a page (REVIEW_PAGE). */
  rows: ReviewRow[];
  /** The most recently dismissed rows, for undo. */
  dismissedRows: ReviewRow[];
  /** Newest import first. */
  batches: ReviewBatch[];
  totals: ReviewCounts;
}
