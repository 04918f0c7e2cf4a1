import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { maps, spotBookmarks, spots } from "#db/schema";
import { createCategory, createCreator, createMap, createProfile } from "#db/seed/factories";
import { COORDINATE_MESSAGES } from "~/modules/places/coordinates";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { KEEP_PUBLISHED_ON_DELETE } from "./published-floor.server";
import { createSpot, deleteSpot, moveSpot, nearbyDuplicates, PLACEMENT_MESSAGES, reorderSpots, restoreSpot } from "./spot-placement.server";

const db = await setupTestDatabase();

async function names(mapId: string) {
  return (await db.select({ name: spots.name, position: spots.position }).from(spots).where(eq(spots.mapId, mapId)).orderBy(asc(spots.position))).map(
    (s) => `${s.position}:${s.name}`,
  );
}

async function ownMap(spotCount = 0) {
  const { profile } = await createCreator(db);
  const { map, spots: rows } = await createMap(db, { ownerId: profile.id, title: "M", isPublished: false, publishedAt: null }, { spots: spotCount });
  return { creatorId: profile.id, map, spots: rows };
}

describe("createSpot", () => {
  it("appends a published spot with a slug unique in the map", async () => {
    const { creatorId, map } = await ownMap();
    const first = await createSpot(db, creatorId, map.id, { name: " Café Central ", lat: 41.38, lng: 2.17 });
    const second = await createSpot(db, creatorId, map.id, { name: "Café central", lat: 40.0, lng: 3.0 });
    expect(first).toMatchObject({
      ok: true,
      spot: { name: "Café Central", slug: "cafe-central", position: 0, isPublished: true, visibility: "public", version: 1 },
    });
    expect(second).toMatchObject({ ok: true, spot: { slug: "cafe-central-2", position: 1 }, duplicates: [] });
  });

  it("warns of a spot within 50 m with a similar name, and still adds it", async () => {
    const { creatorId, map } = await ownMap();
    const first = await createSpot(db, creatorId, map.id, { name: "Bar Marsella", lat: 41.378, lng: 2.1735 });
    // About 22 m north.
    const near = await createSpot(db, creatorId, map.id, { name: "bar marsela", lat: 41.3782, lng: 2.1735 });
    expect(near).toMatchObject({ ok: true, duplicates: [{ id: first.ok ? first.spot.id : "", name: "Bar Marsella", distance: 22 }] });
    // Same place, another name; same name, 200 m away: no warning.
    expect(await createSpot(db, creatorId, map.id, { name: "Mercat de Sant Antoni", lat: 41.3781, lng: 2.1735 })).toMatchObject({ duplicates: [] });
    expect(await nearbyDuplicates(db, creatorId, map.id, { name: "Bar Marsella", lat: 41.38, lng: 2.1735 })).toEqual([]);
    // Another creator asking about this map learns nothing.
    const { profile: other } = await createCreator(db);
    expect(await nearbyDuplicates(db, other.id, map.id, { name: "Bar Marsella", lat: 41.378, lng: 2.1735 })).toEqual([]);
    expect(await names(map.id)).toHaveLength(3);
  });

  it("refuses lat 91, an empty name and a 10,000-character name, adding nothing", async () => {
    const { creatorId, map } = await ownMap();
    expect(await createSpot(db, creatorId, map.id, { name: "North", lat: 91, lng: 0 })).toEqual({
      ok: false,
      status: 400,
      error: COORDINATE_MESSAGES.latitude,
    });
    expect(await createSpot(db, creatorId, map.id, { name: "East", lat: 0, lng: -181 })).toEqual({
      ok: false,
      status: 400,
      error: COORDINATE_MESSAGES.longitude,
    });
    expect(await createSpot(db, creatorId, map.id, { name: "   ", lat: 1, lng: 1 })).toEqual({ ok: false, status: 400, error: EDITOR_MESSAGES.nameRequired });
    expect(await createSpot(db, creatorId, map.id, { name: "x".repeat(10_000), lat: 1, lng: 1 })).toEqual({
      ok: false,
      status: 400,
      error: EDITOR_MESSAGES.nameTooLong,
    });
    expect(await createSpot(db, creatorId, map.id, { name: "NaN", lat: Number.NaN, lng: 1 })).toMatchObject({ ok: false, status: 400 });
    expect(await names(map.id)).toEqual([]);
  });

  it("is not found on another creator's map", async () => {
    const { map } = await ownMap();
    const { profile: other } = await createCreator(db);
    expect(await createSpot(db, other.id, map.id, { name: "Intruder", lat: 1, lng: 1 })).toMatchObject({ ok: false, status: 404 });
    expect(await names(map.id)).toEqual([]);
  });
});

