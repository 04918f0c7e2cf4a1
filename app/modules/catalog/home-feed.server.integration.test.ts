import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { cities } from "#db/schema";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { homeFeed } from "./home-feed.server";

const db = await setupTestDatabase();

describe("home feed", () => {
  it("shows the newest published maps with their creator, city and spot count", async () => {
    const city = await createCity(db, { name: "Porto", country: "PT" });
    // Cities with maps are not featured by themselves: the back office features them, in its order.
    const lisbon = await createCity(db, { name: "Lisbon", country: "PT", isFeatured: true, featuredPosition: 1 });
    const braga = await createCity(db, { name: "Braga", country: "PT", isFeatured: true, featuredPosition: 0 });
    const { profile } = await createCreator(db, { handle: "rui", displayName: "Rui" });
    await createMap(db, { title: "Older", publishedAt: new Date("2026-01-01"), cityId: city.id }, { ownerId: profile.id, spots: 31 });
    await createMap(
      db,
      { title: "Newer", publishedAt: new Date("2026-02-01") },
      { ownerId: profile.id, spots: 30, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) },
    );
    await createMap(db, { title: "Draft", isPublished: false }, { ownerId: profile.id });

    const feed = await homeFeed(db);
    expect(feed.featuredMaps.map((m) => m.title)).toEqual(["Newer", "Older"]);
    expect(feed.featuredMaps[0]).toMatchObject({ creatorHandle: "rui", spotCount: 29, cityName: null });
    expect(feed.featuredMaps[1]).toMatchObject({ cityName: "Porto", country: "PT", spotCount: 31 });
    expect(feed.creators).toEqual([expect.objectContaining({ handle: "rui", mapCount: 2 })]);
    expect(feed.destinations).toEqual([
      expect.objectContaining({ id: braga.id, name: "Braga", mapCount: 0 }),
      expect.objectContaining({ id: lisbon.id, name: "Lisbon", mapCount: 0 }),
    ]);
    await db.update(cities).set({ isFeatured: true, featuredPosition: 2 }).where(eq(cities.id, city.id));
    expect((await homeFeed(db)).destinations.at(-1)).toEqual(expect.objectContaining({ id: city.id, name: "Porto", mapCount: 1 }));
  });

  it("leaves out maps of unpublished creators", async () => {
    const { profile } = await createCreator(db, { isPublished: false });
    await createMap(db, { title: "Hidden" }, { ownerId: profile.id });
    const feed = await homeFeed(db);
    expect(feed.featuredMaps).toEqual([]);
    expect(feed.creators).toEqual([]);
  });
});
