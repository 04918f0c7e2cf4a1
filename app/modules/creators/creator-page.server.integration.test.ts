import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { followers } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { setFollowing } from "~/modules/follows/follows.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { CREATOR_SPOTS_PAGE_SIZE, creatorMaps, creatorSpots, loadCreator } from "./creator-page.server";

const db = await setupTestDatabase();

describe("creator page", () => {
  it("finds a published creator by handle in any case, with counts of published content", async () => {
    const { profile } = await createCreator(db, { handle: "Lucia_F" });
    await createMap(db, { title: "B" }, { ownerId: profile.id, spots: 3, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) });
    await createMap(db, { title: "Draft", isPublished: false }, { ownerId: profile.id, spots: 2 });
    const { user: fan } = await createProfile(db);
    await setFollowing(db, fan.id, profile.id, true);

    const creator = await loadCreator(db, "lucia_f", NO_ENTITLEMENTS);
    expect(creator).toMatchObject({ handle: "Lucia_F", counts: { maps: 1, spots: 2, followers: 1 } });
    expect((await creatorMaps(db, profile.id, NO_ENTITLEMENTS)).map((m) => [m.title, m.spotCount])).toEqual([["B", 2]]);
  });

  it("counts an unpublished creator's spots for the creator alone, the same way in the header and on the map cards", async () => {
    const { profile } = await createCreator(db, { handle: "unlisted", isPublished: false });
    await createMap(db, { title: "Quiet" }, { ownerId: profile.id, spots: 3, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) });
    const self = { userId: profile.id, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
    const creator = (await loadCreator(db, "unlisted", self))!;
    const cards = await creatorMaps(db, profile.id, self);
    expect(creator.counts.spots).toBe(2);
    expect(cards.map((m) => [m.title, m.spotCount])).toEqual([["Quiet", 2]]);
    // Nobody else is told of them.
    expect((await creatorMaps(db, profile.id, NO_ENTITLEMENTS)).map((m) => m.spotCount)).toEqual([0]);
  });

  it("hides unpublished creators and members who are not creators", async () => {
    const { profile: hidden } = await createCreator(db, { handle: "hidden", isPublished: false });
    await createProfile(db, { handle: "member" });
    expect(await loadCreator(db, "hidden", NO_ENTITLEMENTS)).toBeNull();
    expect(await loadCreator(db, "member", NO_ENTITLEMENTS)).toBeNull();
    expect(await loadCreator(db, "hidden", { userId: hidden.id, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] })).not.toBeNull();
  });

  it("lists spots with gated ones as teasers without their summary", async () => {
    const { profile } = await createCreator(db, { handle: "eva" });
    await createMap(db, {}, { ownerId: profile.id, spots: 2, spotOverrides: (p) => (p === 1 ? { visibility: "premium", summary: "SECRET summary" } : {}) });
    const creator = (await loadCreator(db, "eva", NO_ENTITLEMENTS))!;
    const { spots } = await creatorSpots(db, creator, NO_ENTITLEMENTS);
    expect(spots.map((s) => s.locked)).toEqual([false, true]);
    expect(JSON.stringify(spots)).not.toContain("SECRET");
  });

  it("pages the spots 24 at a time, each once, in map-title order, locked ones only at their area", async () => {
    const { profile } = await createCreator(db, { handle: "paged" });
    await createMap(db, { title: "B map" }, { ownerId: profile.id, spots: 20 });
    const { spots: lockedMapSpots } = await createMap(
      db,
      { title: "A map" },
      { ownerId: profile.id, spots: 10, spotOverrides: (p) => (p === 9 ? { visibility: "premium", lat: 41.123456, lng: 2.654321, summary: "SECRET" } : {}) },
    );
    const creator = (await loadCreator(db, "paged", NO_ENTITLEMENTS))!;

    const first = await creatorSpots(db, creator, NO_ENTITLEMENTS, 1);
    const second = await creatorSpots(db, creator, NO_ENTITLEMENTS, 2);
    expect(CREATOR_SPOTS_PAGE_SIZE).toBe(24);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 30 });
    expect(second).toMatchObject({ page: 2, pages: 2, total: 30 });
    expect(first.spots).toHaveLength(24);
    expect(second.spots).toHaveLength(6);
    const names = [...first.spots, ...second.spots].map((s) => s.name);
    expect(new Set(names).size).toBe(30);
    expect(names.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `Spot ${i + 1} of A map`));
    expect(second.spots.at(-1)!.name).toBe("Spot 20 of B map");

    const locked = first.spots.find((s) => s.id === lockedMapSpots[9].id)!;
    expect(locked).toMatchObject({ locked: true, approxLat: 41.12, approxLng: 2.65 });
    expect(JSON.stringify([first, second])).not.toMatch(/SECRET|41\.123456|2\.654321/);

    // Past the last page: nothing more, and still how many pages there are.
    expect(await creatorSpots(db, creator, NO_ENTITLEMENTS, 3)).toMatchObject({ spots: [], pages: 2, total: 30 });
  });
});

describe("following", () => {
  it("follows, unfollows and follows again on one row; refuses unknown creators and oneself", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: fan } = await createProfile(db);
    expect(await setFollowing(db, fan.id, creator.id, true)).toEqual({ ok: true, following: true });
    expect(await setFollowing(db, fan.id, creator.id, false)).toEqual({ ok: true, following: false });
    expect(await setFollowing(db, fan.id, creator.id, true)).toEqual({ ok: true, following: true });
    const rows = await db
      .select()
      .from(followers)
      .where(and(eq(followers.userId, fan.id), eq(followers.creatorId, creator.id)));
    expect(rows.map((r) => r.status)).toEqual(["active"]);
    expect(await setFollowing(db, fan.id, "nobody", true)).toMatchObject({ ok: false, status: 404 });
    expect(await setFollowing(db, creator.id, creator.id, true)).toMatchObject({ ok: false, status: 400 });
    const { user: member } = await createProfile(db);
    expect(await setFollowing(db, fan.id, member.id, true)).toMatchObject({ ok: false, status: 404 });
  });
});
