import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getObjectBytes, putObject } from "~/modules/storage/storage.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import type { Database } from "~/lib/db.server";
import { events, mapBookmarks, mapCategories, mapSlugs, maps, spotBookmarks, spots, type SpotPhoto } from "#db/schema";
import { createCategory, createCreator, createMap, createProfile } from "#db/seed/factories";
import { creatorMaps, loadCreator } from "~/modules/creators/creator-page.server";
import { loadMapPage, resolveMap } from "~/modules/maps/map-page.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { search } from "~/modules/search/search.server";
import { sitemapEntries } from "~/modules/seo/sitemap.server";
import { MAP_NOT_FOUND, NEW_MAP_TITLE, createMap as createDraft, deleteMap, duplicateMap, publishMap, unpublishMap } from "./map-lifecycle.server";
import { publishedOwnMap, studioMapList } from "./map-list.server";

const db = await setupTestDatabase();

// Covers and photos are stored files: a folder of this test's own.
stubDataDir("map-lifecycle");

/** An uploaded photo of `widths` variants, its files stored as the upload pipeline names them. */
async function storedPhoto(id: string, widths: number[]): Promise<SpotPhoto> {
  const keys = widths.map((w) => `${id.slice(0, 2)}/${id}-${w}.webp`);
  for (const key of keys) await putObject("spot-photos", key, new TextEncoder().encode(`photo ${key}`));
  const url = (key: string) => `/uploads/spot-photos/${key}`;
  return { id, src: url(keys[0]), srcset: keys.map((k, i) => `${url(k)} ${widths[i]}w`).join(", "), alt: "A bakery", width: widths[0], height: 300, keys };
}

async function storedCover(id: string): Promise<string> {
  for (const w of [160, 400, 800]) await putObject("covers", `${id.slice(0, 2)}/${id}-${w}.webp`, new TextEncoder().encode(`cover ${w}`));
  return `/uploads/covers/${id.slice(0, 2)}/${id}-800.webp`;
}

const fileAt = async (url: string) => {
  const [, , bucket, ...key] = url.split("/");
  const bytes = await getObjectBytes(bucket, key.join("/"));
  return bytes ? new TextDecoder().decode(bytes) : null;
};

async function mapRow(db: Database, id: string) {
  const [row] = await db.select().from(maps).where(eq(maps.id, id));
  return row;
}

const notFound = { ok: false, status: 404, error: MAP_NOT_FOUND };

