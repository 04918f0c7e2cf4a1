import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { categories, importBatches, importReviewRows, spots } from "#db/schema";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { COORDINATE_MESSAGES } from "~/modules/places/coordinates";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { PHOTO_FAILURES } from "./import-photos.server";
import { REVIEW_MESSAGES } from "./review-actions";
import { dismissReviewRow, placeReviewRow, reopenReviewRow, reviewQueue } from "./review-queue.server";

const db = await setupTestDatabase();

type ReviewRowInsert = typeof importReviewRows.$inferInsert;

/**
 * A map with `spotCount` spots and one import batch: `imported` rows became
 * spots at the import; `rows` wait in review (open unless they say otherwise).
 */
async function importedMap(options: { spotCount?: number; published?: boolean; imported?: number; rows: Omit<ReviewRowInsert, "batchId" | "mapId">[] }) {
  const { profile } = await createCreator(db);
  const published = options.published ?? false;
  const { map } = await createMap(
    db,
    { ownerId: profile.id, title: "Imported", isPublished: published, publishedAt: published ? new Date() : null },
    { spots: options.spotCount ?? 2 },
  );
  const imported = options.imported ?? 2;
  const [batch] = await db
    .insert(importBatches)
    .values({ mapId: map.id, creatorId: profile.id, files: ["Takeout.zip"], rowsRead: imported + options.rows.length, importedCount: imported })
    .returning();
  const rows = options.rows.length
    ? await db
        .insert(importReviewRows)
        .values(options.rows.map((r) => ({ ...r, batchId: batch.id, mapId: map.id })))
        .returning()
    : [];
  return { creatorId: profile.id, map, batch, rows };
}

const needsPlace = (n: number, extra: Partial<ReviewRowInsert> = {}) => ({
  reason: "needs_place" as const,
  reasonText: "No coordinates and no geocoder configured",
  sourceFile: "Takeout/Saved/Food.csv",
  sourceRef: `line ${n}`,
  original: `Place ${n},,https://www.google.com/maps/place/Place+${n}/data=!4m2!3m1!1s0x0:0x${n},`,
  name: `Place ${n}`,
  ...extra,
});

async function spotNames(mapId: string) {
  return (await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, mapId)).orderBy(asc(spots.position))).map((s) => s.name);
}

describe("reviewQueue", () => {
  it("lists open rows in file order with their reason and original text, and counts that add up", async () => {
    const { creatorId, map, batch } = await importedMap({
      imported: 3,
      rows: [
        needsPlace(14),
        needsPlace(9, { note: "Ask for the terrace" }),
        { ...needsPlace(20), status: "dismissed", resolvedAt: new Date() },
        { ...needsPlace(3), reason: "duplicate", reasonText: "Same as “Spot 1 of Imported” on the map", lat: 41.38, lng: 2.17 },
      ],
    });
    const queue = await reviewQueue(db, creatorId, map.id);
    expect(queue?.rows.map((r) => r.sourceRef)).toEqual(["line 3", "line 9", "line 14"]);
    expect(queue?.rows[0]).toMatchObject({ reason: "duplicate", reasonText: "Same as “Spot 1 of Imported” on the map", lat: 41.38, lng: 2.17 });
    expect(queue?.rows[1]).toMatchObject({
      name: "Place 9",
      note: "Ask for the terrace",
      sourceFile: "Takeout/Saved/Food.csv",
      original: expect.stringContaining("Place+9"),
      lat: null,
    });
    expect(queue?.dismissedRows.map((r) => r.sourceRef)).toEqual(["line 20"]);
    expect(queue?.totals).toEqual({ rowsRead: 7, imported: 3, inReview: 3, dismissed: 1 });
    expect(queue?.batches).toEqual([
      expect.objectContaining({ id: batch.id, files: ["Takeout.zip"], rowsRead: 7, imported: 3, inReview: 3, dismissed: 1, updated: 0 }),
    ]);
  });

  it("sums several imports, and shows nothing to another creator", async () => {
    const { creatorId, map, batch } = await importedMap({ imported: 1, rows: [needsPlace(1)] });
    const [second] = await db.insert(importBatches).values({ mapId: map.id, creatorId, rowsRead: 4, importedCount: 2 }).returning();
    await db.insert(importReviewRows).values([
      { ...needsPlace(5), batchId: second.id, mapId: map.id },
      { ...needsPlace(6), batchId: second.id, mapId: map.id, status: "dismissed" },
    ]);
    const queue = await reviewQueue(db, creatorId, map.id);
    expect(queue?.totals).toEqual({ rowsRead: 6, imported: 3, inReview: 2, dismissed: 1 });
    expect(queue?.batches.map((b) => [b.id, b.rowsRead, b.imported + b.inReview + b.dismissed]).sort()).toEqual(
      [
        [batch.id, 2, 2],
        [second.id, 4, 4],
      ].sort(),
    );
    const { profile: other } = await createCreator(db);
    expect(await reviewQueue(db, other.id, map.id)).toBeNull();
    expect(await reviewQueue(db, creatorId, "not-a-uuid")).toBeNull();
  });

  it("gives a map without imports an empty queue", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id }, { spots: 0 });
    expect(await reviewQueue(db, profile.id, map.id)).toEqual({
      rows: [],
      dismissedRows: [],
      batches: [],
      totals: { rowsRead: 0, imported: 0, inReview: 0, dismissed: 0 },
    });
  });
});

