import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { resolveMap } from "~/modules/maps/map-page.server";
import { mapCategories, mapSlugs, maps } from "#db/schema";
import { createCategory, createCity, createCreator, createMap } from "#db/seed/factories";
import { EDITOR_MESSAGES, mapSettingsSchema } from "./map-settings-validation";
import { parseEditorSpots } from "~/modules/spots";
import { findCities, loadEditor, updateMapSettings } from "./map-editing.server";

const db = await setupTestDatabase();

const settings = (input: Record<string, unknown>) => mapSettingsSchema.parse(input);

describe("loadEditor", () => {
  it("gives the owner the map, every spot (drafts too) in the public order, and the categories", async () => {
    const { profile } = await createCreator(db);
    const category = await createCategory(db, { name: "Cafés" });
    const { map } = await createMap(
      db,
      { ownerId: profile.id, title: "Lisbon bites" },
      { spots: 3, spotOverrides: (p) => ({ position: 2 - p, isPublished: p !== 1 }) },
    );
    const editor = await loadEditor(db, profile.id, map.id);
    expect(editor?.map).toMatchObject({ id: map.id, title: "Lisbon bites", version: 1, categoryIds: [] });
    const listed = editor ? parseEditorSpots(editor.spots) : undefined;
    expect(listed?.map((s) => s.name)).toEqual(["Spot 3 of Lisbon bites", "Spot 2 of Lisbon bites", "Spot 1 of Lisbon bites"]);
    expect(listed?.[1].isPublished).toBe(false);
    expect(editor?.categories).toContainEqual({ id: category.id, name: "Cafés" });
  });

  it("lists each spot with the fields the list and the map show, exactly as stored, and nothing else", async () => {
    const { profile } = await createCreator(db);
    const { map, spots: rows } = await createMap(
      db,
      { ownerId: profile.id },
      { spots: 2, spotOverrides: (p) => ({ lat: 41.387_123_456_789 + p, lng: -2.170_000_000_001, labels: p ? ["⭐ Favourites", 'Bars "late"'] : [] }) },
    );
    const editor = await loadEditor(db, profile.id, map.id);
    expect(parseEditorSpots(editor!.spots)).toEqual(
      rows.map((r) => ({ id: r.id, name: r.name, lat: r.lat, lng: r.lng, isPublished: r.isPublished, labels: r.labels, version: r.version })),
    );
    // The long fields are loaded with a spot when it is selected, not with the list.
    expect(JSON.stringify(editor?.spots)).not.toContain(rows[0].summary ?? "no summary");
    const { map: empty } = await createMap(db, { ownerId: profile.id }, { spots: 0 });
    expect(parseEditorSpots((await loadEditor(db, profile.id, empty.id))!.spots)).toEqual([]);
  });

  it("is null for another creator's map and for an id that is not a UUID", async () => {
    const { profile: owner } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: owner.id }, { spots: 1 });
    expect(await loadEditor(db, other.id, map.id)).toBeNull();
    expect(await loadEditor(db, owner.id, "not-a-uuid")).toBeNull();
  });
});

