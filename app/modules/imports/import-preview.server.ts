/**
 * The import preview: what would happen to every row read, before anything
 * is written. Rows are classified against their list's target (a new map
 * named after the list, or one of the creator's maps):
 *
 * - invalid: the parser said why (or the row has no name);
 * - needs a name: a "Dropped pin" (Google's placeholder) with no note to
 *   take a name from;
 * - duplicate: the same row earlier in this upload for the same target
 *   ("Same as line 12"), or a spot of the target map within 50 m with a
 *   similar name (the Studio's duplicate rule, `nearbyDuplicates`, in one
 *   statement for the whole list). A row that repeats an earlier one exactly
 *   (`repeat`) is one place: the confirm does not ask the creator to review
 *   it again;
 * - already imported: a spot of the target map with the same import key
 *   (source URL or id), a spot with the same name within 50 m, or a row
 *   already in the map's review queue; "note changed" when the note differs;
 * - needs a place: no coordinates after the URL and the geocoder;
 * - ready: becomes a spot.
 *
 * A list goes into a new map named after it, one of the creator's maps, or
 * the new map of a list above it (`{ kind: "list" }`): several files dropped
 * at once can become one map.
 *
 * The parsed (and geocoded) rows are kept server-side between preview and
 * confirm, as JSON in private storage under the creator's own key with a
 * random token: one pending preview per creator (a new upload replaces it,
 * so abandoned previews do not pile up), refused to anyone else and after a
 * day. The classification is not stored: confirm runs it again inside its
 * transaction, so a spot added meanwhile is not imported twice.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { readAll } from "~/modules/storage/index.server";
import { storage } from "~/modules/storage/index.server";
import { DUPLICATE_DISTANCE_M, DUPLICATE_SIMILARITY } from "~/modules/spots/index.server";
import { importBatches, importReviewRows, maps, spots } from "#db/schema";
import { geocodeNotice, geocodeRows, type GeocodedRow, type GeocoderSettings, type GeocodeSummary } from "./geocoder.server";
import { IMPORT_LIMITS, type ImportFileError, type ImportFormat, type ImportRow, type ParseOutcome } from "./import-row";
import { isUuid } from "~/lib/ids";

export const ROW_STATUSES = ["ready", "needs_place", "needs_name", "duplicate", "already_imported", "invalid"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const PREVIEW_MESSAGES = {
  expired: "This preview has expired or is not yours: upload the files again.",
  mapNotFound: "The chosen map does not exist or is not yours.",
  nothingRead: "No rows were read from these files.",
  /** Every file was refused: each one's message (which names its file) is listed under this. */
  refused: (files: number) => (files === 1 ? "The file could not be imported:" : "None of these files could be imported:"),
  tooManyRows: `At most ${IMPORT_LIMITS.maxRows.toLocaleString("en")} rows can be imported at once: split the upload.`,
  noName: "The row has no name",
  listTarget: "A list can only go into the new map of a list above it.",
  needsName: (placeholder: string) => `“${placeholder}” is Google's placeholder, not a name, and there is no note to take one from: give it a name`,
  repeat: (first: string) => `Repeats ${first} exactly: one place, kept once`,
  /** Several lists each about to make a map of their own. */
  separateMaps: (names: string[]) =>
    `These ${names.length} lists would become ${names.length} separate new draft maps: ${names.map((name) => `“${name}”`).join(", ")}.`,
} as const;

/** How long a preview can be confirmed. */
const PREVIEW_TTL_MS = 24 * 3600 * 1000;

/** A new map named after the list, one of the creator's maps, or the new map of the list at `index` (an earlier one). */
export type ImportTarget = { kind: "new" } | { kind: "map"; mapId: string } | { kind: "list"; index: number };

export type StoredRow = GeocodedRow<ImportRow>;

