import { beforeEach, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { creatorApplications, creatorSupporters, emailOutbox, followers } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { adminOverview } from "../admin/overview.server";
import { publishedMaps } from "../catalog/catalog.server";
import { exploreSpots } from "../explore/explore.server";
import { NO_ENTITLEMENTS } from "../memberships/gating";
import { studioOverview } from "./overview.server";

describe("studio overview", () => {
  beforeEach(async () => resetTestDb(await getTestDb()));

  it("shows only the creator's own maps, drafts included, with spot counts and audience", async () => {
    const db = await getTestDb();
    const { profile: me } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    await createMap(db, { title: "Lisbon bakeries" }, { ownerId: me.id, spots: 3 });
    await createMap(db, { title: "Draft map", isPublished: false }, { ownerId: me.id, spots: 0 });
    await createMap(
      db,
      { title: "Porto, started", isPublished: false },
      { ownerId: me.id, spots: 2, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) },
    );
    await createMap(db, { title: "Not mine" }, { ownerId: other.id, spots: 2 });
    const { user: fan } = await createProfile(db);
    const { user: fan2 } = await createProfile(db);
    await db.insert(followers).values([
      { userId: fan.id, creatorId: me.id },
      { userId: fan2.id, creatorId: me.id, status: "inactive" },
    ]);
    await db.insert(creatorSupporters).values([
      { userId: fan.id, creatorId: me.id, status: "active", interval: "month", provider: "local" },
      { userId: fan2.id, creatorId: me.id, status: "canceled", interval: "month", provider: "local" },
    ]);

    const overview = await studioOverview(db, me.id);
    expect(overview.maps.map((m) => [m.title, m.isPublished, m.spotCount]).sort()).toEqual([
      ["Draft map", false, 0],
      ["Lisbon bakeries", true, 3],
      // Counted as the creator sees the map on its page: drafts included.
      ["Porto, started", false, 2],
    ]);
    expect(overview).toMatchObject({ followers: 1, supporters: 1 });
  });
});

describe("admin overview", () => {
  beforeEach(async () => resetTestDb(await getTestDb()));

  it("counts users, creators, published content, pending applications and mail by status", async () => {
    const db = await getTestDb();
    const { profile: creator } = await createCreator(db);
    await createMap(db, {}, { ownerId: creator.id, spots: 4, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) });
    await createMap(db, { isPublished: false }, { ownerId: creator.id, spots: 1 });
    // A creator who is not published: their published map and its spots are published to nobody.
    const { profile: unpublished } = await createCreator(db, { isPublished: false });
    await createMap(db, {}, { ownerId: unpublished.id, spots: 2 });
    const { user: applicant } = await createProfile(db);
    await db.insert(creatorApplications).values({ userId: applicant.id, status: "pending" });
    await db.insert(emailOutbox).values([
      { to: "a@example.com", template: "verify-email", status: "sent" },
      { to: "b@example.com", template: "magic-link", status: "failed", lastError: "550 mailbox unavailable" },
      { to: "c@example.com", template: "magic-link" },
    ]);

    const overview = await adminOverview(db);
    expect(overview).toMatchObject({ users: 3, creators: 2, publishedMaps: 1, pendingApplications: 1, email: { sent: 1, pending: 1, failed: 1 } });
    // Published means what the public sees: not the draft map's spot, nor the unpublished creator's.
    expect(overview.publishedSpots).toBe(3);
    // The same number Explore and the catalogue show.
    expect((await exploreSpots(db, NO_ENTITLEMENTS, { page: 1 })).total).toBe(overview.publishedSpots);
    expect(await publishedMaps(db, { limit: 100 })).toHaveLength(overview.publishedMaps);
    expect(overview.recentFailures).toEqual([expect.objectContaining({ to: "b@example.com", lastError: "550 mailbox unavailable" })]);
  });
});