describe("updateMapSettings", () => {
  it("saves title, summary, destination and categories, bumping the version", async () => {
    const { profile } = await createCreator(db);
    const city = await createCity(db, { name: "Porto" });
    const [a, b] = [await createCategory(db), await createCategory(db)];
    const { map } = await createMap(db, { ownerId: profile.id }, { spots: 0 });
    const result = await updateMapSettings(
      db,
      profile.id,
      map.id,
      1,
      settings({ title: "  Porto at night ", summary: "", slug: map.currentSlug, cityId: String(city.id), categoryIds: [a.id, b.id] }),
    );
    // The destination as the city search lists it: with its country's name.
    expect(result).toMatchObject({ ok: true, map: { title: "Porto at night", summary: null, cityId: city.id, cityName: "Porto, Spain", version: 2 } });
    if (result.ok) expect(result.map.categoryIds).toEqual([a.id, b.id].sort());
    // Categories are replaced, not added to.
    await updateMapSettings(db, profile.id, map.id, 2, settings({ title: "Porto at night", slug: map.currentSlug, categoryIds: [b.id] }));
    expect(await db.select().from(mapCategories).where(eq(mapCategories.mapId, map.id))).toEqual([{ mapId: map.id, categoryId: b.id }]);
  });

  it("answers a stale version with the server's copy and changes nothing", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, title: "First" }, { spots: 0 });
    expect((await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "From tab A", slug: map.currentSlug }))).ok).toBe(true);
    const stale = await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "From tab B", slug: "tab-b-slug" }));
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: { conflict: true, current: { title: "From tab A", version: 2 } } });
    const [row] = await db.select().from(maps).where(eq(maps.id, map.id));
    expect(row).toMatchObject({ title: "From tab A", currentSlug: map.currentSlug, version: 2 });
  });

  it("keeps the old slug redirecting to the new one, and refuses a slug another map has ever used", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, currentSlug: "old-address" }, { spots: 0 });
    const { map: other } = await createMap(db, { currentSlug: "someone-else" }, { spots: 0 });
    await db.insert(mapSlugs).values({ slug: "someone-elses-old", mapId: other.id });

    for (const slug of ["someone-else", "someone-elses-old"]) {
      expect(await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "T", slug }))).toEqual({
        ok: false,
        status: 400,
        fieldErrors: { slug: EDITOR_MESSAGES.slugTaken },
      });
    }
    expect(await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "T", slug: "New-Address" }))).toMatchObject({
      ok: true,
      map: { currentSlug: "new-address" },
    });
    expect(await resolveMap(db, "old-address", NO_ENTITLEMENTS)).toEqual({ found: true, mapId: map.id, creatorId: map.ownerId, redirectTo: "new-address" });
    expect(await resolveMap(db, "new-address", NO_ENTITLEMENTS)).toEqual({ found: true, mapId: map.id, creatorId: map.ownerId, redirectTo: undefined });
    // Going back to an earlier slug of its own is allowed.
    expect(await updateMapSettings(db, profile.id, map.id, 2, settings({ title: "T", slug: "old-address" }))).toMatchObject({ ok: true });
    expect(await resolveMap(db, "new-address", NO_ENTITLEMENTS)).toMatchObject({ redirectTo: "old-address" });
  });

  it("lets the address follow the title until the map is first published, numbered when taken, letting the old one go", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(
      db,
      { ownerId: profile.id, title: "Untitled map", currentSlug: "untitled-map", isPublished: false, publishedAt: null },
      { spots: 0 },
    );
    await createMap(db, { currentSlug: "tapas-in-lisbon" }, { spots: 0 });

    // The panel sends the slug the new title makes; another map has it, so this one gets the next free one.
    const saved = await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "Tapas in Lisbon", slug: "tapas-in-lisbon" }));
    expect(saved).toMatchObject({ ok: true, map: { currentSlug: "tapas-in-lisbon-2" } });
    // The unpublished map's earlier address was never public: it is free again, and does not redirect.
    expect(await db.select().from(mapSlugs).where(eq(mapSlugs.mapId, map.id))).toEqual([expect.objectContaining({ slug: "tapas-in-lisbon-2" })]);
    expect(await resolveMap(db, "untitled-map", NO_ENTITLEMENTS)).toEqual({ found: false });
    // Saving again with the slug the panel still shows changes nothing.
    expect(await updateMapSettings(db, profile.id, map.id, 2, settings({ title: "Tapas in Lisbon", slug: "tapas-in-lisbon" }))).toMatchObject({
      map: { currentSlug: "tapas-in-lisbon-2" },
    });
    // An address the creator chose stops following the title, and keeps redirecting once changed.
    await updateMapSettings(db, profile.id, map.id, 3, settings({ title: "Tapas in Lisbon", slug: "my-tapas" }));
    expect(await resolveMap(db, "tapas-in-lisbon-2", NO_ENTITLEMENTS)).toEqual({ found: false });
    expect(await updateMapSettings(db, profile.id, map.id, 4, settings({ title: "Tapas and wine", slug: "my-tapas" }))).toMatchObject({
      map: { currentSlug: "my-tapas" },
    });
    await updateMapSettings(db, profile.id, map.id, 5, settings({ title: "Tapas and wine", slug: "tapas-and-wine-bars" }));
    // (Kept in the slug history, where /maps/{old} finds it for whoever may see the map.)
    const history = await db.select({ slug: mapSlugs.slug }).from(mapSlugs).where(eq(mapSlugs.mapId, map.id));
    expect(history.map((r) => r.slug).sort()).toEqual(["my-tapas", "tapas-and-wine-bars"]);
  });

  it("keeps the address once the map has been published: the title no longer moves it, and a changed one redirects", async () => {
    const { profile } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, title: "Tapas", currentSlug: "tapas" }, { spots: 0 });
    // A title change posts the slug as it was.
    expect(await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "Tapas in Lisbon", slug: "tapas" }))).toMatchObject({
      map: { currentSlug: "tapas" },
    });
    // The panel never sends the title's slug for a published map, and if it did, it would be taken as typed.
    expect(await updateMapSettings(db, profile.id, map.id, 2, settings({ title: "Tapas in Lisbon", slug: "tapas-in-lisbon" }))).toMatchObject({
      map: { currentSlug: "tapas-in-lisbon" },
    });
    expect(await resolveMap(db, "tapas", NO_ENTITLEMENTS)).toEqual({ found: true, mapId: map.id, creatorId: map.ownerId, redirectTo: "tapas-in-lisbon" });
  });

  it("is not found for another creator and refuses unknown cities and categories, changing nothing", async () => {
    const { profile } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    const { map } = await createMap(db, { ownerId: profile.id, title: "Mine" }, { spots: 0 });
    expect(await updateMapSettings(db, other.id, map.id, 1, settings({ title: "Taken over", slug: map.currentSlug }))).toEqual({ ok: false, status: 404 });
    expect(await updateMapSettings(db, profile.id, map.id, 1, settings({ title: "X", slug: map.currentSlug, cityId: "99999999" }))).toMatchObject({
      status: 400,
      fieldErrors: { cityId: EDITOR_MESSAGES.cityUnknown },
    });
    expect(
      await updateMapSettings(
        db,
        profile.id,
        map.id,
        1,
        settings({ title: "X", slug: map.currentSlug, categoryIds: ["00000000-0000-4000-8000-000000000000"] }),
      ),
    ).toMatchObject({ status: 400, fieldErrors: { categoryIds: EDITOR_MESSAGES.categoryUnknown } });
    const [row] = await db.select().from(maps).where(eq(maps.id, map.id));
    expect(row).toMatchObject({ title: "Mine", version: 1 });
  });
});