export interface StoredList {
  file: string;
  format: ImportFormat;
  name: string;
  description: string | null;
  notices: string[];
  rows: StoredRow[];
  target: ImportTarget;
  /** Set when the default target is the map an earlier import of the same file went into. */
  importedBefore: boolean;
}

export interface StoredPreview {
  token: string;
  creatorId: string;
  createdAt: number;
  lists: StoredList[];
  errors: ImportFileError[];
  geocoding: GeocodeSummary;
}

export interface ClassifiedRow extends StoredRow {
  status: RowStatus;
  reason: string | null;
  /** The existing spot an already-imported or duplicate row matches. */
  spotId: string | null;
  noteChanged: boolean;
  /** A duplicate that repeats an earlier row of the upload exactly: one place, not a row to review. */
  repeat: boolean;
}

export type RowCounts = Record<RowStatus, number> & { total: number; noteChanged: number };

export interface PreviewList {
  index: number;
  file: string;
  format: ImportFormat;
  name: string;
  description: string | null;
  notices: string[];
  target: ImportTarget;
  importedBefore: boolean;
  /** The target map's title and state (null for a new map). */
  targetMap: { id: string; title: string; isPublished: boolean } | null;
  rows: ClassifiedRow[];
  counts: RowCounts;
}

export interface ImportPreview {
  token: string;
  lists: PreviewList[];
  errors: ImportFileError[];
  notices: string[];
  counts: RowCounts;
  /** The creator's maps, for the target choice. */
  maps: { id: string; title: string; isPublished: boolean }[];
  /** Said when several lists would each make a new map, so the creator can put them in one. */
  separateMaps: string | null;
}

export type PreviewResult = { ok: true; preview: ImportPreview } | { ok: false; status: 400 | 404; error: string; errors?: ImportFileError[] };

// ---- Keeping the preview ------------------------------------------------------------

function previewPath(creatorId: string): string {
  return `private/imports/${createHash("sha256").update(creatorId).digest("hex")}.json`;
}

async function savePreview(preview: StoredPreview): Promise<void> {
  await storage().put(previewPath(preview.creatorId), new TextEncoder().encode(JSON.stringify(preview)), { contentType: "application/json" });
}

/** The creator's pending preview when `token` is its token (and it has not expired); else null. */
export async function loadPreview(creatorId: string, token: string, now = Date.now()): Promise<StoredPreview | null> {
  const object = await storage().get(previewPath(creatorId));
  if (!object) return null;
  const preview = JSON.parse(new TextDecoder().decode(await readAll(object))) as StoredPreview;
  const a = Buffer.from(preview.token);
  const b = Buffer.from(String(token));
  if (a.length !== b.length || !timingSafeEqual(a, b) || preview.creatorId !== creatorId) return null;
  if (now - preview.createdAt > PREVIEW_TTL_MS) return null;
  return preview;
}

export async function deletePreview(creatorId: string): Promise<void> {
  await storage().delete(previewPath(creatorId));
}

// ---- Classification -----------------------------------------------------------------

const lower = (value: string | null | undefined) => (value ?? "").trim().toLowerCase();
const sameNote = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim() === (b ?? "").trim();

/** What makes two rows of one upload the same row: the source's id, else name and position (or name, note and address). */
function rowIdentity(row: ImportRow): string {
  if (row.importKey) return `k\u0000${row.importKey}`;
  if (row.lat !== null && row.lng !== null) return `p\u0000${lower(row.name)}\u0000${row.lat.toFixed(6)}\u0000${row.lng.toFixed(6)}`;
  return `t\u0000${lower(row.name)}\u0000${lower(row.note)}\u0000${lower(row.address)}`;
}

const targetKey = (target: ImportTarget, listIndex: number) =>
  target.kind === "map" ? `map:${target.mapId}` : target.kind === "list" ? `new:${target.index}` : `new:${listIndex}`;

const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((item, i) => item === (b ?? [])[i]);

