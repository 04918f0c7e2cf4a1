import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor, type RouteOutcome } from "../../../tests/setup/visitor";
import { mapBookmarks, maps, spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { MAP_NOT_FOUND } from "~/modules/maps/map-lifecycle.server";
import { UNKNOWN_ACTION } from "~/modules/maps/map-actions";
import { loader as readyLoader } from "./map-is-ready";
import { action, loader } from "./studio-maps";

const db = await setupTestDatabase();

/** A loader or action's outcome; a thrown `data()` (the 404 of `notFound`) is one too. */
async function run<A>(visitor: TestVisitor, path: string, handle: (args: A) => Promise<unknown>, form?: Record<string, string>): Promise<RouteOutcome> {
  try {
    return await runRoute(visitor, path, handle, { form });
  } catch (error) {
    const init = (error as { init?: ResponseInit | null } | null)?.init;
    if (init?.status) return { status: init.status, data: (error as { data: unknown }).data };
    throw error;
  }
}

const INTENTS = ["duplicate", "publish", "unpublish", "delete"] as const;

describe("/studio/maps and /studio/map-is-ready", () => {
  async function signedIn(userId: string) {
    const visitor = new TestVisitor();
    await visitor.signIn(db, userId);
    return visitor;
  }

  /** Everything an action could change, to compare before and after. */
  const snapshot = async () => [
    await db.select().from(maps).orderBy(asc(maps.id)),
    await db.select().from(spots).orderBy(asc(spots.id)),
    await db.select().from(mapBookmarks).orderBy(asc(mapBookmarks.mapId)),
  ];

  it("sends anonymous visitors to log in and gives other users the 403 page, for the page and every action, changing nothing", async () => {
    const { profile: owner } = await createCreator(db);
    const { map } = await createMap(db, {}, { ownerId: owner.id, spots: 30 });
    const { user: member } = await createProfile(db);
    const before = await snapshot();
    const ready = `/studio/map-is-ready?map=${map.id}`;

    const anonymous = new TestVisitor();
    const toLogin = { status: 302, location: expect.stringContaining("/auth?step=login") };
    expect(await run(anonymous, "/studio/maps", loader)).toMatchObject(toLogin);
    expect(await run(anonymous, ready, readyLoader)).toMatchObject(toLogin);
    const plain = await signedIn(member.id);
    expect(await run(plain, "/studio/maps", loader)).toMatchObject({ status: 403 });
    expect(await run(plain, ready, readyLoader)).toMatchObject({ status: 403 });
    for (const intent of INTENTS) {
      expect(await run(anonymous, "/studio/maps", action, { intent, mapId: map.id })).toMatchObject(toLogin);
      expect(await run(plain, "/studio/maps", action, { intent, mapId: map.id })).toMatchObject({ status: 403 });
    }
    expect(await run(anonymous, "/studio/maps", action, { intent: "create" })).toMatchObject(toLogin);
    expect(await run(plain, "/studio/maps", action, { intent: "create" })).toMatchObject({ status: 403 });
    // A creator without a handle chooses one on /studio first.
    const { user: newcomer } = await createCreator(db, { handle: null });
    const unnamed = await signedIn(newcomer.id);
    expect(await run(unnamed, "/studio/maps", loader)).toEqual({ status: 302, location: "/studio" });
    expect(await run(unnamed, "/studio/maps", action, { intent: "create" })).toEqual({ status: 302, location: "/studio" });
    expect(await run(unnamed, ready, readyLoader)).toEqual({ status: 302, location: "/studio" });
    expect(await snapshot()).toEqual(before);
  });

  it("answers another creator's map as not found for every action and on map-is-ready, changing nothing", async () => {
    const { profile: owner } = await createCreator(db);
    const { map } = await createMap(db, { title: "Owner's published map" }, { ownerId: owner.id, spots: 30 });
    const { map: draft } = await createMap(db, { title: "Owner's draft", isPublished: false, publishedAt: null }, { ownerId: owner.id, spots: 30 });
    const { user: fan } = await createProfile(db);
    await db.insert(mapBookmarks).values({ userId: fan.id, mapId: map.id });
    const { user: other } = await createCreator(db);
    const intruder = await signedIn(other.id);
    const before = await snapshot();

    const page = await run(intruder, "/studio/maps", loader);
    expect(page).toMatchObject({ status: 200, data: { maps: [] } });
    for (const target of [map, draft]) {
      for (const intent of INTENTS) {
        expect(await run(intruder, "/studio/maps", action, { intent, mapId: target.id }), intent).toMatchObject({
          status: 404,
          data: { ok: false, error: MAP_NOT_FOUND },
        });
      }
      expect(await run(intruder, `/studio/map-is-ready?map=${target.id}`, readyLoader)).toMatchObject({ status: 404 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("creates a draft and opens it in the editor; refuses publish below 30 spots; the first publish lands on map-is-ready", async () => {
    const { user, profile: me } = await createCreator(db, { handle: "marco" });
    const visitor = await signedIn(user.id);

    const created = await run(visitor, "/studio/maps", action, { intent: "create" });
    const [draft] = await db.select().from(maps).where(eq(maps.ownerId, me.id));
    expect(created).toEqual({ status: 302, location: `/studio/maps/${draft.id}` });
    expect(draft).toMatchObject({ title: "Untitled map", isPublished: false });
    expect(await run(visitor, "/studio/maps", loader)).toMatchObject({
      data: { maps: [{ id: draft.id, title: "Untitled map", isPublished: false, spotCount: 0, views: 0, saves: 0 }] },
    });

    expect(await run(visitor, "/studio/maps", action, { intent: "publish", mapId: draft.id })).toEqual({
      status: 422,
      data: { ok: false, error: "Add 30 more spots to publish", mapId: draft.id },
    });
    expect(await run(visitor, `/studio/map-is-ready?map=${draft.id}`, readyLoader)).toMatchObject({ status: 404 });

    await db.insert(spots).values(
      Array.from({ length: 30 }, (_, i) => ({
        mapId: draft.id,
        slug: `s-${i}`,
        name: `Spot ${i}`,
        lat: 45,
        lng: 9 + i / 1000,
        position: i,
        isPublished: true,
      })),
    );
    expect(await run(visitor, "/studio/maps", action, { intent: "publish", mapId: draft.id })).toEqual({
      status: 302,
      location: `/studio/map-is-ready?map=${draft.id}`,
    });
    const ready = await run(visitor, `/studio/map-is-ready?map=${draft.id}`, readyLoader);
    expect(ready).toMatchObject({
      status: 200,
      data: {
        map: { id: draft.id, title: "Untitled map" },
        publicUrl: `http://localhost/maps/${draft.currentSlug}`,
        embed: expect.stringContaining(`<iframe src="http://localhost/maps/${draft.currentSlug}"`),
      },
    });
    expect((ready.data as { share: { network: string }[] }).share.map((s) => s.network)).toEqual(["x", "facebook", "whatsapp", "email"]);

    // Later publishes stay on the list.
    expect(await run(visitor, "/studio/maps", action, { intent: "unpublish", mapId: draft.id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await run(visitor, "/studio/maps", action, { intent: "publish", mapId: draft.id })).toEqual({
      status: 200,
      data: { ok: true, message: "Map published." },
    });
  });

  it("duplicates and deletes the creator's own maps", async () => {
    const { user, profile: me } = await createCreator(db);
    const { map } = await createMap(db, { title: "Turin cafés" }, { ownerId: me.id, spots: 2 });
    const visitor = await signedIn(user.id);

    expect(await run(visitor, "/studio/maps", action, { intent: "duplicate", mapId: map.id })).toMatchObject({ status: 200, data: { ok: true } });
    const titles = async () => (await db.select({ title: maps.title }).from(maps).where(eq(maps.ownerId, me.id))).map((m) => m.title).sort();
    expect(await titles()).toEqual(["Copy of Turin cafés", "Turin cafés"]);

    expect(await run(visitor, "/studio/maps", action, { intent: "delete", mapId: map.id })).toEqual({
      status: 200,
      data: { ok: true, message: "“Turin cafés” was deleted." },
    });
    expect(await titles()).toEqual(["Copy of Turin cafés"]);
  });

  it("answers a malformed form with a message and changes nothing", async () => {
    const { user, profile: me } = await createCreator(db);
    await createMap(db, {}, { ownerId: me.id, spots: 1 });
    const visitor = await signedIn(user.id);
    const before = await snapshot();
    const forms: Record<string, string>[] = [{}, { intent: "explode" }, { intent: "delete" }, { intent: "publish", mapId: "" }];
    for (const form of forms) {
      expect(await run(visitor, "/studio/maps", action, form)).toEqual({ status: 400, data: { ok: false, error: UNKNOWN_ACTION } });
    }
    expect(await run(visitor, "/studio/maps", action, { intent: "delete", mapId: "not-a-map" })).toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });
});