describe("placeReviewRow", () => {
  it("turns the row into a published spot at the end of the list through the import's write path, and counts it as imported", async () => {
    const category = await createCategory(db, { name: "Food" });
    const { creatorId, map, rows } = await importedMap({
      spotCount: 2,
      rows: [
        needsPlace(4, {
          note: "Best **tortilla** in town",
          address: "Carrer Major 1",
          categoryName: "food",
          // Copied when placed (import-first-hour.integration.test.ts copies from a server it starts); these two cannot be.
          photos: ["http://127.0.0.1:9/a.jpg", "javascript:alert(1)"],
          importKey: "cid:123",
        }),
        needsPlace(5),
      ],
    });
    const result = await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 41.4, lng: 2.2 });
    expect(result).toMatchObject({
      ok: true,
      spot: {
        name: "Place 4",
        description: "Best **tortilla** in town",
        address: "Carrer Major 1",
        categoryId: category.id,
        lat: 41.4,
        lng: 2.2,
        position: 2,
        isPublished: true,
      },
      duplicates: [],
    });
    if (!result.ok) return;
    expect(result.spot.photos).toEqual([]);
    expect(result.missedPhotos).toEqual([
      { url: "http://127.0.0.1:9/a.jpg", reason: PHOTO_FAILURES.privateAddress },
      { url: "javascript:alert(1)", reason: PHOTO_FAILURES.notWeb },
    ]);
    const [spot] = await db.select({ importKey: spots.importKey }).from(spots).where(eq(spots.id, result.spot.id));
    expect(spot.importKey).toBe("cid:123");
    const [row] = await db.select().from(importReviewRows).where(eq(importReviewRows.id, rows[0].id));
    expect(row).toMatchObject({ status: "placed", spotId: result.spot.id, resolvedAt: expect.any(Date) });
    expect(await reviewQueue(db, creatorId, map.id)).toMatchObject({
      totals: { rowsRead: 4, imported: 3, inReview: 1, dismissed: 0 },
      rows: [{ id: rows[1].id }],
    });
  });

  it("publishes the placed spot on a published map too, under a typed name, and makes a category the source named", async () => {
    const { creatorId, map, rows } = await importedMap({
      spotCount: 30,
      published: true,
      rows: [needsPlace(1, { name: null, reason: "invalid", categoryName: "Viewpoints" })],
    });
    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 41, lng: 2 })).toEqual({
      ok: false,
      status: 400,
      error: EDITOR_MESSAGES.nameRequired,
    });
    const result = await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 41, lng: 2, name: "  Mirador  " });
    expect(result).toMatchObject({ ok: true, spot: { name: "Mirador", isPublished: true, position: 30 } });
    const [category] = await db.select().from(categories).where(eq(categories.name, "Viewpoints"));
    expect(category).toMatchObject({ ownerId: creatorId });
    expect(result.ok && result.spot.categoryId).toBe(category.id);
  });

  it("warns of a likely duplicate nearby and still places the row", async () => {
    const { creatorId, map, rows } = await importedMap({ spotCount: 1, rows: [needsPlace(1, { name: "Spot 1 of Imported" })] });
    const result = await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 41.38, lng: 2.17 });
    expect(result).toMatchObject({ ok: true, duplicates: [{ name: "Spot 1 of Imported", distance: 0 }] });
  });

  it("refuses lat 91 with the editor's message, bad names, a row already placed or dismissed, and another creator, changing nothing", async () => {
    const { creatorId, map, rows } = await importedMap({ rows: [needsPlace(1), needsPlace(2, { status: "dismissed" })] });
    const before = await spotNames(map.id);
    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 91, lng: 2 })).toEqual({
      ok: false,
      status: 400,
      error: COORDINATE_MESSAGES.latitude,
    });
    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 1, lng: 181 })).toEqual({
      ok: false,
      status: 400,
      error: COORDINATE_MESSAGES.longitude,
    });
    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: Number.NaN, lng: 2 })).toMatchObject({ status: 400 });
    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 1, lng: 2, name: "x".repeat(10_000) })).toEqual({
      ok: false,
      status: 400,
      error: EDITOR_MESSAGES.nameTooLong,
    });
    expect(await placeReviewRow(db, creatorId, map.id, rows[1].id, { lat: 1, lng: 2 })).toEqual({
      ok: false,
      status: 409,
      error: REVIEW_MESSAGES.alreadyDismissed,
    });

    const { profile: other } = await createCreator(db);
    expect(await placeReviewRow(db, other.id, map.id, rows[0].id, { lat: 1, lng: 2 })).toEqual({ ok: false, status: 404, error: REVIEW_MESSAGES.mapNotFound });
    // Another creator's own map with this creator's row id: not found either.
    const { map: theirs } = await createMap(db, { ownerId: other.id }, { spots: 0 });
    expect(await placeReviewRow(db, other.id, theirs.id, rows[0].id, { lat: 1, lng: 2 })).toEqual({ ok: false, status: 404, error: REVIEW_MESSAGES.notFound });
    expect(await placeReviewRow(db, creatorId, map.id, "not-a-uuid", { lat: 1, lng: 2 })).toMatchObject({ status: 404 });
    expect(await spotNames(map.id)).toEqual(before);

    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 1, lng: 2 })).toMatchObject({ ok: true });
    expect(await placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 1, lng: 2 })).toEqual({
      ok: false,
      status: 409,
      error: REVIEW_MESSAGES.alreadyPlaced,
    });
    expect(await spotNames(map.id)).toEqual([...before, "Place 1"]);
  });

  it("places a row once when two placements race", async () => {
    const { creatorId, map, rows } = await importedMap({ rows: [needsPlace(1)] });
    const results = await Promise.all([
      placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 1, lng: 2 }),
      placeReviewRow(db, creatorId, map.id, rows[0].id, { lat: 3, lng: 4 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 409, error: REVIEW_MESSAGES.alreadyPlaced }]);
    expect(await spotNames(map.id)).toHaveLength(3);
  });
});

