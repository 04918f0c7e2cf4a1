import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { articles, spots } from "#db/schema";
import { renderSitemap, sitemapEntries } from "./sitemap.server";

const db = await setupTestDatabase();

describe("sitemap", () => {
  it("lists published maps, their public spots, creators, destinations, articles and legal pages — nothing else", async () => {
    const city = await createCity(db, { name: "Lisbon", country: "PT" });
    const { profile: creator } = await createCreator(db, { handle: "ana_maps" });
    const { map } = await createMap(
      db,
      { title: "Lisbon bakeries", currentSlug: "lisbon-bakeries", cityId: city.id },
      { ownerId: creator.id, spots: 3, spotOverrides: (p) => (p === 1 ? { visibility: "premium" } : p === 2 ? { isPublished: false } : {}) },
    );
    await createMap(db, { title: "Draft", currentSlug: "draft-map", isPublished: false }, { ownerId: creator.id, spots: 1 });
    const { profile: hidden } = await createCreator(db, { handle: "hidden_one", isPublished: false });
    await createMap(db, { currentSlug: "hidden-creators-map" }, { ownerId: hidden.id, spots: 1 });
    await db.insert(articles).values([
      { slug: "a-week-in-lisbon", type: "guides", title: "A week in Lisbon", isPublished: true, publishedAt: new Date(Date.now() - 1000) },
      { slug: "unfinished", type: "guides", title: "Unfinished", isPublished: false },
    ]);

    const paths = (await sitemapEntries(db)).map((e) => e.path);
    expect(paths).toContain("/maps/lisbon-bakeries");
    expect(paths).toContain("/maps/lisbon-bakeries/spots/spot-1");
    expect(paths).not.toContain("/maps/lisbon-bakeries/spots/spot-2"); // premium: gated detail
    expect(paths).not.toContain("/maps/lisbon-bakeries/spots/spot-3"); // unpublished spot
    expect(paths).not.toContain("/maps/draft-map");
    expect(paths).not.toContain("/maps/hidden-creators-map");
    expect(paths).toContain("/@ana_maps");
    expect(paths).not.toContain("/@hidden_one");
    expect(paths).toContain(`/destinations/${city.id}`);
    expect(paths).toContain("/discover/guides/a-week-in-lisbon");
    expect(paths).not.toContain("/discover/guides/unfinished");
    for (const slug of ["legal-notice", "privacy-policy", "cookie-policy", "copyright", "creator-terms", "creator-compensation"]) {
      expect(paths).toContain(`/info/${slug}`);
    }
    expect(new Set(paths).size).toBe(paths.length);

    // Unpublishing a spot removes it on the next render.
    await db.update(spots).set({ isPublished: false }).where(eq(spots.mapId, map.id));
    expect((await sitemapEntries(db)).map((e) => e.path)).not.toContain("/maps/lisbon-bakeries/spots/spot-1");
  });

  it("renders escaped, absolute URLs", () => {
    const xml = renderSitemap("https://spotfolio.app", [{ path: "/maps/a&b", lastmod: new Date("2026-01-02T00:00:00Z") }]);
    expect(xml).toContain("<loc>https://spotfolio.app/maps/a&amp;b</loc>");
    expect(xml).toContain("<lastmod>2026-01-02T00:00:00.000Z</lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
