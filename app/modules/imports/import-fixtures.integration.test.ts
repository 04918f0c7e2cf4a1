/**
 * The synthetic Takeout zip and My Maps KML (tests/fixtures/imports, shapes in
 * their README) through the real parsers, the preview and the confirm:
 * every list's counts and reasons exactly, then a second import of the same
 * files adds no spot and no open review row.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { importBatches, importReviewRows, maps } from "#db/schema";
import { createCreator } from "#db/seed/factories";
import { memoryGeocodeCache, UNPLACED_REASONS } from "./geocoder.server";
import { commitImport } from "./import-commit.server";
import { NO_PHOTO_FETCH } from "./import-photos.server";
import { createPreview, PREVIEW_MESSAGES } from "./import-preview.server";
import { parseImportFiles } from "./parse-files";

const db = await setupTestDatabase();
stubDataDir("import-fixtures");

const FIXTURES = ["tests/fixtures/imports/google/takeout-20260301.zip", "tests/fixtures/imports/mymaps/lisbon-food-and-views.kml"];
const files = () => FIXTURES.map((f) => ({ name: path.basename(f), bytes: new Uint8Array(readFileSync(f)) }));
const offline = { url: undefined, minIntervalMs: 0, limit: 0, cache: memoryGeocodeCache() };
const NO_PLACE = UNPLACED_REASONS.offline;
const NEEDS_NAME = PREVIEW_MESSAGES.needsName("Dropped pin");

it("a Takeout zip and a My Maps KML: every list's rows with their status, then a confirm whose counts add up", async () => {
  const { profile } = await createCreator(db);
  const mapsBefore = (await db.select().from(maps).where(eq(maps.ownerId, profile.id))).length;
  const result = await createPreview(db, profile.id, parseImportFiles(files()), { geocoder: offline });
  if (!result.ok) throw new Error(result.error);
  const { preview } = result;
  const summary = Object.fromEntries(
    preview.lists.map((l) => [l.name, l.rows.filter((r) => r.status !== "ready").map((r) => `${r.ref}: ${r.status}: ${r.reason}`)]),
  );
  expect(summary).toEqual({
    "Saved Places": [`feature 3: needs_place: ${NO_PLACE}`, `feature 5: needs_place: ${NO_PLACE}`],
    // A "Dropped pin" without a note waits for a name; the one with a note is named from it (and ready).
    "Hanoi pins": [`line 4: needs_name: ${NEEDS_NAME}`, `line 6: needs_place: ${NO_PLACE}`],
    Kissaten: [`line 2: needs_place: ${NO_PLACE}`, `line 4: needs_name: ${NEEDS_NAME}`],
    "Next trip": [],
    Saved: [
      "line 2: invalid: Not a place: https://www.example.com/travel/tokyo-ramen",
      "line 3: invalid: Not a place: https://www.example.org/rail/pass-guide",
      `line 4: needs_place: ${NO_PLACE}`,
    ],
    Starred: [`line 2: needs_place: ${NO_PLACE}`, `line 3: needs_place: ${NO_PLACE}`],
    "Want to go": [
      `line 3: needs_place: ${NO_PLACE}`,
      `line 5: needs_place: ${NO_PLACE}`,
      `line 6: needs_place: ${NO_PLACE}`,
      "line 7: duplicate: Repeats line 6 exactly: one place, kept once",
      `line 9: needs_place: ${NO_PLACE}`,
    ],
    "Lisbon: food & views": [
      'Placemark 3 in "Food": duplicate: Repeats Placemark 2 in "Food" exactly: one place, kept once',
      'Placemark 7 in "Untitled layer": invalid: No name',
    ],
  });
  expect(preview.counts).toEqual({ ready: 8, needs_place: 11, needs_name: 2, duplicate: 2, already_imported: 0, invalid: 3, total: 26, noteChanged: 0 });
  expect(preview.errors).toEqual([]);

  const committed = await commitImport(db, profile.id, { token: preview.token, updateNotes: false, photos: NO_PHOTO_FETCH });
  // The exact repeats (Want to go line 7, the second Pastelaria) are one place: dismissed, not in review.
  expect(committed).toMatchObject({ ok: true, imported: 8, inReview: 16 });
  if (!committed.ok) return;
  // "Next trip" has no rows: no empty map for it.
  expect(committed.lists.map((l) => l.listName).sort()).toEqual([
    "Hanoi pins",
    "Kissaten",
    "Lisbon: food & views",
    "Saved",
    "Saved Places",
    "Starred",
    "Want to go",
  ]);
  expect(await db.select().from(maps).where(eq(maps.ownerId, profile.id))).toHaveLength(mapsBefore + 7);
  const [totals] = (
    await db.execute<{ read: number; imported: number; open: number; dismissed: number }>(sql`
    select (select sum(rows_read)::int from import_batches) as read, (select sum(imported_count)::int from import_batches) as imported,
      (select count(*)::int from import_review_rows where status = 'open') as open,
      (select count(*)::int from import_review_rows where status = 'dismissed') as dismissed`)
  ).rows;
  expect(totals).toEqual({ read: 26, imported: 8, open: 16, dismissed: 2 });

  // The same files again: each list goes to the map it went into, and nothing is added.
  const again = await createPreview(db, profile.id, parseImportFiles(files()), { geocoder: offline });
  if (!again.ok) throw new Error(again.error);
  expect(again.preview.lists.filter((l) => l.rows.length > 0).every((l) => l.target.kind === "map" && l.importedBefore)).toBe(true);
  expect(again.preview.counts).toMatchObject({ ready: 0, needs_place: 0, duplicate: 0, invalid: 0, already_imported: 26 });
  const second = await commitImport(db, profile.id, { token: again.preview.token, updateNotes: false, photos: NO_PHOTO_FETCH });
  expect(second).toMatchObject({ ok: true, imported: 0, inReview: 0 });
  expect(await db.select().from(maps).where(eq(maps.ownerId, profile.id))).toHaveLength(mapsBefore + 7);
  expect(await db.select().from(importReviewRows).where(eq(importReviewRows.status, "open"))).toHaveLength(16);
  if (second.ok) expect(second.lists.map((l) => [l.imported, l.inReview, l.dismissed === l.rowsRead])).toEqual(second.lists.map(() => [0, 0, true]));
  expect(await db.select().from(importBatches).where(eq(importBatches.creatorId, profile.id))).toHaveLength(14);
});
