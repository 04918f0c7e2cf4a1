import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { spots, VISIBILITIES } from "#db/schema";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { KEEP_PUBLISHED, loadEditableSpot, spotCategories, SPOT_NOT_FOUND, updateSpot } from "./spot-editing.server";
import { SPOT_MESSAGES, SPOT_VISIBILITIES } from "./spot-schema";

const db = await setupTestDatabase();

async function world() {
  const { profile: me } = await createCreator(db);
  const { profile: other } = await createCreator(db);
  const { map, spots: mine } = await createMap(db, { isPublished: false }, { ownerId: me.id, spots: 2 });
  const { map: theirMap, spots: theirs } = await createMap(db, {}, { ownerId: other.id, spots: 1 });
  return { db, me, other, map, spot: mine[0], theirMap, theirSpot: theirs[0] };
}

async function row(spotId: string) {
  const [found] = await db.select().from(spots).where(eq(spots.id, spotId));
  return found;
}

describe("spot editing", () => {
  it("saves the fields, bumps the version and returns the saved spot", async () => {
    const { db, me, map, spot } = await world();
    const category = await createCategory(db, { name: "Cafés" });
    const result = await updateSpot(
      db,
      me.id,
      map.id,
      spot.id,
      {
        name: "  Café Central ",
        summary: "",
        description: "## Inside\nTiled walls.",
        address: "Rua Augusta 1",
        website: "https://cafe.example.com/",
        categoryId: category.id,
        visibility: "supporters",
        isPublished: "false",
      },
      1,
    );
    expect(result).toMatchObject({
      ok: true,
      spot: { name: "Café Central", summary: null, website: "https://cafe.example.com/", categoryId: category.id, visibility: "supporters", version: 2 },
    });
    expect(await row(spot.id)).toMatchObject({ name: "Café Central", summary: null, isPublished: false, visibility: "supporters", version: 2 });
    expect(await loadEditableSpot(db, me.id, map.id, spot.id)).toMatchObject({ name: "Café Central", version: 2 });
  });

  it("changes only the fields a patch carries", async () => {
    const { db, me, map, spot } = await world();
    await updateSpot(db, me.id, map.id, spot.id, { summary: "Only this" }, 1);
    expect(await row(spot.id)).toMatchObject({ name: spot.name, summary: "Only this", address: spot.address, version: 2 });
  });

  it("a save carrying an older version is a conflict with the current copy, and changes nothing", async () => {
    const { db, me, map, spot } = await world();
    expect((await updateSpot(db, me.id, map.id, spot.id, { name: "From tab A" }, 1)).ok).toBe(true);
    const stale = await updateSpot(db, me.id, map.id, spot.id, { name: "From tab B" }, 1);
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true, current: { name: "From tab A", version: 2 } });
    expect(await row(spot.id)).toMatchObject({ name: "From tab A", version: 2 });
    // Keep mine: saved again with the version the conflict showed.
    expect(await updateSpot(db, me.id, map.id, spot.id, { name: "From tab B" }, 2)).toMatchObject({ ok: true, spot: { name: "From tab B", version: 3 } });
  });

  it("two saves of the same version at once: exactly one wins", async () => {
    const { db, me, map, spot } = await world();
    const results = await Promise.all([updateSpot(db, me.id, map.id, spot.id, { name: "One" }, 1), updateSpot(db, me.id, map.id, spot.id, { name: "Two" }, 1)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(1);
    expect((await row(spot.id)).version).toBe(2);
  });

  it("another creator's spot, or a spot under the wrong map, is not found and not changed", async () => {
    const { db, me, map, spot, other, theirMap, theirSpot } = await world();
    expect(await loadEditableSpot(db, me.id, theirMap.id, theirSpot.id)).toBeNull();
    expect(await updateSpot(db, me.id, theirMap.id, theirSpot.id, { name: "Mine now" }, 1)).toEqual({ ok: false, status: 404, error: SPOT_NOT_FOUND });
    // My map in the URL, their spot: still not found.
    expect(await loadEditableSpot(db, me.id, map.id, theirSpot.id)).toBeNull();
    expect((await updateSpot(db, me.id, map.id, theirSpot.id, { name: "Mine now" }, 1)).ok).toBe(false);
    expect(await updateSpot(db, other.id, map.id, spot.id, { name: "Theirs now" }, 1)).toMatchObject({ ok: false, status: 404 });
    expect(await updateSpot(db, me.id, "not-a-uuid", spot.id, { name: "X" }, 1)).toMatchObject({ ok: false, status: 404 });
    expect((await row(theirSpot.id)).name).toBe(theirSpot.name);
    expect((await row(spot.id)).name).toBe(spot.name);
  });

  it("bad input gets a message per field and changes nothing", async () => {
    const { db, me, map, spot } = await world();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", SPOT_MESSAGES.nameRequired],
      [{ name: "   " }, "name", SPOT_MESSAGES.nameRequired],
      [{ name: "x".repeat(10_000) }, "name", SPOT_MESSAGES.nameTooLong],
      [{ description: "x".repeat(20_001) }, "description", SPOT_MESSAGES.descriptionTooLong],
      [{ website: "javascript:alert(1)" }, "website", SPOT_MESSAGES.websiteInvalid],
      [{ website: "example.com" }, "website", SPOT_MESSAGES.websiteInvalid],
      [{ visibility: "friends" }, "visibility", SPOT_MESSAGES.visibilityInvalid],
      [{ categoryId: "00000000-0000-4000-8000-000000000000" }, "categoryId", SPOT_MESSAGES.categoryInvalid],
      [{ categoryId: "cafes" }, "categoryId", SPOT_MESSAGES.categoryInvalid],
      [{ isPublished: "maybe" }, "isPublished", SPOT_MESSAGES.statusInvalid],
    ];
    for (const [patch, field, message] of cases) {
      const result = await updateSpot(db, me.id, map.id, spot.id, patch, 1);
      expect(result, JSON.stringify(patch).slice(0, 60)).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    }
    expect(await row(spot.id)).toMatchObject({ name: spot.name, description: spot.description, website: null, visibility: "public", version: 1 });
  });

  it("a published map keeps its 30 published spots: making one a draft is refused until the map is unpublished", async () => {
    const { profile: me } = await createCreator(db);
    const { map, spots: thirty } = await createMap(db, {}, { ownerId: me.id, spots: 30 });
    expect(await updateSpot(db, me.id, map.id, thirty[0].id, { isPublished: "false" }, 1)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { isPublished: KEEP_PUBLISHED },
    });
    expect(await row(thirty[0].id)).toMatchObject({ isPublished: true, version: 1 });
    // Other changes to the same spot still save, and "published" stays allowed.
    expect((await updateSpot(db, me.id, map.id, thirty[0].id, { name: "Renamed", isPublished: "true" }, 1)).ok).toBe(true);

    // One to spare, two saves at once: only one may go.
    const { map: bigger, spots: thirtyOne } = await createMap(db, {}, { ownerId: me.id, spots: 31 });
    const results = await Promise.all(thirtyOne.slice(0, 2).map((s) => updateSpot(db, me.id, bigger.id, s.id, { isPublished: "false" }, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 400)).toHaveLength(1);

    const { map: draftMap, spots: draftSpots } = await createMap(db, { isPublished: false }, { ownerId: me.id, spots: 30 });
    expect((await updateSpot(db, me.id, draftMap.id, draftSpots[0].id, { isPublished: "false" }, 1)).ok).toBe(true);
  });

  it("lists categories by name, and offers every visibility the database allows", async () => {
    await createCategory(db, { name: "Museums" });
    await createCategory(db, { name: "Bakeries" });
    expect((await spotCategories(db, (await createCreator(db)).profile.id)).map((c) => c.name)).toEqual(["Bakeries", "Museums"]);
    expect([...SPOT_VISIBILITIES]).toEqual([...VISIBILITIES]);
  });
});