describe("map lifecycle", () => {
  it("creates drafts titled Untitled map, each with a slug of its own that redirects like any map slug", async () => {
    const { profile: me } = await createCreator(db);
    // An old slug of another map is taken too: it keeps redirecting there.
    const { map: other } = await createMap(db, { currentSlug: "renamed" });
    await db.insert(mapSlugs).values({ slug: "untitled-map-2", mapId: other.id });

    const first = await createDraft(db, me.id);
    const second = await createDraft(db, me.id);
    const third = await createDraft(db, me.id);
    expect([first.slug, second.slug, third.slug]).toEqual(["untitled-map", "untitled-map-3", "untitled-map-4"]);
    const row = await mapRow(db, first.mapId);
    expect(row).toMatchObject({ ownerId: me.id, title: NEW_MAP_TITLE, isPublished: false, publishedAt: null, version: 1 });
    expect(await db.select().from(mapSlugs).where(eq(mapSlugs.mapId, first.mapId))).toEqual([expect.objectContaining({ slug: "untitled-map" })]);
    // A draft is its owner's alone.
    expect(await resolveMap(db, "untitled-map", NO_ENTITLEMENTS)).toEqual({ found: false });
    expect(await resolveMap(db, "untitled-map", { ...NO_ENTITLEMENTS, userId: me.id })).toMatchObject({ found: true, mapId: first.mapId });
  });

  it("creates unique slugs when creators create maps at the same time", async () => {
    const { profile: me } = await createCreator(db);
    const created = await Promise.all(Array.from({ length: 4 }, () => createDraft(db, me.id)));
    expect(new Set(created.map((c) => c.slug)).size).toBe(4);
  });

  it("duplicates settings, categories and every spot as a draft copy, keeping each spot published or draft", async () => {
    const { profile: me } = await createCreator(db);
    const category = await createCategory(db);
    const { map, spots: originals } = await createMap(
      db,
      { title: "Lisbon bakeries", summary: "Pastéis first.", coverImageUrl: "/uploads/covers/ab/cover.webp" },
      { ownerId: me.id, spots: 3, spotOverrides: (p) => (p === 1 ? { isPublished: false, visibility: "supporters", categoryId: category.id } : {}) },
    );
    await db.insert(mapCategories).values({ mapId: map.id, categoryId: category.id });
    const { user: fan } = await createProfile(db);
    await db.insert(mapBookmarks).values({ userId: fan.id, mapId: map.id });

    const result = await duplicateMap(db, me.id, map.id);
    if (!result.ok) throw new Error("duplicate refused");
    const copy = await mapRow(db, result.mapId);
    expect(copy).toMatchObject({
      ownerId: me.id,
      title: "Copy of Lisbon bakeries",
      summary: "Pastéis first.",
      coverImageUrl: "/uploads/covers/ab/cover.webp",
      isPublished: false,
      publishedAt: null,
      currentSlug: "copy-of-lisbon-bakeries",
    });
    expect(await db.select().from(mapCategories).where(eq(mapCategories.mapId, copy.id))).toEqual([{ mapId: copy.id, categoryId: category.id }]);
    const copied = await db.select().from(spots).where(eq(spots.mapId, copy.id)).orderBy(asc(spots.position));
    const fields = (s: typeof spots.$inferSelect) => [s.slug, s.name, s.position, s.isPublished, s.visibility, s.categoryId, s.lat, s.lng, s.description];
    expect(copied.map(fields)).toEqual(originals.map(fields));
    expect(copied.every((s) => !originals.some((o) => o.id === s.id))).toBe(true);
    expect(await db.select().from(mapBookmarks).where(eq(mapBookmarks.mapId, copy.id))).toEqual([]);
    // The original is untouched.
    expect(await mapRow(db, map.id)).toMatchObject({ title: "Lisbon bakeries", isPublished: true, version: map.version });
    expect(await db.select().from(spots).where(eq(spots.mapId, map.id))).toHaveLength(3);
  });

  it("gives a copy its own cover and photo files, so removing the copy's never touches the original's", async () => {
    const { profile: me } = await createCreator(db);
    const cover = await storedCover("0a1b2c3d-0000-4000-8000-00000000c0de");
    const photo = await storedPhoto("ab12cd34-0000-4000-8000-0000000000a1", [400, 800]);
    const external: SpotPhoto = { id: "seed-1", src: "https://images.example/a.jpg", srcset: "", alt: "", width: 800, height: 600, keys: [] };
    const { map } = await createMap(
      db,
      { title: "Photogenic", coverImageUrl: cover },
      { ownerId: me.id, spots: 2, spotOverrides: (p) => (p === 0 ? { photos: [photo, external] } : {}) },
    );

    const result = await duplicateMap(db, me.id, map.id);
    if (!result.ok) throw new Error("duplicate refused");
    const copy = await mapRow(db, result.mapId);
    expect(copy.coverImageUrl).toMatch(/^\/uploads\/covers\/[0-9a-f]{2}\/[0-9a-f-]{36}-800\.webp$/);
    expect(copy.coverImageUrl).not.toBe(cover);
    expect(await fileAt(copy.coverImageUrl!)).toBe("cover 800");
    const [first] = await db
      .select()
      .from(spots)
      .where(and(eq(spots.mapId, copy.id), eq(spots.position, 0)));
    const [copied, keptExternal] = first.photos;
    expect(keptExternal).toEqual(external);
    expect(copied.id).not.toBe(photo.id);
    expect(copied.keys).toHaveLength(2);
    expect(copied.keys.some((k) => photo.keys.includes(k))).toBe(false);
    expect(copied.srcset).toBe(copied.keys.map((k, i) => `/uploads/spot-photos/${k} ${[400, 800][i]}w`).join(", "));
    expect(await fileAt(copied.src)).toBe(`photo ${photo.keys[0]}`);
    expect(copied).toMatchObject({ alt: "A bakery", width: photo.width, height: photo.height });

    // Deleting the copy removes its files, and only its files.
    expect(await deleteMap(db, me.id, copy.id)).toMatchObject({ ok: true });
    expect(await fileAt(copied.src)).toBeNull();
    expect(await fileAt(copy.coverImageUrl!)).toBeNull();
    expect(await fileAt(photo.src)).toBe(`photo ${photo.keys[0]}`);
    expect(await fileAt(cover)).toBe("cover 800");

    // Deleting the original removes its files too.
    expect(await deleteMap(db, me.id, map.id)).toMatchObject({ ok: true });
    expect(await fileAt(photo.src)).toBeNull();
    expect(await fileAt(cover)).toBeNull();
    expect(await fileAt(cover.replace("-800.", "-160."))).toBeNull();
  });

  it("refuses to publish at 29 published spots with the missing count, and publishes at 30", async () => {
    const { profile: me } = await createCreator(db);
    // 31 spots of which 2 are drafts: 29 published.
    const { map, spots: rows } = await createMap(
      db,
      { isPublished: false, publishedAt: null },
      { ownerId: me.id, spots: 31, spotOverrides: (p) => (p >= 29 ? { isPublished: false } : {}) },
    );
    expect(await publishMap(db, me.id, map.id)).toEqual({ ok: false, status: 422, error: "Add 1 more spot to publish", missing: 1 });
    expect(await mapRow(db, map.id)).toMatchObject({ isPublished: false, publishedAt: null, version: 1 });
    expect(await publishedOwnMap(db, me.id, map.id)).toBeNull();

    await db.update(spots).set({ isPublished: true }).where(eq(spots.id, rows[29].id));
    const published = await publishMap(db, me.id, map.id);
    expect(published).toEqual({ ok: true, firstPublish: true, slug: map.currentSlug });
    const row = await mapRow(db, map.id);
    expect(row).toMatchObject({ isPublished: true, version: 2 });
    expect(row.publishedAt).toBeInstanceOf(Date);
    expect(await publishedOwnMap(db, me.id, map.id)).toMatchObject({ id: map.id, currentSlug: map.currentSlug });
    expect(await loadMapPage(db, map.id, NO_ENTITLEMENTS)).not.toBeNull();

    // Unpublish and publish again: not a first publish, and the first publish date stays.
    expect(await unpublishMap(db, me.id, map.id)).toEqual({ ok: true });
    expect(await mapRow(db, map.id)).toMatchObject({ isPublished: false, version: 3, publishedAt: row.publishedAt });
    expect(await loadMapPage(db, map.id, NO_ENTITLEMENTS)).toBeNull();
    expect(await publishMap(db, me.id, map.id)).toEqual({ ok: true, firstPublish: false, slug: map.currentSlug });
    expect(await mapRow(db, map.id)).toMatchObject({ isPublished: true, version: 4, publishedAt: row.publishedAt });
  });

  it("counts only published spots: an empty new map needs all 30", async () => {
    const { profile: me } = await createCreator(db);
    const { mapId } = await createDraft(db, me.id);
    expect(await publishMap(db, me.id, mapId)).toMatchObject({ ok: false, error: "Add 30 more spots to publish" });
  });

  it("deletes the map with its spots and every bookmark of it and of its spots, gone from every public place", async () => {
    const { profile: me } = await createCreator(db, { handle: "deleter" });
    const { map, spots: rows } = await createMap(db, { title: "Zanzibar doomed places" }, { ownerId: me.id, spots: 30 });
    const { map: kept } = await createMap(db, { title: "Zanzibar kept places" }, { ownerId: me.id, spots: 30 });
    const { user: fan } = await createProfile(db);
    await db.insert(mapBookmarks).values([
      { userId: fan.id, mapId: map.id },
      { userId: fan.id, mapId: kept.id },
    ]);
    await db.insert(spotBookmarks).values([{ userId: fan.id, spotId: rows[0].id }]);
    const before = await search(db, "Zanzibar", NO_ENTITLEMENTS);
    expect(before.maps.items.map((m) => m.title).sort()).toEqual(["Zanzibar doomed places", "Zanzibar kept places"]);

    expect(await deleteMap(db, me.id, map.id)).toEqual({ ok: true, title: "Zanzibar doomed places" });

    expect(await mapRow(db, map.id)).toBeUndefined();
    expect(await db.select().from(spots).where(eq(spots.mapId, map.id))).toEqual([]);
    expect(await db.select().from(mapBookmarks).where(eq(mapBookmarks.userId, fan.id))).toEqual([expect.objectContaining({ mapId: kept.id })]);
    expect(await db.select().from(spotBookmarks).where(eq(spotBookmarks.userId, fan.id))).toEqual([]);
    expect(await resolveMap(db, map.currentSlug, NO_ENTITLEMENTS)).toEqual({ found: false });
    expect(await resolveMap(db, map.id, NO_ENTITLEMENTS)).toEqual({ found: false });
    const creator = await loadCreator(db, "deleter", NO_ENTITLEMENTS);
    expect((await creatorMaps(db, creator!.id, NO_ENTITLEMENTS)).map((m) => m.title)).toEqual(["Zanzibar kept places"]);
    expect((await search(db, "Zanzibar", NO_ENTITLEMENTS)).maps.items.map((m) => m.title)).toEqual(["Zanzibar kept places"]);
    const sitemap = (await sitemapEntries(db)).map((e) => e.path);
    expect(sitemap.some((p) => p.includes(map.currentSlug))).toBe(false);
    expect(sitemap.some((p) => p.includes(kept.currentSlug))).toBe(true);
  });

  it("treats another creator's map, an unknown id and a malformed id as not found, and changes nothing", async () => {
    const { profile: me } = await createCreator(db);
    const { profile: owner } = await createCreator(db);
    const { map } = await createMap(db, {}, { ownerId: owner.id, spots: 30 });
    const { map: draft } = await createMap(db, { isPublished: false, publishedAt: null }, { ownerId: owner.id, spots: 30 });
    const { user: fan } = await createProfile(db);
    await db.insert(mapBookmarks).values({ userId: fan.id, mapId: map.id });
    const snapshot = async () => [
      await db.select().from(maps).orderBy(asc(maps.id)),
      await db.select().from(spots).orderBy(asc(spots.id)),
      await db.select().from(mapBookmarks),
    ];
    const before = await snapshot();

    for (const id of [map.id, draft.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", map.currentSlug]) {
      expect(await publishMap(db, me.id, id)).toEqual(notFound);
      expect(await unpublishMap(db, me.id, id)).toEqual(notFound);
      expect(await duplicateMap(db, me.id, id)).toEqual(notFound);
      expect(await deleteMap(db, me.id, id)).toEqual(notFound);
      expect(await publishedOwnMap(db, me.id, id)).toBeNull();
    }
    expect(await snapshot()).toEqual(before);
    expect(await studioMapList(db, me.id)).toEqual([]);
  });

  it("lists the creator's maps with status, spot counts, views and saves", async () => {
    const { profile: me } = await createCreator(db);
    const { map } = await createMap(db, { title: "Seen" }, { ownerId: me.id, spots: 3, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) });
    const { mapId: draftId } = await createDraft(db, me.id);
    const { map: foreign } = await createMap(db, { title: "Not mine" }, { spots: 1 });
    const { user: a } = await createProfile(db);
    const { user: b } = await createProfile(db);
    await db.insert(mapBookmarks).values([
      { userId: a.id, mapId: map.id },
      { userId: b.id, mapId: map.id },
      { userId: a.id, mapId: foreign.id },
    ]);
    await db.insert(events).values([
      { type: "map_viewed", targetType: "map", targetId: map.id },
      { type: "map_viewed", targetType: "map", targetId: map.id },
      { type: "map_viewed", targetType: "map", targetId: map.id },
      { type: "spot_viewed", targetType: "spot", targetId: map.id },
      { type: "map_viewed", targetType: "map", targetId: foreign.id },
    ]);
    const list = await studioMapList(db, me.id);
    const byId = Object.fromEntries(list.map((m) => [m.id, m]));
    expect(list).toHaveLength(2);
    expect(byId[map.id]).toMatchObject({ title: "Seen", isPublished: true, spotCount: 3, publishedSpotCount: 2, views: 3, saves: 2 });
    expect(byId[draftId]).toMatchObject({ title: NEW_MAP_TITLE, isPublished: false, spotCount: 0, publishedSpotCount: 0, views: 0, saves: 0 });
    expect(byId[draftId].updatedAt).toBeInstanceOf(Date);
  });

  it("leaves a map's own slug history alone when it is duplicated (the copy gets a new slug)", async () => {
    const { profile: me } = await createCreator(db);
    const { map } = await createMap(db, { title: "Porto" }, { ownerId: me.id, spots: 1 });
    const first = await duplicateMap(db, me.id, map.id);
    const second = await duplicateMap(db, me.id, map.id);
    expect([first, second].map((r) => r.ok && r.slug)).toEqual(["copy-of-porto", "copy-of-porto-2"]);
    expect(
      await db
        .select({ slug: mapSlugs.slug })
        .from(mapSlugs)
        .where(and(eq(mapSlugs.mapId, map.id))),
    ).toEqual([{ slug: map.currentSlug }]);
  });
});