describe("moveSpot", () => {
  it("moves the pin, bumps the version and says where it was", async () => {
    const {
      creatorId,
      spots: [spot],
    } = await ownMap(1);
    const moved = await moveSpot(db, creatorId, spot.id, { lat: 41.5, lng: 2.25 });
    expect(moved).toMatchObject({ ok: true, spot: { lat: 41.5, lng: 2.25, version: 2 }, from: { lat: spot.lat, lng: spot.lng } });
  });

  it("refuses another creator's spot and bad coordinates, changing nothing", async () => {
    const {
      creatorId,
      spots: [spot],
    } = await ownMap(1);
    const { profile: other } = await createCreator(db);
    expect(await moveSpot(db, other.id, spot.id, { lat: 1, lng: 1 })).toMatchObject({ ok: false, status: 404 });
    expect(await moveSpot(db, creatorId, spot.id, { lat: 91, lng: 1 })).toEqual({ ok: false, status: 400, error: COORDINATE_MESSAGES.latitude });
    expect(await moveSpot(db, creatorId, "nope", { lat: 1, lng: 1 })).toMatchObject({ ok: false, status: 404 });
    const [row] = await db.select().from(spots).where(eq(spots.id, spot.id));
    expect(row).toMatchObject({ lat: spot.lat, lng: spot.lng, version: 1 });
  });
});

