import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { followers } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { setFollowing } from "~/modules/follows/follows.server";
import { NO_ENTITLEMENTS } from "~/modules/memberships/gating";
import { creatorMaps, creatorSpots, loadCreator } from "./creator-page.server";

describe("creator page", () => {
  beforeEach(async () => resetTestDb(await getTestDb()));

  it("finds a published creator by handle in any case, with counts of published content", async () => {
    const db = await getTestDb();
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
    const db = await getTestDb();
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
    const db = await getTestDb();
    const { profile: hidden } = await createCreator(db, { handle: "hidden", isPublished: false });
    await createProfile(db, { handle: "member" });
    expect(await loadCreator(db, "hidden", NO_ENTITLEMENTS)).toBeNull();
    expect(await loadCreator(db, "member", NO_ENTITLEMENTS)).toBeNull();
    expect(await loadCreator(db, "hidden", { userId: hidden.id, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] })).not.toBeNull();
  });

  it("lists spots with gated ones as teasers without their summary", async () => {
    const db = await getTestDb();
    const { profile } = await createCreator(db, { handle: "eva" });
    await createMap(db, {}, { ownerId: profile.id, spots: 2, spotOverrides: (p) => (p === 1 ? { visibility: "premium", summary: "SECRET summary" } : {}) });
    const creator = (await loadCreator(db, "eva", NO_ENTITLEMENTS))!;
    const spots = await creatorSpots(db, creator, NO_ENTITLEMENTS);
    expect(spots.map((s) => s.locked)).toEqual([false, true]);
    expect(JSON.stringify(spots)).not.toContain("SECRET");
  });
});

describe("following", () => {
  beforeEach(async () => resetTestDb(await getTestDb()));

  it("follows, unfollows and follows again on one row; refuses unknown creators and oneself", async () => {
    const db = await getTestDb();
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