/** Two rows that say exactly the same thing (where they were read aside): one place written twice. */
function sameContent(a: ImportRow, b: ImportRow): boolean {
  return (
    a.name === b.name &&
    a.note === b.note &&
    a.url === b.url &&
    (a.website ?? null) === (b.website ?? null) &&
    a.address === b.address &&
    a.lat === b.lat &&
    a.lng === b.lng &&
    a.importKey === b.importKey &&
    a.category?.name === b.category?.name &&
    a.category?.icon === b.category?.icon &&
    a.category?.color === b.category?.color &&
    sameList(a.photos, b.photos) &&
    sameList(a.labels, b.labels)
  );
}

interface ExistingSpot {
  id: string;
  name: string;
  description: string | null;
}

async function spotsWithKeys(db: Database | Transaction, mapId: string, keys: string[]): Promise<Map<string, ExistingSpot>> {
  const found = new Map<string, ExistingSpot>();
  const wanted = [...new Set(keys)];
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select({ id: spots.id, name: spots.name, description: spots.description, importKey: spots.importKey })
      .from(spots)
      .where(and(eq(spots.mapId, mapId), inArray(spots.importKey, wanted.slice(i, i + 1000))));
    for (const row of rows) if (row.importKey) found.set(row.importKey, row);
  }
  return found;
}

/** Rows already in the map's review queue (any status), by import key or by their original text. */
async function reviewRowsOf(db: Database | Transaction, mapId: string, rows: ImportRow[]): Promise<{ keys: Set<string>; originals: Set<string> }> {
  const keys = new Set<string>();
  const originals = new Set<string>();
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(importReviewRows)
    .where(eq(importReviewRows.mapId, mapId));
  if (count === 0) return { keys, originals };
  const wantedKeys = [...new Set(rows.map((r) => r.importKey).filter((k): k is string => Boolean(k)))];
  const wantedOriginals = [...new Set(rows.filter((r) => !r.importKey).map((r) => r.original))];
  for (let i = 0; i < Math.max(wantedKeys.length, wantedOriginals.length); i += 500) {
    const k = wantedKeys.slice(i, i + 500);
    const o = wantedOriginals.slice(i, i + 500);
    const found = await db
      .select({ importKey: importReviewRows.importKey, original: importReviewRows.original })
      .from(importReviewRows)
      .where(
        and(
          eq(importReviewRows.mapId, mapId),
          or(k.length ? inArray(importReviewRows.importKey, k) : sql`false`, o.length ? inArray(importReviewRows.original, o) : sql`false`),
        ),
      );
    for (const row of found) {
      if (row.importKey) keys.add(row.importKey);
      originals.add(row.original);
    }
  }
  return { keys, originals };
}

interface NearbyMatch {
  id: string;
  name: string;
  description: string | null;
  distance: number;
  sameName: boolean;
}

/**
 * For each row with a name and coordinates, the closest spot of the map that
 * is within 50 m and has a similar name (the same rule as the Studio's
 * `nearbyDuplicates`), an exact same name first. One statement per 1,000 rows.
 */
