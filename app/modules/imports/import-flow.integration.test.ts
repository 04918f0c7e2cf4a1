/**
 * Preview and confirm of an import (issue 13, items 2, 3 and 5) with
 * hand-made parser output: every row's status, nothing written before
 * confirm, one transaction, counts that add up, re-imports that add nothing.
 */
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { categories, importBatches, importReviewRows, maps, spots } from "#db/schema";
import { createCreator, createMap } from "#db/seed/factories";
import { memoryGeocodeCache, UNPLACED_REASONS, type GeocoderSettings } from "./geocoder.server";
import { commitImport } from "./import-commit.server";
import { createPreview, loadPreview, PREVIEW_MESSAGES, retargetPreview, type ImportPreview } from "./import-preview.server";
import { blankRow } from "./import-fields";
import { PHOTO_FAILURES } from "./import-photos.server";
import type { ImportRow, ParsedList, ParseOutcome } from "./import-row";

const db = await setupTestDatabase();
stubDataDir("imports");

const offline: GeocoderSettings = { url: undefined, minIntervalMs: 0, limit: 25, cache: memoryGeocodeCache() };

function row(line: number, name: string | null, extra: Partial<ImportRow> = {}): ImportRow {
  return { ...blankRow("Saved/Food.csv", `line ${line}`, `${name},,`), name, ...extra };
}

function list(rows: ImportRow[], extra: Partial<ParsedList> = {}): ParsedList {
  return { file: "Saved/Food.csv", format: "takeout-csv", name: "Food", description: "Where we eat", rows, notices: [], ...extra };
}

/** The shapes a Takeout list has: pinned rows, a duplicate line, a row without coordinates, an invalid one. */
function takeout(note = "Best vermouth"): ParseOutcome {
  return {
    lists: [
      list([
        row(2, "Bar Marsella", {
          note,
          lat: 41.378,
          lng: 2.1735,
          url: "https://www.google.com/maps/place/Bar+Marsella/data=!4m2!3m1!1s0x1:0x2",
          importKey: "0x1:0x2",
          category: { name: "Bars", icon: "1899", color: "#0288D1" },
        }),
        // An address inside this machine's network: refused without a request (photos are copied, never linked).
        row(3, "La Boqueria", { lat: 41.3817, lng: 2.1716, importKey: "0x3:0x4", photos: ["http://127.0.0.1:9/b.jpg"] }),
        row(4, "Bar Marsella", { note, lat: 41.378, lng: 2.1735, importKey: "0x1:0x2" }),
        row(5, "Can Paixano", { importKey: "0x5:0x6" }),
        row(6, null, { invalid: "No name" }),
        row(7, "Dropped pin", { lat: 41.39, lng: 2.16 }),
      ]),
    ],
    errors: [{ file: "broken.kml", message: "broken.kml: not XML (line 3)" }],
  };
}

const statuses = (preview: ImportPreview, i = 0) => preview.lists[i].rows.map((r) => [r.ref, r.status, r.reason]);

async function preview(creatorId: string, outcome: ParseOutcome, targetMapId?: string) {
  const result = await createPreview(db, creatorId, outcome, { targetMapId, geocoder: offline });
  if (!result.ok) throw new Error(result.error);
  return result.preview;
}

async function counts() {
  const [row] = await db
    .execute<{ maps: number; spots: number; batches: number; review: number }>(
      sql`
    select (select count(*)::int from maps) as maps, (select count(*)::int from spots) as spots,
      (select count(*)::int from import_batches) as batches, (select count(*)::int from import_review_rows) as review`,
    )
    .then((r) => r.rows);
  return { maps: Number(row.maps), spots: Number(row.spots), batches: Number(row.batches), review: Number(row.review) };
}

/** rows_read = imported + open + dismissed, for every batch of the map. */
async function invariantHolds(mapId: string) {
  const batches = await db.select().from(importBatches).where(eq(importBatches.mapId, mapId));
  for (const batch of batches) {
    const review = await db.select({ status: importReviewRows.status }).from(importReviewRows).where(eq(importReviewRows.batchId, batch.id));
    const placed = review.filter((r) => r.status === "placed").length;
    expect(batch.rowsRead).toBe(
      batch.importedCount + placed + review.filter((r) => r.status === "open").length + review.filter((r) => r.status === "dismissed").length,
    );
  }
}

