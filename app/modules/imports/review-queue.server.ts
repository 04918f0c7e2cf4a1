/**
 * A map's review queue: the imported rows that did not become spots, each
 * with its reason and original text, until the creator places one (by a map
 * click or typed coordinates) or dismisses it. Every function is scoped by the
 * map's owner: another creator's map or row is "not found".
 *
 * Decisions:
 * - The counts are per import batch and summed, and always add up:
 *   rows read = imported (at the import, plus rows placed since) + in review
 *   + dismissed. They are counted from the rows, not kept as counters, so
 *   they cannot drift.
 * - A placed row becomes a spot through `insertImportedSpots`, the import's
 *   own write path (categories, note, photos, import key), at the end of the
 *   list and published, on a draft map and on a published one alike: the
 *   creator placed it by hand, as deliberately as adding a spot by click,
 *   which publishes at once too (`createSpot`). Making it a draft is a choice
 *   in the spot's details, as for any spot.
 * - A placed row's photos are copied into our storage first (outside the
 *   transaction, as at the import); one that cannot be fetched is left out
 *   and reported. Its labels (Takeout tags) stay the creator's private labels.
 * - A dismiss can be undone (the row goes back to open); a placed row stays
 *   placed (delete the spot to take it off the map).
 * - The queue lists at most REVIEW_PAGE open rows (oldest import first, in
 *   file order): a 10,000-row list without coordinates is worked through a
 *   page at a time rather than sent whole to the editor.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { checkLatLng } from "~/modules/places";
import type { EditableSpot } from "~/modules/spots";
import type { NearbySpot } from "~/modules/spots";
import { SPOT_NAME_MAX, SPOT_NAME_MESSAGES as EDITOR_MESSAGES, spotNameSchema } from "~/modules/spots";
import { editableSpotColumns, toEditableSpot } from "~/modules/spots/index.server";
import { nearbyDuplicates } from "~/modules/spots/index.server";
import { importBatches, importReviewRows, maps, spots } from "#db/schema";
import { insertImportedSpots } from "./imported-spots.server";
import {
  allCopies,
  copyPhotos,
  PHOTO_FETCH_DEFAULTS,
  photosFor,
  photoUrlsOf,
  removeCopies,
  type PhotoFailure,
  type PhotoFetchSettings,
} from "./import-photos.server";
import { REVIEW_MESSAGES, type ReviewBatch, type ReviewCounts, type ReviewQueue, type ReviewRow } from "./review-actions";
import { isUuid } from "~/lib/ids";

export type { ReviewBatch, ReviewCounts, ReviewQueue, ReviewRow };

export const REVIEW_PAGE = 100;
/** Dismissed rows listed for "Put back" (the most recent first). */
const DISMISSED_SHOWN = 20;

type Failure = { ok: false; status: 400 | 404 | 409; error: string };
const rowNotFound: Failure = { ok: false, status: 404, error: REVIEW_MESSAGES.notFound };
const mapNotFound: Failure = { ok: false, status: 404, error: REVIEW_MESSAGES.mapNotFound };

const rowColumns = {
  id: importReviewRows.id,
  batchId: importReviewRows.batchId,
  reason: importReviewRows.reason,
  reasonText: importReviewRows.reasonText,
  sourceFile: importReviewRows.sourceFile,
  sourceRef: importReviewRows.sourceRef,
  original: importReviewRows.original,
  name: importReviewRows.name,
  note: importReviewRows.note,
  address: importReviewRows.address,
  categoryName: importReviewRows.categoryName,
  lat: importReviewRows.lat,
  lng: importReviewRows.lng,
};

/** "line 9" before "line 14": refs are ordered by their first number, then as text. */
const fileOrder = [
  asc(importReviewRows.sourceFile),
  sql`(substring(${importReviewRows.sourceRef} from '[0-9]+'))::numeric asc nulls last`,
  asc(importReviewRows.sourceRef),
  asc(importReviewRows.id),
];

async function ownsMap(db: Database | Transaction, creatorId: string, mapId: string): Promise<boolean> {
  if (!isUuid(mapId)) return false;
  const [row] = await db
    .select({ id: maps.id })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)));
  return Boolean(row);
}