async function nearbySpots(
  db: Database | Transaction,
  mapId: string,
  rows: { i: number; name: string; lat: number; lng: number }[],
): Promise<Map<number, NearbyMatch>> {
  const found = new Map<number, NearbyMatch>();
  const dLat = DUPLICATE_DISTANCE_M / 111_000;
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = JSON.stringify(rows.slice(start, start + 1000).map((r) => ({ i: r.i, n: lower(r.name), lat: r.lat, lng: r.lng })));
    const { rows: matches } = await db.execute<{ i: number; id: string; name: string; description: string | null; distance: number; same_name: boolean }>(sql`
      select distinct on (r.i) r.i, near.id, near.name, near.description, round(near.distance)::int as distance, lower(near.name) = r.n as same_name
      from jsonb_to_recordset(${chunk}::jsonb) as r(i int, n text, lat float8, lng float8)
      join lateral (
        select s.id, s.name, s.description,
          6371000 * 2 * asin(sqrt(
            power(sin(radians(s.lat - r.lat) / 2), 2) +
            cos(radians(r.lat)) * cos(radians(s.lat)) * power(sin(radians(s.lng - r.lng) / 2), 2)
          )) as distance
        from ${spots} s
        where s.map_id = ${mapId} and s.lat between r.lat - ${dLat} and r.lat + ${dLat}
      ) near on near.distance <= ${DUPLICATE_DISTANCE_M}
      where similarity(lower(near.name), r.n) >= ${DUPLICATE_SIMILARITY}
        or strpos(lower(near.name), r.n) > 0 or strpos(r.n, lower(near.name)) > 0
      order by r.i, (lower(near.name) = r.n) desc, near.distance`);
    for (const m of matches) {
      found.set(Number(m.i), { id: m.id, name: m.name, description: m.description, distance: Number(m.distance), sameName: Boolean(m.same_name) });
    }
  }
  return found;
}

const refOf = (row: ImportRow, first: ImportRow) => (first.file === row.file ? first.ref : `${first.ref} of ${first.file}`);
const where = (row: ImportRow, first: ImportRow) => `Same as ${refOf(row, first)}`;

/**
 * Every row of one list with its status against the target. `seen` carries
 * the rows met so far in the upload (per target), so a row repeated in a
 * later list for the same map is a duplicate too.
 */
export async function classifyList(
  db: Database | Transaction,
  rows: StoredRow[],
  target: ImportTarget,
  listIndex: number,
  seen: Map<string, ImportRow>,
): Promise<ClassifiedRow[]> {
  const scope = targetKey(target, listIndex);
  const existing = target.kind === "map";
  const byKey =
    target.kind === "map"
      ? await spotsWithKeys(
          db,
          target.mapId,
          rows.map((r) => r.importKey).filter((k): k is string => Boolean(k)),
        )
      : new Map<string, ExistingSpot>();
  const queued = target.kind === "map" ? await reviewRowsOf(db, target.mapId, rows) : { keys: new Set<string>(), originals: new Set<string>() };

  const result: ClassifiedRow[] = [];
  const toCheckNearby: { i: number; name: string; lat: number; lng: number }[] = [];
  for (const [i, row] of rows.entries()) {
    const classified = (status: RowStatus, reason: string | null, spot?: ExistingSpot, repeat = false): ClassifiedRow => ({
      ...row,
      status,
      reason,
      spotId: spot?.id ?? null,
      noteChanged: Boolean(spot && status === "already_imported" && row.note?.trim() && !sameNote(spot.description, row.note)),
      repeat,
    });
    // Already on the target map (a re-import): by the source's id, or the same row in its review queue, whatever else it is.
    const keyed = row.importKey && !row.invalid ? byKey.get(row.importKey) : undefined;
    const identity = `${scope}\u0000${rowIdentity(row)}`;
    const first = seen.get(identity);
    if (!first && !row.invalid) seen.set(identity, row);
    if (keyed) {
      result.push(classified("already_imported", `Already imported as “${keyed.name}”`, keyed));
      continue;
    }
    if ((row.importKey && queued.keys.has(row.importKey)) || queued.originals.has(row.original)) {
      result.push(classified("already_imported", "Already in this map's review queue"));
      continue;
    }
    if (row.invalid) {
      result.push(classified("invalid", row.invalid));
      continue;
    }
    // The same row twice is one place, whatever else it lacks (a second nameless "Dropped pin" at the same spot).
    if (first && sameContent(row, first)) {
      result.push(classified("duplicate", PREVIEW_MESSAGES.repeat(refOf(row, first)), undefined, true));
      continue;
    }
    if (!row.name?.trim()) {
      result.push(row.placeholder ? classified("needs_name", PREVIEW_MESSAGES.needsName(row.placeholder)) : classified("invalid", PREVIEW_MESSAGES.noName));
      continue;
    }
    if (first) {
      result.push(classified("duplicate", where(row, first)));
      continue;
    }
    if (row.lat === null || row.lng === null) {
      result.push(classified("needs_place", row.unplaced ?? "No coordinates"));
      continue;
    }
    result.push(classified("ready", null));
    if (existing) toCheckNearby.push({ i, name: row.name, lat: row.lat, lng: row.lng });
  }
  if (target.kind === "map" && toCheckNearby.length > 0) {
    const nearby = await nearbySpots(db, target.mapId, toCheckNearby);
    for (const [i, match] of nearby) {
      const row = result[i];
      const spot = { id: match.id, name: match.name, description: match.description };
      result[i] = match.sameName
        ? {
            ...row,
            status: "already_imported",
            reason: `Already on the map (${match.distance} m away)`,
            spotId: spot.id,
            noteChanged: Boolean(row.note?.trim() && !sameNote(spot.description, row.note)),
          }
        : { ...row, status: "duplicate", reason: `Looks like “${match.name}”, ${match.distance} m away on the map`, spotId: spot.id, noteChanged: false };
    }
  }
  return result;
}

