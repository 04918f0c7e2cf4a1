import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { creatorSupporters, events, followers, mapBookmarks, spotBookmarks } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { dashboardWindow, studioDashboard } from "./dashboard.server";

const db = await setupTestDatabase();

// A fixed "now" late in a UTC day: the window is 30 UTC days ending with 2026-03-15.
const NOW = new Date("2026-03-15T23:30:00Z");
const at = (iso: string) => new Date(iso);

describe("the Studio dashboard", () => {
  it("spans 30 UTC days ending with today", () => {
    const { start, days } = dashboardWindow(NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-02-14");
    expect(days.at(-1)).toBe("2026-03-15");
    expect(start.toISOString()).toBe("2026-02-14T00:00:00.000Z");
  });

  it("counts only the creator's own work, by UTC day, with top maps and spots and attributed sign-ups and memberships", async () => {
    const { profile: me } = await createCreator(db, { profileImageUrl: null });
    const { profile: other } = await createCreator(db);
    const { map: lisbon, spots: lisbonSpots } = await createMap(db, { title: "Lisbon bakeries" }, { ownerId: me.id, spots: 30 });
    const { map: porto } = await createMap(db, { title: "Porto draft", isPublished: false }, { ownerId: me.id, spots: 4 });
    const { map: theirs, spots: theirSpots } = await createMap(db, { title: "Not mine" }, { ownerId: other.id, spots: 2 });
    const { user: fan } = await createProfile(db);
    const { user: fan2 } = await createProfile(db);

    await db.insert(events).values([
      // In the window: three map views on two days (one at 00:30 UTC, another at 23:59 UTC), a spot view, a page view.
      { type: "map_viewed", targetType: "map", targetId: lisbon.id, createdAt: at("2026-03-15T00:30:00Z") },
      { type: "map_viewed", targetType: "map", targetId: lisbon.id, createdAt: at("2026-03-14T23:59:00Z") },
      { type: "map_viewed", targetType: "map", targetId: porto.id, createdAt: at("2026-02-14T00:00:00Z") },
      { type: "spot_viewed", targetType: "spot", targetId: lisbonSpots[3].id, userId: fan.id, createdAt: at("2026-03-14T10:00:00Z") },
      { type: "creator_viewed", targetType: "creator", targetId: me.id, createdAt: at("2026-03-01T12:00:00Z") },
      // Outside the window: the day before it, and after "now".
      { type: "map_viewed", targetType: "map", targetId: lisbon.id, createdAt: at("2026-02-13T23:59:59Z") },
      { type: "map_viewed", targetType: "map", targetId: lisbon.id, createdAt: at("2026-03-16T00:00:00Z") },
      // Another creator's work.
      { type: "map_viewed", targetType: "map", targetId: theirs.id, createdAt: at("2026-03-10T12:00:00Z") },
      { type: "creator_viewed", targetType: "creator", targetId: other.id, createdAt: at("2026-03-10T12:00:00Z") },
      // Attributed to me: two sign-ups, a Premium and a Supporter payment; one to the other creator; one too old.
      { type: "joined", attributionCreatorId: me.id, createdAt: at("2026-03-02T08:00:00Z") },
      { type: "joined", attributionCreatorId: me.id, createdAt: at("2026-03-03T08:00:00Z") },
      { type: "subscribed_paid", attributionCreatorId: me.id, properties: { tier: "premium" }, createdAt: at("2026-03-04T08:00:00Z") },
      { type: "subscribed_paid", attributionCreatorId: me.id, properties: { tier: "supporter" }, createdAt: at("2026-03-05T08:00:00Z") },
      { type: "joined", attributionCreatorId: other.id, createdAt: at("2026-03-02T08:00:00Z") },
      { type: "joined", attributionCreatorId: me.id, createdAt: at("2026-01-02T08:00:00Z") },
    ]);
    await db.insert(mapBookmarks).values([
      { userId: fan.id, mapId: lisbon.id, createdAt: at("2026-03-14T09:00:00Z") },
      { userId: fan2.id, mapId: theirs.id, createdAt: at("2026-03-14T09:00:00Z") },
    ]);
    await db.insert(spotBookmarks).values([
      { userId: fan.id, spotId: lisbonSpots[3].id, createdAt: at("2026-03-14T09:30:00Z") },
      { userId: fan2.id, spotId: lisbonSpots[3].id, createdAt: at("2026-01-01T09:30:00Z") },
      { userId: fan2.id, spotId: theirSpots[0].id, createdAt: at("2026-03-14T09:30:00Z") },
    ]);
    await db.insert(followers).values([
      { userId: fan.id, creatorId: me.id },
      { userId: fan2.id, creatorId: me.id, status: "inactive" },
    ]);
    await db.insert(creatorSupporters).values([
      { userId: fan.id, creatorId: me.id, status: "trialing", interval: "month", provider: "local" },
      { userId: fan2.id, creatorId: me.id, status: "canceled", interval: "month", provider: "local" },
    ]);

    const dashboard = await studioDashboard(db, me.id, NOW);
    expect(dashboard.maps).toEqual({ published: 1, drafts: 1 });
    expect(dashboard.spots).toBe(34);
    expect(dashboard.followers).toBe(1);
    expect(dashboard.supporters).toBe(1);

    const day = (d: string) => dashboard.days.find((x) => x.day === d);
    expect(dashboard.days).toHaveLength(30);
    expect(day("2026-03-15")).toEqual({ day: "2026-03-15", views: 1, saves: 0 });
    expect(day("2026-03-14")).toEqual({ day: "2026-03-14", views: 2, saves: 2 });
    expect(day("2026-03-01")).toEqual({ day: "2026-03-01", views: 1, saves: 0 });
    expect(day("2026-02-14")).toEqual({ day: "2026-02-14", views: 1, saves: 0 });
    expect(dashboard.totals).toEqual({ views: 5, saves: 2 });

    expect(dashboard.topMaps.map((m) => [m.title, m.views, m.saves])).toEqual([
      ["Lisbon bakeries", 2, 1],
      ["Porto draft", 1, 0],
    ]);
    expect(dashboard.topSpots.map((s) => [s.title, s.views, s.saves, s.mapSlug, s.spotSlug])).toEqual([
      [lisbonSpots[3].name, 1, 1, lisbon.currentSlug, lisbonSpots[3].slug],
    ]);
    expect(dashboard.attributed).toEqual({ signUps: 2, premium: 1, supporter: 1 });

    // No profile image yet; a map with 30 published spots, published, and seen by others.
    expect(Object.fromEntries(dashboard.checklist.map((c) => [c.key, c.done]))).toEqual({
      profile: false,
      "first-map": true,
      spots: true,
      publish: true,
      share: true,
    });
  });

  it("gives a new creator an empty chart and a checklist with everything still to do", async () => {
    const { profile: me } = await createCreator(db, { bioText: null });
    const dashboard = await studioDashboard(db, me.id, NOW);
    expect(dashboard.days.every((d) => d.views === 0 && d.saves === 0)).toBe(true);
    expect(dashboard.topMaps).toEqual([]);
    expect(dashboard.topSpots).toEqual([]);
    expect(dashboard.checklist.every((c) => !c.done)).toBe(true);
  });

  it("does not tick 30 spots for a map whose spots are drafts", async () => {
    const { profile: me } = await createCreator(db);
    await createMap(db, { isPublished: false }, { ownerId: me.id, spots: 31, spotOverrides: (p) => (p < 2 ? { isPublished: false } : {}) });
    const dashboard = await studioDashboard(db, me.id, NOW);
    expect(dashboard.checklist.find((c) => c.key === "spots")?.done).toBe(false);
    expect(dashboard.checklist.find((c) => c.key === "first-map")?.done).toBe(true);
  });
});
