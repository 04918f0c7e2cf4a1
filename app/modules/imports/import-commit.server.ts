/**
 * Confirming an import: everything of one confirm in ONE transaction, so a
 * failure leaves no half-imported map. Per list: the target map (a new draft
 * named after the list, or the creator's map, locked), the ready rows as
 * spots (`insertImportedSpots`), one `import_batches` row and a review row
 * for every row that did not become a spot — open for "needs a place",
 * "invalid" and "duplicate", dismissed for "already imported" — so that
 * rows_read = imported + open + dismissed holds from the start.
 *
 * Rows are classified again inside the transaction (the preview may be
 * minutes old). A row that repeats an earlier one exactly is one place: its
 * review row is written dismissed, not left open for the creator to review.
 * Lists that go into the new map of an earlier list (`{ kind: "list" }`)
 * share that one map.
 *
 * Photos the rows link to are copied into our storage before the transaction
 * (fetching is slow and may fail; a transaction is no place to wait on
 * another server); copies no spot ended up naming are removed after it, and
 * every photo that could not be copied is reported with its reason. New spots are published on a new or draft map and drafts on
 * a published one: nothing goes live unreviewed. Asked to, a matched spot's
 * note (its description) is replaced by the import's, counted in
 * `updated_count`.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { MAP_SUMMARY_MAX, MAP_TITLE_MAX } from "~/modules/maps";
import { insertMap } from "~/modules/maps/index.server";
import { isUniqueViolation } from "~/modules/maps/index.server";
import { SPOT_LIMITS } from "~/modules/spots";
import { importBatches, importReviewRows, maps, spots, type ImportReviewReason } from "#db/schema";
import { insertImportedSpots } from "./imported-spots.server";
import { allCopies, copyPhotos, PHOTO_FETCH_DEFAULTS, photosFor, photoUrlsOf, removeCopies, type PhotoFetchSettings } from "./import-photos.server";
import { applyTargets, classifyList, deletePreview, loadPreview, PREVIEW_MESSAGES, type ClassifiedRow, type ImportTarget } from "./import-preview.server";
import type { ImportRow } from "./import-row";

export interface CommittedList {
  listName: string;
  mapId: string;
  mapTitle: string;
  createdMap: boolean;
  rowsRead: number;
  imported: number;
  /** Open review rows (needs a place, needs a name, invalid, duplicate). */
  inReview: number;
  /** Already imported (dismissed review rows). */
  dismissed: number;
  updated: number;
}

/** A photo of an imported spot that could not be copied (and is not on the spot). */
export interface MissedPhoto {
  spot: string;
  url: string;
  reason: string;
}

export type CommitResult =
  | { ok: true; lists: CommittedList[]; firstMapId: string | null; imported: number; inReview: number; updated: number; missedPhotos: MissedPhoto[] }
  | { ok: false; status: 400 | 404; error: string };

export interface CommitInput {
  token: string;
  /** Changes to the preview's targets (list index → target). */
  targets?: Map<number, ImportTarget>;
  /** Replace the note of places already imported when the file's differs. */
  updateNotes: boolean;
  /** How photos are fetched (tests allow their local server). */
  photos?: PhotoFetchSettings;
}

class Refused extends Error {
  constructor(readonly result: { ok: false; status: 400 | 404; error: string }) {
    super(result.error);
  }
}

const REASONS: Record<Exclude<ClassifiedRow["status"], "ready">, ImportReviewReason> = {
  needs_place: "needs_place",
  needs_name: "needs_name",
  invalid: "invalid",
  duplicate: "duplicate",
  already_imported: "already_imported",
};

function reviewValues(row: ClassifiedRow, batchId: string, mapId: string, now: Date) {
  // Already on the map, or the same row twice: nothing for the creator to review.
  const dismissed = row.status === "already_imported" || row.repeat;
  return {
    batchId,
    mapId,
    status: dismissed ? ("dismissed" as const) : ("open" as const),
    reason: REASONS[row.status as Exclude<ClassifiedRow["status"], "ready">],
    reasonText: row.reason ?? "",
    sourceFile: row.file,
    sourceRef: row.ref,
    original: row.original,
    name: row.name,
    note: row.note,
    url: row.url,
    address: row.address,
    categoryName: row.category?.name ?? null,
    photos: row.photos,
    labels: row.labels ?? [],
    lat: row.lat,
    lng: row.lng,
    importKey: row.importKey,
    spotId: row.spotId,
    resolvedAt: dismissed ? now : null,
  };
}

async function lockTargetMap(tx: Transaction, creatorId: string, mapId: string) {
  const [map] = await tx
    .select({ id: maps.id, title: maps.title, isPublished: maps.isPublished })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
    .for("update");
  if (!map) throw new Refused({ ok: false, status: 404, error: PREVIEW_MESSAGES.mapNotFound });
  return map;
}