describe("map settings rules", () => {
  it("require a title of at most 120 characters, a summary of at most 500 and a slug of lowercase words", () => {
    const errors = (input: Record<string, unknown>) => mapSettingsSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(errors({ title: "  ", slug: "ok-slug" })).toEqual([EDITOR_MESSAGES.titleRequired]);
    expect(errors({ title: "x".repeat(121), slug: "ok-slug" })).toEqual([EDITOR_MESSAGES.titleTooLong]);
    expect(errors({ title: "T", summary: "x".repeat(501), slug: "ok-slug" })).toEqual([EDITOR_MESSAGES.summaryTooLong]);
    expect(errors({ title: "T", slug: "has spaces" })).toEqual([EDITOR_MESSAGES.slugFormat]);
    expect(errors({ title: "T", slug: "-dash-first" })).toEqual([EDITOR_MESSAGES.slugFormat]);
    expect(errors({ title: "T", slug: "ok-slug" })).toBeUndefined();
  });
});

describe("findCities", () => {
  it("finds destinations by the start of their name, larger first", async () => {
    await createCity(db, { name: "Portimão", population: 50_000 });
    await createCity(db, { name: "Porto", population: 230_000 });
    await createCity(db, { name: "Lisbon", population: 500_000 });
    expect((await findCities(db, "port")).map((c) => c.name)).toEqual(["Porto", "Portimão"]);
    expect(await findCities(db, "   ")).toEqual([]);
  });

  it("lists cities with their country's name, with what tells repeated names apart, and where each is", async () => {
    await createCity(db, { name: "Barcelona", country: "ES", population: 1_600_000, lat: 41.38879, lng: 2.15899 });
    await createCity(db, { name: "Barcelona", country: "VE", population: 424_000, lat: 10.13625, lng: -64.68618 });
    // Two of one name in one country: the largest town near each tells them apart.
    await createCity(db, { name: "Barcelona", country: "PH", population: 20_000, lat: 12.8694, lng: 124.1419 });
    await createCity(db, { name: "Sorsogon", country: "PH", population: 155_000, lat: 12.9742, lng: 124.0058 });
    await createCity(db, { name: "Barcelona", country: "PH", population: 5_000, lat: 7.2, lng: 125.4 });
    const found = await findCities(db, "Barcelona");
    expect(found.map((c) => c.label)).toEqual([
      "Barcelona, Spain",
      "Barcelona, Venezuela",
      "Barcelona, near Sorsogon, Philippines",
      "Barcelona, 7.20° N, 125.40° E, Philippines",
    ]);
    expect(found[0]).toMatchObject({ short: "Barcelona, Spain", lat: 41.38879, lng: 2.15899 });
    expect(found[2].short).toBe("Barcelona, Philippines");
  });
});