/** The map's queue and counts; null when the map is not the creator's. */
export async function reviewQueue(db: Database, creatorId: string, mapId: string): Promise<ReviewQueue | null> {
  if (!(await ownsMap(db, creatorId, mapId))) return null;
  const batchRows = await db
    .select({
      id: importBatches.id,
      files: importBatches.files,
      createdAt: importBatches.createdAt,
      rowsRead: importBatches.rowsRead,
      importedCount: importBatches.importedCount,
      updated: importBatches.updatedCount,
      placed: sql<number>`count(${importReviewRows.id}) filter (where ${importReviewRows.status} = 'placed')::int`,
      inReview: sql<number>`count(${importReviewRows.id}) filter (where ${importReviewRows.status} = 'open')::int`,
      dismissed: sql<number>`count(${importReviewRows.id}) filter (where ${importReviewRows.status} = 'dismissed')::int`,
    })
    .from(importBatches)
    .leftJoin(importReviewRows, eq(importReviewRows.batchId, importBatches.id))
    .where(eq(importBatches.mapId, mapId))
    .groupBy(importBatches.id)
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id));
  // Every review row belongs to a batch: with no open or dismissed row counted, there are none to read
  // (a map never imported into, most of them, costs the editor one query here, not three).
  const [rows, dismissedRows] = await Promise.all([
    batchRows.some((b) => Number(b.inReview) > 0)
      ? db
          .select(rowColumns)
          .from(importReviewRows)
          .innerJoin(importBatches, eq(importBatches.id, importReviewRows.batchId))
          .where(and(eq(importReviewRows.mapId, mapId), eq(importReviewRows.status, "open")))
          .orderBy(asc(importBatches.createdAt), asc(importBatches.id), ...fileOrder)
          .limit(REVIEW_PAGE)
      : [],
    batchRows.some((b) => Number(b.dismissed) > 0)
      ? db
          .select(rowColumns)
          .from(importReviewRows)
          .where(and(eq(importReviewRows.mapId, mapId), eq(importReviewRows.status, "dismissed")))
          .orderBy(desc(importReviewRows.resolvedAt), ...fileOrder)
          .limit(DISMISSED_SHOWN)
      : [],
  ]);
  const batches: ReviewBatch[] = batchRows.map((b) => ({
    id: b.id,
    files: b.files,
    createdAt: b.createdAt.toISOString(),
    rowsRead: b.rowsRead,
    imported: b.importedCount + Number(b.placed),
    inReview: Number(b.inReview),
    dismissed: Number(b.dismissed),
    updated: b.updated,
  }));
  const totals = batches.reduce<ReviewCounts>(
    (sum, b) => ({
      rowsRead: sum.rowsRead + b.rowsRead,
      imported: sum.imported + b.imported,
      inReview: sum.inReview + b.inReview,
      dismissed: sum.dismissed + b.dismissed,
    }),
    { rowsRead: 0, imported: 0, inReview: 0, dismissed: 0 },
  );
  return { rows, dismissedRows, batches, totals };
}

/** The row, locked, when it is on this creator's map. */
async function lockRow(tx: Transaction, creatorId: string, mapId: string, rowId: string) {
  if (!isUuid(rowId) || !isUuid(mapId)) return undefined;
  const [row] = await tx
    .select({
      ...rowColumns,
      status: importReviewRows.status,
      url: importReviewRows.url,
      photos: importReviewRows.photos,
      labels: importReviewRows.labels,
      importKey: importReviewRows.importKey,
    })
    .from(importReviewRows)
    .innerJoin(maps, eq(maps.id, importReviewRows.mapId))
    .where(and(eq(importReviewRows.id, rowId), eq(importReviewRows.mapId, mapId), eq(maps.ownerId, creatorId)))
    .for("update", { of: importReviewRows });
  return row;
}

function resolved(status: "placed" | "dismissed"): Failure {
  return { ok: false, status: 409, error: status === "placed" ? REVIEW_MESSAGES.alreadyPlaced : REVIEW_MESSAGES.alreadyDismissed };
}

export type PlaceReviewRowResult = { ok: true; spot: EditableSpot; duplicates: NearbySpot[]; missedPhotos: PhotoFailure[] } | Failure;

/** The photo URLs of an open row on the creator's map (read before the placement's transaction, to copy them). */
async function photosOfRow(db: Database, creatorId: string, mapId: string, rowId: string): Promise<string[]> {
  if (!isUuid(rowId) || !isUuid(mapId)) return [];
  const [row] = await db
    .select({ photos: importReviewRows.photos })
    .from(importReviewRows)
    .innerJoin(maps, eq(maps.id, importReviewRows.mapId))
    .where(and(eq(importReviewRows.id, rowId), eq(importReviewRows.mapId, mapId), eq(maps.ownerId, creatorId), eq(importReviewRows.status, "open")));
  return row?.photos ?? [];
}

/**
 * Place an open row on the map at (lat, lng), under `name` when given (else
 * the row's own name; a row without one needs a name). One transaction: the
 * map is locked, the spot inserted, the row marked placed with the spot.
 */