export function countRows(rows: ClassifiedRow[]): RowCounts {
  const counts: RowCounts = { ready: 0, needs_place: 0, needs_name: 0, duplicate: 0, already_imported: 0, invalid: 0, total: rows.length, noteChanged: 0 };
  for (const row of rows) {
    counts[row.status] += 1;
    if (row.noteChanged) counts.noteChanged += 1;
  }
  return counts;
}

function addCounts(all: RowCounts[]): RowCounts {
  const sum: RowCounts = { ready: 0, needs_place: 0, needs_name: 0, duplicate: 0, already_imported: 0, invalid: 0, total: 0, noteChanged: 0 };
  for (const counts of all) for (const key of Object.keys(sum) as (keyof RowCounts)[]) sum[key] += counts[key];
  return sum;
}

// ---- Building and showing -----------------------------------------------------------

async function creatorMaps(db: Database | Transaction, creatorId: string) {
  return db
    .select({ id: maps.id, title: maps.title, isPublished: maps.isPublished })
    .from(maps)
    .where(eq(maps.ownerId, creatorId))
    .orderBy(desc(maps.updatedAt), asc(maps.title));
}

/** The map an earlier import of this file went into, when it is still there. */
async function mapImportedBefore(db: Database, creatorId: string, file: string): Promise<string | null> {
  const [row] = await db
    .select({ mapId: importBatches.mapId })
    .from(importBatches)
    .innerJoin(maps, and(eq(maps.id, importBatches.mapId), eq(maps.ownerId, creatorId)))
    .where(and(eq(importBatches.creatorId, creatorId), sql`${importBatches.files} @> ${JSON.stringify([file])}::jsonb`))
    .orderBy(desc(importBatches.createdAt))
    .limit(1);
  return row?.mapId ?? null;
}