describe("reorderSpots", () => {
  it("puts all 500 spots of a map in the given order in one transaction", async () => {
    const { creatorId, map, spots: rows } = await ownMap(500);
    const reversed = rows.map((s) => s.id).reverse();
    expect(await reorderSpots(db, creatorId, map.id, reversed)).toEqual({ ok: true });
    const after = await db.select({ id: spots.id }).from(spots).where(eq(spots.mapId, map.id)).orderBy(asc(spots.position));
    expect(after.map((s) => s.id)).toEqual(reversed);
    const positions = (await db.select({ p: spots.position }).from(spots).where(eq(spots.mapId, map.id))).map((r) => r.p).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it("refuses a list that is not exactly the map's spots, changing nothing", async () => {
    const { creatorId, map, spots: rows } = await ownMap(3);
    const { spots: foreign } = await createMap(db, {}, { spots: 1 });
    const before = await names(map.id);
    const ids = rows.map((s) => s.id);
    const mismatch = { ok: false, status: 409, error: PLACEMENT_MESSAGES.orderMismatch };
    expect(await reorderSpots(db, creatorId, map.id, [ids[2], ids[1]])).toEqual(mismatch);
    expect(await reorderSpots(db, creatorId, map.id, [ids[2], ids[1], ids[1]])).toEqual(mismatch);
    expect(await reorderSpots(db, creatorId, map.id, [ids[2], ids[1], foreign[0].id])).toEqual(mismatch);
    expect(await reorderSpots(db, creatorId, map.id, [...ids, foreign[0].id])).toEqual(mismatch);
    expect(await reorderSpots(db, creatorId, map.id, ["x", ids[1], ids[0]])).toMatchObject({ ok: false, status: 400 });
    const { profile: other } = await createCreator(db);
    expect(await reorderSpots(db, other.id, map.id, [...ids].reverse())).toMatchObject({ ok: false, status: 404 });
    expect(await names(map.id)).toEqual(before);
  });
});

describe("deleteSpot and restoreSpot", () => {
  it("deletes a spot, closes the gap, and the undo puts the same spot back where it was", async () => {
    const { creatorId, map, spots: rows } = await ownMap(3);
    const category = await createCategory(db);
    await db.update(spots).set({ categoryId: category.id, website: "https://example.com", visibility: "supporters" }).where(eq(spots.id, rows[1].id));
    const { profile: fan } = await createProfile(db);
    await db.insert(spotBookmarks).values({ userId: fan.id, spotId: rows[1].id });

    const deleted = await deleteSpot(db, creatorId, rows[1].id);
    expect(deleted).toMatchObject({ ok: true, spot: { id: rows[1].id } });
    expect(await names(map.id)).toEqual(["0:Spot 1 of M", "1:Spot 3 of M"]);
    // Saves of the spot go with it.
    expect(await db.select().from(spotBookmarks)).toEqual([]);

    const restored = await restoreSpot(db, creatorId, deleted.ok ? deleted.restoreToken : "");
    expect(restored).toMatchObject({
      ok: true,
      spot: { id: rows[1].id, slug: rows[1].slug, position: 1, categoryId: category.id, website: "https://example.com", visibility: "supporters", version: 2 },
    });
    expect(await names(map.id)).toEqual(["0:Spot 1 of M", "1:Spot 2 of M", "2:Spot 3 of M"]);
    // The save comes back with the spot: the traveller's Atlas still has it.
    expect(await db.select({ userId: spotBookmarks.userId, spotId: spotBookmarks.spotId }).from(spotBookmarks)).toEqual([
      { userId: fan.id, spotId: rows[1].id },
    ]);
    // Undoing twice does not make two.
    expect(await restoreSpot(db, creatorId, deleted.ok ? deleted.restoreToken : "")).toEqual({
      ok: false,
      status: 409,
      error: PLACEMENT_MESSAGES.alreadyRestored,
    });
  });

  it("refuses a forged, altered, expired or someone else's token", async () => {
    const { creatorId, map, spots: rows } = await ownMap(2);
    const deleted = await deleteSpot(db, creatorId, rows[0].id, new Date("2026-01-01T00:00:00Z"));
    if (!deleted.ok) throw new Error("not deleted");
    const [body, signature] = deleted.restoreToken.split(".");
    const altered = Buffer.from(Buffer.from(body, "base64url").toString().replace(rows[0].id, rows[1].id)).toString("base64url");
    const { profile: other } = await createCreator(db);
    const refused = { ok: false, status: 400, error: PLACEMENT_MESSAGES.restoreExpired };
    const inTime = new Date("2026-01-01T01:00:00Z");
    expect(await restoreSpot(db, creatorId, `${altered}.${signature}`, inTime)).toEqual(refused);
    expect(await restoreSpot(db, creatorId, "garbage", inTime)).toEqual(refused);
    expect(await restoreSpot(db, other.id, deleted.restoreToken, inTime)).toEqual(refused);
    expect(await restoreSpot(db, creatorId, deleted.restoreToken, new Date("2026-01-03T00:00:00Z"))).toEqual(refused);
    expect(await names(map.id)).toEqual(["0:Spot 2 of M"]);
    expect(await restoreSpot(db, creatorId, deleted.restoreToken, inTime)).toMatchObject({ ok: true, spot: { position: 0 } });
  });

  it("keeps a published map at 30 published spots: the 31st may go, the 30th may not", async () => {
    const { creatorId, map, spots: rows } = await ownMap(31);
    await db.update(spots).set({ isPublished: true }).where(eq(spots.mapId, map.id));
    await db
      .update(maps)
      .set({ isPublished: true, publishedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(maps.id, map.id));
    expect(await deleteSpot(db, creatorId, rows[30].id)).toMatchObject({ ok: true });
    expect(await deleteSpot(db, creatorId, rows[0].id)).toEqual({ ok: false, status: 409, error: KEEP_PUBLISHED_ON_DELETE });
    expect(await names(map.id)).toHaveLength(30);
    // Unpublished, the map may shrink again.
    await db.update(maps).set({ isPublished: false }).where(eq(maps.id, map.id));
    expect(await deleteSpot(db, creatorId, rows[0].id)).toMatchObject({ ok: true });
  });

  it("is not found for another creator, deleting nothing", async () => {
    const { map, spots: rows } = await ownMap(1);
    const { profile: other } = await createCreator(db);
    expect(await deleteSpot(db, other.id, rows[0].id)).toMatchObject({ ok: false, status: 404 });
    expect(await names(map.id)).toHaveLength(1);
  });

  it("puts a restored spot at the end when the list got shorter, with a new slug if its own was taken", async () => {
    const { creatorId, map, spots: rows } = await ownMap(3);
    const deleted = await deleteSpot(db, creatorId, rows[2].id);
    await deleteSpot(db, creatorId, rows[1].id);
    await db.update(spots).set({ slug: rows[2].slug }).where(eq(spots.id, rows[0].id));
    const restored = await restoreSpot(db, creatorId, deleted.ok ? deleted.restoreToken : "");
    expect(restored).toMatchObject({ ok: true, spot: { position: 1 } });
    expect(restored.ok && restored.spot.slug).not.toBe(rows[2].slug);
    expect(await names(map.id)).toEqual(["0:Spot 1 of M", "1:Spot 3 of M"]);
  });
});
