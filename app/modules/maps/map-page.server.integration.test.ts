import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { mapSlugs, maps } from "#db/schema";
import { createCreator, createMap } from "#db/seed/factories";
import { eq } from "drizzle-orm";
import { markdownTree } from "~/lib/markdown/index.server";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { loadMapPage, loadSpotPage, resolveMap } from "./map-page.server";

const db = await setupTestDatabase();

const SECRET_PHOTO = {
  id: "p1",
  src: "/uploads/spot-photos/aa/secret-800.webp",
  srcset: "/uploads/spot-photos/aa/secret-400.webp 400w, /uploads/spot-photos/aa/secret-800.webp 800w",
  alt: "SECRET photo",
  width: 800,
  height: 600,
  keys: ["aa/secret-400.webp", "aa/secret-800.webp"],
};

const member = (overrides: Partial<Entitlements> = {}): Entitlements => ({
  userId: "someone",
  isAdmin: false,
  hasActiveSubscription: false,
  supportedCreatorIds: [],
  ...overrides,
});

/** A map of four spots: public, premium, supporters-only, and an unpublished one. */
async function world() {
  const { profile: creator } = await createCreator(db, { handle: "lucia" });
  const { map, spots } = await createMap(
    db,
    { title: "Barcelona vermut" },
    {
      ownerId: creator.id,
      spots: 4,
      spotOverrides: (p) =>
        [
          {},
          { visibility: "premium" as const, description: "SECRET premium description", address: "SECRET premium address", lat: 41.387654, lng: 2.168765 },
          { visibility: "supporters" as const, description: "SECRET supporters description", photos: [SECRET_PHOTO] },
          { isPublished: false, name: "Unpublished spot" },
        ][p],
    },
  );
  return { db, creator, map, spots };
}

describe("map page gating", () => {
  it("shows public spots in full and gated ones as teasers without any gated field", async () => {
    const { db, map } = await world();
    const page = await loadMapPage(db, map.id, NO_ENTITLEMENTS);
    expect(page?.spots.map((s) => [s.name, s.locked])).toEqual([
      ["Spot 1 of Barcelona vermut", false],
      ["Spot 2 of Barcelona vermut", true],
      ["Spot 3 of Barcelona vermut", true],
    ]);
    expect(page?.locked).toEqual({ premium: 1, supporters: 1 });
    const serialized = JSON.stringify(page);
    expect(serialized).not.toContain("SECRET");
    expect(serialized).not.toContain("41.387654");
    expect(serialized).not.toContain("Unpublished spot");
    const teaser = page!.spots[1];
    expect(teaser).toEqual({
      locked: true,
      id: expect.any(String),
      slug: "spot-2",
      name: "Spot 2 of Barcelona vermut",
      visibility: "premium",
      category: null,
      approxLat: 41.39,
      approxLng: 2.17,
    });
  });

  it("a subscriber opens premium spots; only the creator's supporters open supporters-only ones", async () => {
    const { db, map, creator } = await world();
    const subscriber = await loadMapPage(db, map.id, member({ hasActiveSubscription: true }));
    expect(subscriber?.spots.map((s) => s.locked)).toEqual([false, false, true]);
    const supporter = await loadMapPage(db, map.id, member({ hasActiveSubscription: true, supportedCreatorIds: [creator.id] }));
    expect(supporter?.spots.map((s) => s.locked)).toEqual([false, false, false]);

    const spot = await loadSpotPage(db, map.id, "spot-3", member({ hasActiveSubscription: true, supportedCreatorIds: [creator.id] }));
    expect(spot?.spot).toMatchObject({
      locked: false,
      description: markdownTree("SECRET supporters description"),
      photos: [{ src: SECRET_PHOTO.src, srcset: SECRET_PHOTO.srcset, alt: SECRET_PHOTO.alt, width: 800, height: 600 }],
    });
    const locked = await loadSpotPage(db, map.id, "spot-3", member({ hasActiveSubscription: true }));
    expect(JSON.stringify(locked)).not.toContain("SECRET");
    expect(locked?.spot.locked).toBe(true);
  });

  it("the owner and admins see everything, drafts included; others get nothing for drafts", async () => {
    const { db, map, creator } = await world();
    const owner = await loadMapPage(db, map.id, member({ userId: creator.id }));
    expect(owner?.spots).toHaveLength(4);
    expect(owner?.spots.every((s) => !s.locked)).toBe(true);
    expect(await loadSpotPage(db, map.id, "spot-4", NO_ENTITLEMENTS)).toBeNull();

    await db.update(maps).set({ isPublished: false }).where(eq(maps.id, map.id));
    expect(await loadMapPage(db, map.id, NO_ENTITLEMENTS)).toBeNull();
    expect(await loadMapPage(db, map.id, member({ hasActiveSubscription: true }))).toBeNull();
    expect(await loadMapPage(db, map.id, member({ userId: "admin", isAdmin: true }))).not.toBeNull();
  });

  it("a spot page has the details, a directions link and its neighbours", async () => {
    const { db, map, spots } = await world();
    const page = await loadSpotPage(db, map.id, spots[0].id, NO_ENTITLEMENTS);
    expect(page?.spot).toMatchObject({
      locked: false,
      name: "Spot 1 of Barcelona vermut",
      description: markdownTree("A longer description of spot 1."),
      address: "Carrer de Test 1, Barcelona",
      directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${spots[0].lat},${spots[0].lng}`,
    });
    expect(page?.previous).toBeNull();
    expect(page?.next).toEqual({ slug: "spot-2", name: "Spot 2 of Barcelona vermut" });
  });
});

describe("finding a map by its address", () => {
  it("accepts the id or any slug it ever had; all but the current slug redirect", async () => {
    const { db, map } = await world();
    await db.insert(mapSlugs).values({ slug: "old-name", mapId: map.id });
    expect(await resolveMap(db, map.currentSlug, NO_ENTITLEMENTS)).toEqual({ found: true, mapId: map.id, creatorId: map.ownerId, redirectTo: undefined });
    expect(await resolveMap(db, map.id, NO_ENTITLEMENTS)).toEqual({ found: true, mapId: map.id, creatorId: map.ownerId, redirectTo: map.currentSlug });
    expect(await resolveMap(db, "old-name", NO_ENTITLEMENTS)).toEqual({ found: true, mapId: map.id, creatorId: map.ownerId, redirectTo: map.currentSlug });
    expect(await resolveMap(db, "never-existed", NO_ENTITLEMENTS)).toEqual({ found: false });
    expect(await resolveMap(db, "00000000-0000-0000-0000-000000000000", NO_ENTITLEMENTS)).toEqual({ found: false });
  });
});