/** The preview as the page shows it: every list classified against its target. */
export async function describePreview(db: Database | Transaction, stored: StoredPreview): Promise<ImportPreview> {
  const own = await creatorMaps(db, stored.creatorId);
  const byId = new Map(own.map((m) => [m.id, m]));
  const seen = new Map<string, ImportRow>();
  const lists: PreviewList[] = [];
  const targets: ImportTarget[] = [];
  for (const [index, list] of stored.lists.entries()) {
    const targetMap = list.target.kind === "map" ? (byId.get(list.target.mapId) ?? null) : null;
    // A map deleted since the upload, or a list to join that no longer makes a new map: back to a new map.
    const target: ImportTarget = targetMap || (list.target.kind === "list" && joinable(targets, list.target.index, index)) ? list.target : { kind: "new" };
    targets.push(target);
    const rows = await classifyList(db, list.rows, target, index, seen);
    const notices = [...list.notices];
    if (list.rows.length === 0) notices.push("No rows: nothing to import from this list.");
    if (list.importedBefore && targetMap) notices.push(`This file was imported into “${targetMap.title}” before: rows already there are not added again.`);
    if (targetMap?.isPublished)
      notices.push(`“${targetMap.title}” is published: the new spots are added as drafts, so nothing goes live before you review it.`);
    lists.push({
      index,
      file: list.file,
      format: list.format,
      name: list.name,
      description: list.description,
      notices,
      target,
      importedBefore: list.importedBefore,
      targetMap,
      rows,
      counts: countRows(rows),
    });
  }
  const geocoding = geocodeNotice(stored.geocoding);
  // Lists that would each make a map of their own (a list without rows makes none).
  const separate = lists.filter((list) => list.target.kind === "new" && list.rows.length > 0);
  return {
    token: stored.token,
    lists,
    errors: stored.errors,
    notices: geocoding ? [geocoding] : [],
    counts: addCounts(lists.map((l) => l.counts)),
    maps: own,
    separateMaps: separate.length > 1 ? PREVIEW_MESSAGES.separateMaps(separate.map((list) => list.name)) : null,
  };
}

/** Whether a list at `index` may go into the new map of the list at `other`: an earlier list that itself goes into a new map. */
function joinable(targets: ImportTarget[], other: number, index: number): boolean {
  return Number.isInteger(other) && other >= 0 && other < index && targets[other]?.kind === "new";
}

/**
 * Parse outcome → a kept, geocoded preview. `targetMapId` (from `?map=`)
 * sends every list to that map; otherwise each list goes to the map an
 * earlier import of the same file went into, or to a new map.
 */
export async function createPreview(
  db: Database,
  creatorId: string,
  outcome: ParseOutcome,
  options: { targetMapId?: string | null; geocoder: GeocoderSettings },
): Promise<PreviewResult> {
  const rowCount = outcome.lists.reduce((n, list) => n + list.rows.length, 0);
  if (rowCount > IMPORT_LIMITS.maxRows) return { ok: false, status: 400, error: PREVIEW_MESSAGES.tooManyRows, errors: outcome.errors };
  if (outcome.lists.length === 0)
    return {
      ok: false,
      status: 400,
      // Each message names its file already: they are listed under this, once.
      error: outcome.errors.length ? PREVIEW_MESSAGES.refused(outcome.errors.length) : PREVIEW_MESSAGES.nothingRead,
      errors: outcome.errors,
    };

  let chosen: string | null = null;
  if (options.targetMapId) {
    const [map] = isUuid(options.targetMapId)
      ? await db
          .select({ id: maps.id })
          .from(maps)
          .where(and(eq(maps.id, options.targetMapId), eq(maps.ownerId, creatorId)))
      : [];
    if (!map) return { ok: false, status: 404, error: PREVIEW_MESSAGES.mapNotFound };
    chosen = map.id;
  }

  // Geocode across lists in one pass, so the per-preview limit is for the whole upload.
  const flat = outcome.lists.flatMap((list) => list.rows);
  const { rows: geocoded, summary } = await geocodeRows(flat, options.geocoder);
  let offset = 0;
  const lists: StoredList[] = [];
  for (const list of outcome.lists) {
    const rows = geocoded.slice(offset, offset + list.rows.length);
    offset += list.rows.length;
    const before = chosen ? null : await mapImportedBefore(db, creatorId, list.file);
    const mapId = chosen ?? before;
    lists.push({
      file: list.file,
      format: list.format,
      name: list.name,
      description: list.description,
      notices: list.notices,
      rows,
      target: mapId ? { kind: "map", mapId } : { kind: "new" },
      importedBefore: Boolean(before),
    });
  }
  const stored: StoredPreview = {
    token: randomBytes(24).toString("base64url"),
    creatorId,
    createdAt: Date.now(),
    lists,
    errors: outcome.errors,
    geocoding: summary,
  };
  await savePreview(stored);
  return { ok: true, preview: await describePreview(db, stored) };
}

