import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/setup/database";
import { BOT_UA, TestVisitor } from "../../tests/setup/visitor";
import { events } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { loader as creatorPageLoader } from "./creators/creator-page";
import { mapPageForRoute, spotPageById, spotPageForRoute } from "./public/map-pages.server";
import { trackSubscribedPaid } from "~/modules/analytics/track.server";
import { flushViewEvents } from "~/modules/analytics/track.server";

const db = await setupTestDatabase();

// Views are queued off the request path (ADR 0020): what a page view recorded is read once the queue is written.
const allEvents = async (db: Database) => {
  await flushViewEvents();
  return db.select().from(events).orderBy(asc(events.id));
};

function openCreatorPage(visitor: TestVisitor, handle: string) {
  return visitor.request(`/@${handle}`, (request, context) =>
    creatorPageLoader({ request, context, params: { atHandle: `@${handle}` } } as unknown as Parameters<typeof creatorPageLoader>[0]),
  );
}

async function world(db: Database) {
  const { profile: ana } = await createCreator(db, { handle: "ana" });
  const { profile: ben } = await createCreator(db, { handle: "ben" });
  const anaMap = await createMap(db, { title: "Ana's Lisbon" }, { ownerId: ana.id, spots: 2 });
  const benMap = await createMap(db, { title: "Ben's Porto" }, { ownerId: ben.id, spots: 2, spotOverrides: (p) => (p === 1 ? { visibility: "premium" } : {}) });
  return { ana, ben, anaMap, benMap };
}

describe("views recorded by the map, spot and creator loaders", () => {
  it("records each view with the visitor's tracking id, target and creator", async () => {
    const { ana, ben, anaMap, benMap } = await world(db);
    const visitor = new TestVisitor();

    await openCreatorPage(visitor, "ana");
    const tid = visitor.cookies.get("sf_tid");
    expect(tid).toMatch(/^[0-9a-f-]{36}$/);
    await visitor.request(`/maps/${anaMap.map.currentSlug}`, (request, context) => mapPageForRoute(request, context, anaMap.map.currentSlug));
    await visitor.request(`/maps/${benMap.map.currentSlug}/spots/spot-2.data`, (request, context) =>
      spotPageForRoute(request, context, benMap.map.currentSlug, "spot-2"),
    );

    expect((await allEvents(db)).map((e) => [e.type, e.targetType, e.targetId, e.anonymousId, e.userId, e.attributionCreatorId, e.properties])).toEqual([
      ["creator_viewed", "creator", ana.id, tid, null, ana.id, {}],
      ["map_viewed", "map", anaMap.map.id, tid, null, ana.id, {}],
      // A locked (premium) spot is a view too: it is what sells Premium.
      ["spot_viewed", "spot", benMap.spots[1].id, tid, null, ben.id, { map_id: benMap.map.id, locked: true }],
    ]);
  });

  it("last click wins: the cookie and every later event credit the creator opened last", async () => {
    const { ana, ben, anaMap, benMap } = await world(db);
    const visitor = new TestVisitor();

    await openCreatorPage(visitor, "ana");
    expect(visitor.cookies.get("sf_ref")).toBe(ana.id);
    await visitor.request("/explore/spot-1", (request, context) => spotPageById(request, context, benMap.map.id, benMap.spots[0].id));
    expect(visitor.cookies.get("sf_ref")).toBe(ben.id);

    // A purchase now is credited to Ben, not Ana.
    const { user: buyer } = await createProfile(db);
    await visitor.signIn(db, buyer.id);
    await visitor.request("/checkout", (_request, context) => trackSubscribedPaid(db, context, visitor.viewer, { tier: "premium", isAuthenticated: true }));
    // Then back to Ana's map: she is the last click again.
    await visitor.request(`/maps/${anaMap.map.id}`, (request, context) => mapPageForRoute(request, context, anaMap.map.currentSlug));
    expect(visitor.cookies.get("sf_ref")).toBe(ana.id);

    const rows = await allEvents(db);
    expect(rows.map((e) => [e.type, e.attributionCreatorId])).toEqual([
      ["creator_viewed", ana.id],
      ["spot_viewed", ben.id],
      ["subscribed_paid", ben.id],
      ["map_viewed", ana.id],
    ]);
    expect(rows[3].userId).toBe(buyer.id);
  });

  it("a signed-in viewer's view carries their user id, and reloads within the window count once", async () => {
    const { anaMap } = await world(db);
    const { user: reader } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.signIn(db, reader.id);
    for (let i = 0; i < 3; i++) {
      await visitor.request(`/maps/${anaMap.map.currentSlug}`, (request, context) => mapPageForRoute(request, context, anaMap.map.currentSlug));
    }
    const rows = await allEvents(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "map_viewed", userId: reader.id });
  });

  it("a visitor who has not accepted analytics cookies is counted, but without any identifier, cookie or credit", async () => {
    const { anaMap } = await world(db);
    const { user: reader } = await createProfile(db);
    for (const consent of [null, "denied"] as const) {
      const visitor = new TestVisitor(undefined, consent);
      await visitor.signIn(db, reader.id);
      await openCreatorPage(visitor, "ana");
      await visitor.request(`/maps/${anaMap.map.currentSlug}`, (request, context) => mapPageForRoute(request, context, anaMap.map.currentSlug));
      expect([...visitor.cookies.keys()]).toEqual(consent ? ["sf_consent"] : []);
      // A purchase is still recorded as the buyer's (a record of the contract), credited to nobody.
      await visitor.request("/checkout", (_request, context) => trackSubscribedPaid(db, context, visitor.viewer, { tier: "premium", isAuthenticated: true }));
    }
    expect((await allEvents(db)).map((e) => [e.type, e.anonymousId, e.userId, e.attributionCreatorId])).toEqual([
      ["creator_viewed", null, null, null],
      ["map_viewed", null, null, null],
      ["subscribed_paid", null, reader.id, null],
      ["creator_viewed", null, null, null],
      ["map_viewed", null, null, null],
      ["subscribed_paid", null, reader.id, null],
    ]);
  });

  it("does not count bots, nor creators looking at their own work (and credits nobody)", async () => {
    const { ana, anaMap } = await world(db);
    const bot = new TestVisitor(BOT_UA, null);
    await openCreatorPage(bot, "ana");
    await bot.request(`/maps/${anaMap.map.currentSlug}`, (request, context) => mapPageForRoute(request, context, anaMap.map.currentSlug));
    expect(bot.cookies.size).toBe(0);

    const owner = new TestVisitor();
    await owner.signIn(db, ana.id);
    await openCreatorPage(owner, "ana");
    await owner.request(`/maps/${anaMap.map.currentSlug}`, (request, context) => mapPageForRoute(request, context, anaMap.map.currentSlug));
    expect(owner.cookies.has("sf_ref")).toBe(false);

    expect(await allEvents(db)).toEqual([]);
  });

  it("records nothing for a page that is not found", async () => {
    const { anaMap } = await world(db);
    const visitor = new TestVisitor();
    await expect(
      visitor.request(`/maps/${anaMap.map.currentSlug}/spots/nope`, (request, context) => spotPageForRoute(request, context, anaMap.map.currentSlug, "nope")),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await allEvents(db)).toEqual([]);
  });
});