describe("dismissReviewRow and reopenReviewRow", () => {
  it("dismisses a row, puts it back, and keeps the counts adding up at every step", async () => {
    const { creatorId, map, rows } = await importedMap({ imported: 5, rows: [needsPlace(1), needsPlace(2)] });
    const totals = async () => (await reviewQueue(db, creatorId, map.id))?.totals;
    expect(await totals()).toEqual({ rowsRead: 7, imported: 5, inReview: 2, dismissed: 0 });

    expect(await dismissReviewRow(db, creatorId, map.id, rows[0].id)).toMatchObject({ ok: true, row: { id: rows[0].id } });
    expect(await totals()).toEqual({ rowsRead: 7, imported: 5, inReview: 1, dismissed: 1 });
    expect(await dismissReviewRow(db, creatorId, map.id, rows[0].id)).toEqual({ ok: false, status: 409, error: REVIEW_MESSAGES.alreadyDismissed });

    expect(await reopenReviewRow(db, creatorId, map.id, rows[0].id)).toMatchObject({ ok: true });
    expect(await totals()).toEqual({ rowsRead: 7, imported: 5, inReview: 2, dismissed: 0 });
    expect(await reopenReviewRow(db, creatorId, map.id, rows[0].id)).toEqual({ ok: false, status: 409, error: REVIEW_MESSAGES.notDismissed });
    const [row] = await db.select().from(importReviewRows).where(eq(importReviewRows.id, rows[0].id));
    expect(row).toMatchObject({ status: "open", resolvedAt: null });

    await placeReviewRow(db, creatorId, map.id, rows[1].id, { lat: 1, lng: 2 });
    expect(await dismissReviewRow(db, creatorId, map.id, rows[1].id)).toEqual({ ok: false, status: 409, error: REVIEW_MESSAGES.alreadyPlaced });
    expect(await reopenReviewRow(db, creatorId, map.id, rows[1].id)).toEqual({ ok: false, status: 409, error: REVIEW_MESSAGES.alreadyPlaced });
    await dismissReviewRow(db, creatorId, map.id, rows[0].id);
    expect(await totals()).toEqual({ rowsRead: 7, imported: 6, inReview: 0, dismissed: 1 });
  });

  it("lets another creator dismiss or reopen nothing", async () => {
    const { creatorId, map, rows } = await importedMap({ rows: [needsPlace(1), needsPlace(2, { status: "dismissed" })] });
    const { profile: other } = await createCreator(db);
    expect(await dismissReviewRow(db, other.id, map.id, rows[0].id)).toEqual({ ok: false, status: 404, error: REVIEW_MESSAGES.mapNotFound });
    expect(await reopenReviewRow(db, other.id, map.id, rows[1].id)).toEqual({ ok: false, status: 404, error: REVIEW_MESSAGES.mapNotFound });
    expect(await dismissReviewRow(db, creatorId, map.id, "00000000-0000-4000-8000-000000000000")).toEqual({
      ok: false,
      status: 404,
      error: REVIEW_MESSAGES.notFound,
    });
    expect((await reviewQueue(db, creatorId, map.id))?.totals).toEqual({ rowsRead: 4, imported: 2, inReview: 1, dismissed: 1 });
  });
});