describe("import preview", () => {
  it("gives every row a status against a new map, with counts, and writes nothing", async () => {
    const { profile } = await createCreator(db);
    const before = await counts();
    const p = await preview(profile.id, takeout());
    expect(statuses(p)).toEqual([
      ["line 2", "ready", null],
      ["line 3", "ready", null],
      ["line 4", "duplicate", "Same as line 2"],
      ["line 5", "needs_place", UNPLACED_REASONS.offline],
      ["line 6", "invalid", "No name"],
      ["line 7", "ready", null],
    ]);
    expect(p.lists[0]).toMatchObject({ name: "Food", target: { kind: "new" }, targetMap: null });
    expect(p.counts).toEqual({ ready: 3, needs_place: 1, needs_name: 0, duplicate: 1, already_imported: 0, invalid: 1, total: 6, noteChanged: 0 });
    expect(p.errors).toEqual([{ file: "broken.kml", message: "broken.kml: not XML (line 3)" }]);
    expect(p.notices).toEqual(["No geocoder is configured: 1 row without coordinates will wait in the review queue for you to place them."]);
    expect(await counts()).toEqual(before);
  });

  it("keeps the preview for its creator only", async () => {
    const { profile } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    const p = await preview(profile.id, takeout());
    expect(await loadPreview(profile.id, p.token)).not.toBeNull();
    expect(await loadPreview(other.id, p.token)).toBeNull();
    expect(await loadPreview(profile.id, "not-the-token")).toBeNull();
    expect(await loadPreview(profile.id, p.token, Date.now() + 25 * 3600 * 1000)).toBeNull();
    expect(await commitImport(db, other.id, { token: p.token, updateNotes: false })).toEqual({ ok: false, status: 404, error: PREVIEW_MESSAGES.expired });
  });

  it("refuses another creator's map as the target", async () => {
    const { profile } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: other.id });
    const before = await counts();
    expect(await createPreview(db, profile.id, takeout(), { targetMapId: map.id, geocoder: offline })).toEqual({
      ok: false,
      status: 404,
      error: PREVIEW_MESSAGES.mapNotFound,
    });
    const p = await preview(profile.id, takeout());
    expect(await retargetPreview(db, profile.id, p.token, new Map([[0, { kind: "map", mapId: map.id }]]))).toEqual({
      ok: false,
      status: 404,
      error: PREVIEW_MESSAGES.mapNotFound,
    });
    expect(await commitImport(db, profile.id, { token: p.token, updateNotes: false, targets: new Map([[0, { kind: "map", mapId: map.id }]]) })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses more rows than the limit", async () => {
    const { profile } = await createCreator(db);
    const many = Array.from({ length: 10_001 }, (_, i) => row(i + 2, `Place ${i}`, { lat: 41, lng: 2 }));
    expect(await createPreview(db, profile.id, { lists: [list(many)], errors: [] }, { geocoder: offline })).toMatchObject({
      ok: false,
      status: 400,
      error: PREVIEW_MESSAGES.tooManyRows,
    });
  });
});