/** The target select's value for a target: "new", "list:<index>" or a map id. */
export function targetValue(target: ImportTarget): string {
  return target.kind === "new" ? "new" : target.kind === "list" ? `list:${target.index}` : target.mapId;
}

/** Parse the target choice of one list: "new", "list:<index>" (the new map of an earlier list) or one of the creator's map ids. */
export function parseTarget(value: string | undefined): ImportTarget | undefined {
  if (value === undefined) return undefined;
  if (value === "new") return { kind: "new" };
  const list = /^list:(\d{1,5})$/.exec(value);
  if (list) return { kind: "list", index: Number(list[1]) };
  return isUuid(value) ? { kind: "map", mapId: value } : undefined;
}

/** Apply the creator's target choices (list index → target); a map not theirs is refused. */
export async function applyTargets(
  db: Database | Transaction,
  stored: StoredPreview,
  targets: Map<number, ImportTarget>,
): Promise<{ ok: true } | { ok: false; status: 400 | 404; error: string }> {
  const own = new Set((await creatorMaps(db, stored.creatorId)).map((m) => m.id));
  for (const [index, target] of targets) {
    const list = stored.lists[index];
    if (!list) return { ok: false, status: 400, error: PREVIEW_MESSAGES.expired };
    if (target.kind === "map" && !own.has(target.mapId)) return { ok: false, status: 404, error: PREVIEW_MESSAGES.mapNotFound };
    list.importedBefore = list.importedBefore && target.kind === "map" && list.target.kind === "map" && list.target.mapId === target.mapId;
    list.target = target;
  }
  const chosen = stored.lists.map((list) => list.target);
  for (const [index, target] of chosen.entries()) {
    if (target.kind === "list" && !joinable(chosen, target.index, index)) return { ok: false, status: 400, error: PREVIEW_MESSAGES.listTarget };
  }
  return { ok: true };
}

/** Every list that would make a new map goes into the first one's instead: one map for the whole upload's new lists. */
export function oneNewMap(stored: StoredPreview): void {
  const first = stored.lists.findIndex((list) => list.target.kind === "new" && list.rows.length > 0);
  if (first < 0) return;
  stored.lists.forEach((list, index) => {
    if (index > first && (list.target.kind === "new" || list.target.kind === "list")) list.target = { kind: "list", index: first };
  });
}

/** Change the targets of a kept preview (`together`: then put every new list into one map) and show it again. */
export async function retargetPreview(
  db: Database,
  creatorId: string,
  token: string,
  targets: Map<number, ImportTarget>,
  options: { together?: boolean } = {},
): Promise<PreviewResult> {
  const stored = await loadPreview(creatorId, token);
  if (!stored) return { ok: false, status: 404, error: PREVIEW_MESSAGES.expired };
  const applied = await applyTargets(db, stored, targets);
  if (!applied.ok) return applied;
  if (options.together) oneNewMap(stored);
  await savePreview(stored);
  return { ok: true, preview: await describePreview(db, stored) };
}

/** The creator's map for `?map=`, or null when it is not theirs (or no map). */
export async function ownMapTitle(db: Database, creatorId: string, mapId: string): Promise<{ id: string; title: string } | null> {
  if (!isUuid(mapId)) return null;
  const [map] = await db
    .select({ id: maps.id, title: maps.title })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)));
  return map ?? null;
}

/** The creator's kept preview as the page shows it, or null (another token, expired, confirmed). */
export async function currentPreview(db: Database, creatorId: string, token: string): Promise<ImportPreview | null> {
  const stored = await loadPreview(creatorId, token);
  return stored ? describePreview(db, stored) : null;
}
