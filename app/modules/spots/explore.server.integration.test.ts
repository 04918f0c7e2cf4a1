import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createCategory, createCity, createCreator, createMap, createProfile } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { exploreCategories, exploreSpots, findExploreSpot, parseExploreQuery } from "./explore.server";

const db = await setupTestDatabase();

const query = (q: string) => parseExploreQuery(new URLSearchParams(q)).query;

describe("Explore", () => {
  it("lists published spots of published maps and creators only, gated, with approximate places for locked ones", async () => {
    await createMap(
      db,
      { title: "Open" },
      {
        spots: 3,
        spotOverrides: (p) =>
          p === 0
            ? { visibility: "premium", lat: 41.38765, lng: 2.17654, summary: "SECRET" }
            : p === 1
              ? { isPublished: false, name: "Hidden draft spot" }
              : {},
      },
    );
    await createMap(db, { title: "Draft", isPublished: false }, { spots: 2 });
    const { profile: unpublished } = await createCreator(db, { isPublished: false });
    await createMap(db, { title: "By a hidden creator" }, { ownerId: unpublished.id, spots: 2 });

    const result = await exploreSpots(db, NO_ENTITLEMENTS, query(""));
    expect(result.total).toBe(2);
    expect(result.onMap.map((s) => s.map.title)).toEqual(["Open", "Open"]);
    const locked = result.onMap.find((s) => s.locked)!;
    // The teaser carries the rounded area and no summary field at all.
    expect(locked).toMatchObject({ approxLat: 41.39, approxLng: 2.18 });
    expect(locked).not.toHaveProperty("summary");
    expect(JSON.stringify(result)).not.toMatch(/SECRET|41\.38765|2\.17654|Hidden draft spot/);

    // A premium member sees the exact place and the summary.
    const premium: Entitlements = { ...NO_ENTITLEMENTS, userId: "someone", hasActiveSubscription: true };
    const full = (await exploreSpots(db, premium, query(""))).onMap.find((s) => s.id === locked.id)!;
    expect(full).toMatchObject({ locked: false, lat: 41.38765, lng: 2.17654, summary: "SECRET" });
  });

  it("filters by category, orders by distance from a shared position, and pages", async () => {
    const coffee = await createCategory(db, { slug: "coffee", name: "Coffee" });
    await createMap(db, { title: "Far" }, { spots: 2, spotOverrides: () => ({ lat: 48.85, lng: 2.35 }) });
    await createMap(db, { title: "Near" }, { spots: 30, spotOverrides: (p) => ({ lat: 41.38 + p * 0.01, lng: 2.17, categoryId: p < 2 ? coffee.id : null }) });

    const near = await exploreSpots(db, NO_ENTITLEMENTS, query("near=41.38,2.17"));
    const distances = near.onMap.map((s) => s.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBe(0);
    expect(near.onMap.at(-1)!.map.title).toBe("Far");
    expect(near.page).toHaveLength(24);
    expect(near.pages).toBe(2);
    expect((await exploreSpots(db, NO_ENTITLEMENTS, query("near=41.38,2.17&page=2"))).page).toHaveLength(8);

    const filtered = await exploreSpots(db, NO_ENTITLEMENTS, query("category=coffee"));
    expect(filtered.total).toBe(2);
    expect(filtered.onMap.every((s) => s.category?.slug === "coffee")).toBe(true);
    expect(await exploreCategories(db)).toEqual([{ slug: "coffee", name: "Coffee", spotCount: 2 }]);
  });

  it("offers the site's categories as filters, never a creator's own (an imported layer's name, say)", async () => {
    const coffee = await createCategory(db, { slug: "coffee", name: "Coffee" });
    const { profile } = await createCreator(db);
    const own = await createCategory(db, { slug: "untitled-layer-1a2b3c4d", name: "Untitled layer", ownerId: profile.id });
    await createMap(
      db,
      { title: "Mine" },
      { ownerId: profile.id, spots: 30, spotOverrides: (p) => ({ categoryId: p < 3 ? own.id : p < 5 ? coffee.id : null }) },
    );

    expect(await exploreCategories(db)).toEqual([{ slug: "coffee", name: "Coffee", spotCount: 2 }]);
    // Its slug filters nothing in: it is not one of Explore's filters.
    expect((await exploreSpots(db, NO_ENTITLEMENTS, query(`category=${own.slug}`))).total).toBe(0);
    expect((await exploreSpots(db, NO_ENTITLEMENTS, query("category=coffee"))).total).toBe(2);
  });

  it("keeps a destination's spots to its maps", async () => {
    const city = await createCity(db, { name: "Girona" });
    await createMap(db, { title: "Girona walks", cityId: city.id }, { spots: 4 });
    await createMap(db, { title: "Elsewhere" }, { spots: 3 });
    const result = await exploreSpots(db, NO_ENTITLEMENTS, { page: 1, cityId: city.id });
    expect(result.onMap.map((s) => s.map.title)).toEqual(Array(4).fill("Girona walks"));
  });

  it("links a slug shared by several spots by id, and finds spots by either", async () => {
    const { map: first } = await createMap(db, { title: "First", publishedAt: new Date("2026-01-01") }, { spots: 1 });
    await createMap(db, { title: "Second", publishedAt: new Date("2026-02-01") }, { spots: 2 });
    const spots = (await exploreSpots(db, NO_ENTITLEMENTS, query(""))).onMap;
    const shared = spots.filter((s) => s.name.startsWith("Spot 1 of"));
    expect(shared.every((s) => s.ref === s.id)).toBe(true);
    expect(spots.find((s) => s.name === "Spot 2 of Second")!.ref).toBe("spot-2");

    expect(await findExploreSpot(db, "spot-1")).toMatchObject({ mapId: first.id });
    expect(await findExploreSpot(db, shared[0].id)).toMatchObject({ spotId: shared[0].id });
    expect(await findExploreSpot(db, "no-such-spot")).toBeNull();
  });

  it("drops an unusable position with a message instead of failing", () => {
    expect(parseExploreQuery(new URLSearchParams("near=91,0&category=coffee"))).toEqual({
      query: { category: "coffee", page: 1 },
      problem: "That location could not be used.",
    });
    expect(parseExploreQuery(new URLSearchParams("page=-3&category=<script>")).query).toEqual({ page: 1 });
  });
});

describe("recently viewed spots", () => {
  it("keeps one row per spot, last seen first, gated, and only the user's own", async () => {
    const { recordSpotView } = await import("~/modules/atlas/recent-views.server");
    const { recentSpots, findAtlasSpot } = await import("~/modules/atlas/atlas.server");
    const { user } = await createProfile(db);
    const { user: other } = await createProfile(db);
    const { spots } = await createMap(
      db,
      { title: "Seen" },
      { spots: 3, spotOverrides: (p) => (p === 2 ? { visibility: "supporters", summary: "SECRET" } : {}) },
    );
    await recordSpotView(db, user.id, spots[0].id);
    await new Promise((r) => setTimeout(r, 5));
    await recordSpotView(db, user.id, spots[2].id);
    await new Promise((r) => setTimeout(r, 5));
    await recordSpotView(db, user.id, spots[0].id);
    await recordSpotView(db, other.id, spots[1].id);

    const mine = await recentSpots(db, { ...NO_ENTITLEMENTS, userId: user.id });
    expect(mine.map((s) => [s.name, s.locked])).toEqual([
      ["Spot 1 of Seen", false],
      ["Spot 3 of Seen", true],
    ]);
    expect(JSON.stringify(mine)).not.toContain("SECRET");
    expect(await findAtlasSpot(db, user.id, "recent", "spot-1")).toMatchObject({ spotId: spots[0].id });
    expect(await findAtlasSpot(db, user.id, "recent", "spot-2")).toBeNull();
    expect(await findAtlasSpot(db, user.id, "saved", "spot-1")).toBeNull();
  });
});