describe("confirming an import", () => {
  it("creates the map, the spots in order and the review queue, with counts that add up", async () => {
    const { profile } = await createCreator(db);
    const p = await preview(profile.id, takeout());
    const result = await commitImport(db, profile.id, { token: p.token, updateNotes: false });
    expect(result).toMatchObject({ ok: true, imported: 3, inReview: 3, updated: 0 });
    if (!result.ok) return;
    const [map] = await db.select().from(maps).where(eq(maps.id, result.firstMapId!));
    expect(map).toMatchObject({ title: "Food", summary: "Where we eat", isPublished: false, ownerId: profile.id });
    const rows = await db.select().from(spots).where(eq(spots.mapId, map.id)).orderBy(asc(spots.position));
    expect(rows.map((s) => [s.name, s.lat, s.lng, s.isPublished, s.importKey, s.description])).toEqual([
      ["Bar Marsella", 41.378, 2.1735, true, "0x1:0x2", "Best vermouth"],
      ["La Boqueria", 41.3817, 2.1716, true, "0x3:0x4", null],
      ["Dropped pin", 41.39, 2.16, true, null, null],
    ]);
    // The photo could not be copied (a private address): left out, not hot-linked, and said.
    expect(rows[1].photos).toEqual([]);
    expect(result.missedPhotos).toEqual([{ spot: "La Boqueria", url: "http://127.0.0.1:9/b.jpg", reason: PHOTO_FAILURES.privateAddress }]);
    const [bars] = await db.select().from(categories).where(eq(categories.id, rows[0].categoryId!));
    expect(bars).toMatchObject({ name: "Bars", ownerId: profile.id, icon: "1899", color: "#0288D1" });
    const [batch] = await db.select().from(importBatches).where(eq(importBatches.mapId, map.id));
    expect(batch).toMatchObject({ rowsRead: 6, importedCount: 3, updatedCount: 0, files: ["Saved/Food.csv"], creatorId: profile.id });
    const review = await db
      .select({
        ref: importReviewRows.sourceRef,
        status: importReviewRows.status,
        reason: importReviewRows.reason,
        text: importReviewRows.reasonText,
        original: importReviewRows.original,
      })
      .from(importReviewRows)
      .where(eq(importReviewRows.batchId, batch.id))
      .orderBy(asc(importReviewRows.sourceRef));
    expect(review).toEqual([
      { ref: "line 4", status: "open", reason: "duplicate", text: "Same as line 2", original: "Bar Marsella,," },
      { ref: "line 5", status: "open", reason: "needs_place", text: UNPLACED_REASONS.offline, original: "Can Paixano,," },
      { ref: "line 6", status: "open", reason: "invalid", text: "No name", original: "null,," },
    ]);
    await invariantHolds(map.id);
    // The preview is gone once confirmed.
    expect(await commitImport(db, profile.id, { token: p.token, updateNotes: false })).toMatchObject({ ok: false, status: 404 });
  });

  it("re-importing the same export goes to the same map and adds nothing twice; an updated note is applied when asked", async () => {
    const { profile } = await createCreator(db);
    const first = await commitImport(db, profile.id, { token: (await preview(profile.id, takeout())).token, updateNotes: false });
    if (!first.ok) throw new Error(first.error);
    const after = await counts();

    const again = await preview(profile.id, takeout("Best vermouth in town"));
    expect(again.lists[0]).toMatchObject({ target: { kind: "map", mapId: first.firstMapId }, importedBefore: true });
    expect(statuses(again)).toEqual([
      ["line 2", "already_imported", "Already imported as “Bar Marsella”"],
      ["line 3", "already_imported", "Already imported as “La Boqueria”"],
      ["line 4", "already_imported", "Already imported as “Bar Marsella”"],
      ["line 5", "already_imported", "Already in this map's review queue"],
      ["line 6", "already_imported", "Already in this map's review queue"],
      ["line 7", "already_imported", "Already on the map (0 m away)"],
    ]);
    expect(again.lists[0].rows.map((r) => r.noteChanged)).toEqual([true, false, true, false, false, false]);
    expect(again.counts.noteChanged).toBe(2);

    const result = await commitImport(db, profile.id, { token: again.token, updateNotes: true });
    expect(result).toMatchObject({
      ok: true,
      imported: 0,
      updated: 1,
      lists: [{ mapId: first.firstMapId, createdMap: false, rowsRead: 6, imported: 0, inReview: 0, dismissed: 6, updated: 1 }],
    });
    const now = await counts();
    expect(now.maps).toBe(after.maps);
    expect(now.spots).toBe(after.spots);
    const [marsella] = await db.select().from(spots).where(eq(spots.importKey, "0x1:0x2"));
    expect(marsella).toMatchObject({ description: "Best vermouth in town", version: 2 });
    const [batch] = await db.select().from(importBatches).where(eq(importBatches.updatedCount, 1));
    expect(batch).toMatchObject({ rowsRead: 6, importedCount: 0 });
    expect(await db.select({ status: importReviewRows.status }).from(importReviewRows).where(eq(importReviewRows.batchId, batch.id))).toHaveLength(6);
    await invariantHolds(first.firstMapId!);

    // Without the tick, the note stays.
    const third = await commitImport(db, profile.id, { token: (await preview(profile.id, takeout("Changed again"))).token, updateNotes: false });
    expect(third).toMatchObject({ ok: true, imported: 0, updated: 0 });
    expect((await db.select().from(spots).where(eq(spots.importKey, "0x1:0x2")))[0].description).toBe("Best vermouth in town");
  });

  it("into a published map: new spots are drafts; similar names nearby are duplicates, the same name nearby is already there", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, title: "Barcelona", isPublished: true, publishedAt: new Date("2026-01-01T00:00:00Z") });
    await db.insert(spots).values([
      { mapId: map.id, slug: "bar-marsella-old", name: "Bar Marsella Barcelona", lat: 41.37801, lng: 2.17351, position: 100, isPublished: true },
      { mapId: map.id, slug: "la-boqueria-old", name: "La Boqueria", lat: 41.3817, lng: 2.1717, position: 101, isPublished: true },
    ]);
    const p = await preview(profile.id, takeout(), map.id);
    expect(p.lists[0]).toMatchObject({ target: { kind: "map", mapId: map.id }, targetMap: { title: "Barcelona", isPublished: true } });
    expect(p.lists[0].notices).toContain("“Barcelona” is published: the new spots are added as drafts, so nothing goes live before you review it.");
    expect(statuses(p).slice(0, 2)).toEqual([
      ["line 2", "duplicate", "Looks like “Bar Marsella Barcelona”, 1 m away on the map"],
      ["line 3", "already_imported", "Already on the map (8 m away)"],
    ]);
    const result = await commitImport(db, profile.id, { token: p.token, updateNotes: false });
    expect(result).toMatchObject({ ok: true, imported: 1, lists: [{ mapId: map.id, createdMap: false, rowsRead: 6, imported: 1, inReview: 4, dismissed: 1 }] });
    const added = await db.select().from(spots).where(eq(spots.name, "Dropped pin"));
    expect(added).toMatchObject([{ mapId: map.id, isPublished: false, position: 102 }]);
    await invariantHolds(map.id);
  });

  it("two lists into one map: a row of the second that repeats the first's is one place; the target can be changed before confirming", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, title: "Everything", isPublished: false, publishedAt: null }, { spots: 0 });
    const outcome: ParseOutcome = {
      lists: [
        list([row(2, "Bar Marsella", { lat: 41.378, lng: 2.1735, importKey: "0x1:0x2" })]),
        list(
          [
            row(2, "Bar Marsella", { file: "Saved/Bars.csv", lat: 41.378, lng: 2.1735, importKey: "0x1:0x2" }),
            row(3, "Bar Pastis", { file: "Saved/Bars.csv", lat: 41.3765, lng: 2.1776 }),
          ],
          {
            file: "Saved/Bars.csv",
            name: "Bars",
          },
        ),
        list([], { file: "Saved/Empty.csv", name: "Empty", description: "Nothing yet" }),
      ],
      errors: [],
    };
    const p = await preview(profile.id, outcome);
    expect(statuses(p, 1)).toEqual([
      ["line 2", "ready", null],
      ["line 3", "ready", null],
    ]);
    expect(p.lists[2].notices).toEqual(["No rows: nothing to import from this list."]);
    const retargeted = await retargetPreview(
      db,
      profile.id,
      p.token,
      new Map([
        [0, { kind: "map", mapId: map.id }],
        [1, { kind: "map", mapId: map.id }],
      ]),
    );
    if (!retargeted.ok) throw new Error(retargeted.error);
    expect(statuses(retargeted.preview, 1)).toEqual([
      ["line 2", "duplicate", "Repeats line 2 of Saved/Food.csv exactly: one place, kept once"],
      ["line 3", "ready", null],
    ]);
    const before = await counts();
    const result = await commitImport(db, profile.id, { token: p.token, updateNotes: false });
    // The repeat is not a row to review: it is kept (dismissed), so the counts still add up.
    expect(result).toMatchObject({ ok: true, imported: 2, inReview: 0, firstMapId: map.id });
    expect(result.ok && result.lists.map((l) => l.dismissed)).toEqual([0, 1]);
    // No map for the empty list; both batches on the chosen map.
    expect((await counts()).maps).toBe(before.maps);
    expect((await db.select().from(spots).where(eq(spots.mapId, map.id))).map((s) => s.name).sort()).toEqual(["Bar Marsella", "Bar Pastis"]);
    await invariantHolds(map.id);
  });

  it("writes nothing when one list's map is gone by the time of the confirm", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, title: "Soon gone", isPublished: false, publishedAt: null });
    const outcome: ParseOutcome = {
      lists: [list([row(2, "A", { lat: 1, lng: 1 })]), list([row(2, "B", { file: "b.csv", lat: 2, lng: 2 })], { file: "b.csv", name: "B" })],
      errors: [],
    };
    const p = await createPreview(db, profile.id, outcome, { geocoder: offline });
    if (!p.ok) throw new Error(p.error);
    await retargetPreview(db, profile.id, p.preview.token, new Map([[1, { kind: "map", mapId: map.id }]]));
    await db.delete(maps).where(eq(maps.id, map.id));
    const before = await counts();
    expect(await commitImport(db, profile.id, { token: p.preview.token, updateNotes: false })).toEqual({
      ok: false,
      status: 404,
      error: PREVIEW_MESSAGES.mapNotFound,
    });
    expect(await counts()).toEqual(before);
  });
});
