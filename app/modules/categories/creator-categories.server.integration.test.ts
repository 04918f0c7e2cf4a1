/**
 * A creator's own categories (made by imports) are theirs: the Studio's
 * pickers offer site-wide categories and the creator's own, never another
 * creator's, and a form naming another creator's category is refused.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { mapCategories, spots } from "#db/schema";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { EDITOR_MESSAGES, mapSettingsSchema } from "~/modules/maps/map-settings-validation";
import { loadEditor, updateMapSettings } from "~/modules/maps/map-editing.server";
import { spotEditorPage, updateSpot } from "~/modules/spots/spot-editing.server";
import { SPOT_MESSAGES } from "~/modules/spots/spot-schema";

const db = await setupTestDatabase();

async function setup() {
  const { profile: me } = await createCreator(db);
  const { profile: other } = await createCreator(db);
  const siteWide = await createCategory(db, { name: "Museums" });
  const mine = await createCategory(db, { name: "My bars", ownerId: me.id });
  const theirs = await createCategory(db, { name: "Their bars", ownerId: other.id });
  const { map, spots: rows } = await createMap(db, { ownerId: me.id, isPublished: false, publishedAt: null }, { spots: 1 });
  return { me, siteWide, mine, theirs, map, spot: rows[0] };
}

describe("the Studio's categories", () => {
  it("offers site-wide categories and the creator's own, not another creator's", async () => {
    const { me, map, spot } = await setup();
    expect((await loadEditor(db, me.id, map.id))!.categories.map((c) => c.name)).toEqual(["Museums", "My bars"]);
    expect((await spotEditorPage(db, me.id, map.id, spot.id))!.categories.map((c) => c.name)).toEqual(["Museums", "My bars"]);
  });

  it("a spot takes a site-wide or own category and refuses another creator's", async () => {
    const { me, mine, theirs, siteWide, map, spot } = await setup();
    expect(await updateSpot(db, me.id, map.id, spot.id, { categoryId: theirs.id }, 1)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { categoryId: SPOT_MESSAGES.categoryInvalid },
    });
    expect((await db.select().from(spots).where(eq(spots.id, spot.id)))[0]).toMatchObject({ categoryId: spot.categoryId, version: 1 });
    expect(await updateSpot(db, me.id, map.id, spot.id, { categoryId: mine.id }, 1)).toMatchObject({ ok: true, spot: { categoryId: mine.id } });
    expect(await updateSpot(db, me.id, map.id, spot.id, { categoryId: siteWide.id }, 2)).toMatchObject({ ok: true, spot: { categoryId: siteWide.id } });
  });

  it("a map's categories refuse another creator's", async () => {
    const { me, mine, theirs, siteWide, map } = await setup();
    const input = (categoryIds: string[]) => mapSettingsSchema.parse({ title: "Mine", slug: map.currentSlug, categoryIds });
    expect(await updateMapSettings(db, me.id, map.id, 1, input([siteWide.id, theirs.id]))).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { categoryIds: EDITOR_MESSAGES.categoryUnknown },
    });
    expect(await db.select().from(mapCategories).where(eq(mapCategories.mapId, map.id))).toEqual([]);
    expect(await updateMapSettings(db, me.id, map.id, 1, input([siteWide.id, mine.id]))).toMatchObject({ ok: true });
  });
});