const clip = (value: string | null, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

/** Confirm the creator's kept preview: one transaction for every list; the preview is deleted after. */
export async function commitImport(db: Database, creatorId: string, input: CommitInput): Promise<CommitResult> {
  const stored = await loadPreview(creatorId, input.token);
  if (!stored) return { ok: false, status: 404, error: PREVIEW_MESSAGES.expired };
  if (input.targets) {
    const applied = await applyTargets(db, stored, input.targets);
    if (!applied.ok) return applied;
  }
  // The photos of every row that may become a spot (the classification inside the transaction decides).
  const candidates = stored.lists.flatMap((list) => list.rows.filter((row) => !row.invalid && row.name?.trim() && row.lat !== null && row.lng !== null));
  const copied = await copyPhotos(photoUrlsOf(candidates), input.photos ?? PHOTO_FETCH_DEFAULTS);
  const missed: MissedPhoto[] = [];
  // The stored photos the written spots name (filled again by each try).
  const used = new Set<string>();
  const run = () =>
    db.transaction(async (tx) => {
      missed.length = 0;
      used.clear();
      const now = new Date();
      const seen = new Map<string, ImportRow>();
      // Every list is classified before any is written, as the preview did: a row of a later list that an
      // earlier one also has is a duplicate of that row, not "already imported" from it.
      type TargetMap = { id: string; title: string; isPublished: boolean };
      const planned: { list: (typeof stored.lists)[number]; map: TargetMap; createdMap: boolean; rows: ClassifiedRow[] }[] = [];
      // The new map of each list that makes one (by list index), made when its first rows arrive.
      const newMaps = new Map<number, TargetMap>();
      for (const [index, list] of stored.lists.entries()) {
        // A list with no rows makes no empty map.
        if (list.rows.length === 0) continue;
        let map: TargetMap;
        let createdMap = false;
        if (list.target.kind === "map") {
          map = await lockTargetMap(tx, creatorId, list.target.mapId);
        } else {
          const owner = list.target.kind === "list" ? list.target.index : index;
          const named = stored.lists[owner];
          const existing = newMaps.get(owner);
          if (existing) map = existing;
          else {
            const title = clip(named.name, MAP_TITLE_MAX) ?? "Imported map";
            const created = await insertMap(tx, { ownerId: creatorId, title, summary: clip(named.description, MAP_SUMMARY_MAX), isPublished: false });
            map = { id: created.id, title, isPublished: false };
            newMaps.set(owner, map);
            createdMap = true;
          }
        }
        // A new map is empty, so its classification is the preview's ("new" scope); an existing one is read again.
        planned.push({ list, map, createdMap, rows: await classifyList(tx, list.rows, list.target, index, seen) });
      }
      const lists: CommittedList[] = [];
      const updatedSpots = new Set<string>();
      for (const { list, map, createdMap, rows } of planned) {
        const ready = rows.filter((r) => r.status === "ready");
        for (const row of ready) {
          for (const url of photoUrlsOf([row])) {
            const failed = copied.failed.find((f) => f.url === url);
            if (failed) missed.push({ spot: row.name!, url, reason: failed.reason });
          }
        }
        await insertImportedSpots(
          tx,
          { mapId: map.id, creatorId, isPublished: !map.isPublished },
          ready.map((r) => {
            const photos = photosFor(r.photos, copied, used);
            return { ...r, name: r.name!, lat: r.lat!, lng: r.lng!, photos };
          }),
        );
        let updated = 0;
        if (input.updateNotes) {
          for (const row of rows) {
            // A spot matched by several rows (an exact duplicate line) is updated once, from the first.
            if (row.status !== "already_imported" || !row.noteChanged || !row.spotId || updatedSpots.has(row.spotId)) continue;
            updatedSpots.add(row.spotId);
            await tx
              .update(spots)
              .set({ description: clip(row.note, SPOT_LIMITS.description), version: sql`${spots.version} + 1`, updatedAt: now })
              .where(and(eq(spots.id, row.spotId), eq(spots.mapId, map.id)));
            updated += 1;
          }
        }
        const [batch] = await tx
          .insert(importBatches)
          .values({ mapId: map.id, creatorId, files: [list.file], rowsRead: rows.length, importedCount: ready.length, updatedCount: updated })
          .returning({ id: importBatches.id });
        const review = rows.filter((r) => r.status !== "ready").map((r) => reviewValues(r, batch.id, map.id, now));
        for (let i = 0; i < review.length; i += 500) await tx.insert(importReviewRows).values(review.slice(i, i + 500));
        const dismissed = review.filter((r) => r.status === "dismissed").length;
        lists.push({
          listName: list.name,
          mapId: map.id,
          mapTitle: map.title,
          createdMap,
          rowsRead: rows.length,
          imported: ready.length,
          inReview: review.length - dismissed,
          dismissed,
          updated,
        });
      }
      return lists;
    });

  let lists: CommittedList[] | undefined;
  try {
    for (let tries = 1; !lists; tries++) {
      try {
        lists = await run();
      } catch (error) {
        if (error instanceof Refused) return error.result;
        // A map slug taken by a concurrent create between our check and our insert: once more with the next free one.
        if (!isUniqueViolation(error) || tries >= 3) throw error;
      }
    }
  } finally {
    // Copies no spot names: all of them when nothing was written, else those of rows that did not become spots.
    await removeCopies(allCopies(copied).filter((photo) => !lists || !used.has(photo.id)));
  }
  await deletePreview(creatorId);
  return {
    ok: true,
    lists,
    firstMapId: lists[0]?.mapId ?? null,
    imported: lists.reduce((n, l) => n + l.imported, 0),
    inReview: lists.reduce((n, l) => n + l.inReview, 0),
    updated: lists.reduce((n, l) => n + l.updated, 0),
    missedPhotos: missed,
  };
}