export async function placeReviewRow(
  db: Database,
  creatorId: string,
  mapId: string,
  rowId: string,
  input: { lat: number; lng: number; name?: unknown },
  options: { photos?: PhotoFetchSettings } = {},
): Promise<PlaceReviewRowResult> {
  const at = checkLatLng(input.lat, input.lng);
  if (!at.ok) return { ok: false, status: 400, error: at.error };
  // An empty name keeps the row's own; anything else typed must be a valid spot name.
  let typedName: string | undefined;
  if (input.name !== undefined && !(typeof input.name === "string" && input.name.trim() === "")) {
    const parsed = spotNameSchema.safeParse(input.name);
    if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0].message };
    typedName = parsed.data;
  }
  const copied = await copyPhotos(photoUrlsOf([{ photos: await photosOfRow(db, creatorId, mapId, rowId) }]), options.photos ?? PHOTO_FETCH_DEFAULTS);
  const used = new Set<string>();
  let result: PlaceReviewRowResult | undefined;
  try {
    result = await placeRow(db, creatorId, mapId, rowId, at, typedName, copied, used);
    return result;
  } finally {
    await removeCopies(allCopies(copied).filter((photo) => !result?.ok || !used.has(photo.id)));
  }
}

function placeRow(
  db: Database,
  creatorId: string,
  mapId: string,
  rowId: string,
  at: { lat: number; lng: number },
  typedName: string | undefined,
  copied: Awaited<ReturnType<typeof copyPhotos>>,
  used: Set<string>,
): Promise<PlaceReviewRowResult> {
  return db.transaction(async (tx): Promise<PlaceReviewRowResult> => {
    if (!isUuid(mapId)) return mapNotFound;
    const [map] = await tx
      .select({ id: maps.id })
      .from(maps)
      .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
      .for("update");
    if (!map) return mapNotFound;
    const row = await lockRow(tx, creatorId, mapId, rowId);
    if (!row) return rowNotFound;
    if (row.status !== "open") return resolved(row.status);
    const name = typedName ?? row.name?.trim();
    if (!name) return { ok: false, status: 400, error: EDITOR_MESSAGES.nameRequired };
    // A name from the file longer than a spot's name is cut, as the import cuts it.
    const spotName = name.slice(0, SPOT_NAME_MAX);
    const duplicates = await nearbyDuplicates(tx, creatorId, mapId, { name: spotName, lat: at.lat, lng: at.lng });
    used.clear();
    const photos = photosFor(row.photos, copied, used);
    const missedPhotos = copied.failed.filter((failure) => row.photos.includes(failure.url));
    const [spotId] = await insertImportedSpots(tx, { mapId, creatorId, isPublished: true }, [
      {
        name: spotName,
        note: row.note,
        address: row.address,
        category: row.categoryName ? { name: row.categoryName, icon: null, color: null } : null,
        photos,
        labels: row.labels,
        importKey: row.importKey,
        website: null,
        lat: at.lat,
        lng: at.lng,
      },
    ]);
    await tx.update(importReviewRows).set({ status: "placed", spotId, resolvedAt: new Date() }).where(eq(importReviewRows.id, row.id));
    const [spot] = await tx.select(editableSpotColumns).from(spots).where(eq(spots.id, spotId));
    return { ok: true, spot: toEditableSpot(spot), duplicates, missedPhotos };
  });
}

export type ReviewChangeResult = { ok: true; row: ReviewRow } | Failure;

/** Dismiss an open row: it stays counted (as dismissed) and can be put back. */
export async function dismissReviewRow(db: Database, creatorId: string, mapId: string, rowId: string): Promise<ReviewChangeResult> {
  return db.transaction(async (tx): Promise<ReviewChangeResult> => {
    const row = await lockRow(tx, creatorId, mapId, rowId);
    if (!row) return (await ownsMap(tx, creatorId, mapId)) ? rowNotFound : mapNotFound;
    if (row.status !== "open") return resolved(row.status);
    await tx.update(importReviewRows).set({ status: "dismissed", resolvedAt: new Date() }).where(eq(importReviewRows.id, row.id));
    return { ok: true, row: pick(row) };
  });
}

/** Undo a dismiss: the row is open again. */
export async function reopenReviewRow(db: Database, creatorId: string, mapId: string, rowId: string): Promise<ReviewChangeResult> {
  return db.transaction(async (tx): Promise<ReviewChangeResult> => {
    const row = await lockRow(tx, creatorId, mapId, rowId);
    if (!row) return (await ownsMap(tx, creatorId, mapId)) ? rowNotFound : mapNotFound;
    if (row.status === "placed") return resolved("placed");
    if (row.status === "open") return { ok: false, status: 409, error: REVIEW_MESSAGES.notDismissed };
    await tx.update(importReviewRows).set({ status: "open", resolvedAt: null }).where(eq(importReviewRows.id, row.id));
    return { ok: true, row: pick(row) };
  });
}

function pick(row: ReviewRow): ReviewRow {
  const { id, batchId, reason, reasonText, sourceFile, sourceRef, original, name, note, address, categoryName, lat, lng } = row;
  return { id, batchId, reason, reasonText, sourceFile, sourceRef, original, name, note, address, categoryName, lat, lng };
}
