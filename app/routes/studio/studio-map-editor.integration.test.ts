import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { maps, spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { COORDINATE_MESSAGES } from "~/modules/places/coordinates";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { action as autosave } from "./studio-map-autosave";
import { action, loader } from "./studio-map-editor";

const db = await setupTestDatabase();

async function setup() {
  const { profile: owner } = await createCreator(db);
  const { map, spots: rows } = await createMap(db, { ownerId: owner.id, title: "Owner's map" }, { spots: 3 });
  return { owner, map, rows };
}

const as = (userId?: string) => visitorAs(db, userId);

const path = (mapId: string) => `/studio/maps/${mapId}`;

async function spotNames(mapId: string) {
  return (await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, mapId)).orderBy(asc(spots.position))).map((s) => s.name);
}

describe("/studio/maps/:mapId guards", () => {
  it("sends anonymous visitors to log in, refuses members (403) and gives another creator a 404, for the page, its action and the autosave", async () => {
    const { map } = await setup();
    const { profile: member } = await createProfile(db);
    const { profile: other } = await createCreator(db);
    const params = { mapId: map.id };
    const form = { intent: "delete-spot", spotId: "00000000-0000-4000-8000-000000000000" };

    const anonymous = await as();
    expect(await runRoute(anonymous, path(map.id), loader, { params })).toMatchObject({ status: 302, location: expect.stringContaining("/auth?step=login") });
    expect(await runRoute(anonymous, path(map.id), action, { params, form })).toMatchObject({ status: 302 });

    const plain = await as(member.id);
    expect(await runRoute(plain, path(map.id), loader, { params })).toMatchObject({ status: 403 });
    expect(await runRoute(plain, path(map.id), action, { params, form })).toMatchObject({ status: 403 });
    expect(await runRoute(plain, `${path(map.id)}/autosave`, autosave, { params, form: { title: "X", slug: "xxx", version: "1" } })).toMatchObject({
      status: 403,
    });

    const stranger = await as(other.id);
    // The 404 page, as for any map that does not exist: thrown as data with its status.
    await expect(runRoute(stranger, path(map.id), loader, { params })).rejects.toMatchObject({ init: { status: 404 } });
    await expect(runRoute(stranger, path("not-a-uuid"), loader, { params: { mapId: "not-a-uuid" } })).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("lets another creator change nothing through the action or the autosave", async () => {
    const { map, rows } = await setup();
    const { profile: other } = await createCreator(db);
    const stranger = await as(other.id);
    const params = { mapId: map.id };
    const before = await spotNames(map.id);
    for (const form of <Record<string, string>[]>[
      { intent: "create-spot", name: "Intruder", lat: "1", lng: "1" },
      { intent: "move-spot", spotId: rows[0].id, lat: "1", lng: "1" },
      { intent: "delete-spot", spotId: rows[0].id },
    ])
      expect(await runRoute(stranger, path(map.id), action, { params, form })).toMatchObject({ status: 404, data: { ok: false } });
    expect(await runRoute(stranger, `${path(map.id)}/autosave`, autosave, { params, form: { title: "Taken", slug: "taken-map", version: "1" } })).toMatchObject(
      {
        status: 404,
      },
    );
    expect(await spotNames(map.id)).toEqual(before);
    const [row] = await db.select().from(maps).where(eq(maps.id, map.id));
    expect(row.title).toBe("Owner's map");
  });
});

describe("/studio/maps/:mapId for its owner", () => {
  it("loads the editor and makes each change through the action", async () => {
    const { owner, map, rows } = await setup();
    const visitor = await as(owner.id);
    const params = { mapId: map.id };
    expect(await runRoute(visitor, path(map.id), loader, { params })).toMatchObject({ status: 200, data: { map: { id: map.id }, spots: [{}, {}, {}] } });

    const created = await runRoute(visitor, path(map.id), action, { params, form: { intent: "create-spot", name: "Bar Nou", lat: "41.39", lng: "2.16" } });
    expect(created).toMatchObject({ status: 200, data: { ok: true, spot: { name: "Bar Nou", position: 3 } } });
    const reordered = [rows[2].id, rows[1].id, rows[0].id, (created.data as { spot: { id: string } }).spot.id];
    const form = new URLSearchParams([["intent", "reorder"], ...reordered.map((id) => ["spotId", id])]);
    expect(await runRoute(visitor, path(map.id), action, { params, form: Object.fromEntries(form) })).toMatchObject({ status: 409 });
    // runRoute's form is one value per name: the full list goes as a real multi-value form.
    const { result } = await visitor.request(path(map.id), (request, context) => action({ request, context, params } as never), { method: "POST", body: form });
    expect(result).toMatchObject({ data: { ok: true, intent: "reorder" } });
    expect(await spotNames(map.id)).toEqual([rows[2].name, rows[1].name, rows[0].name, "Bar Nou"]);
  });

  it("refuses lat 91, an empty name and a 10,000-character name with a clear message, adding nothing", async () => {
    const { owner, map } = await setup();
    const visitor = await as(owner.id);
    const params = { mapId: map.id };
    const before = await spotNames(map.id);
    const add = (name: string, lat: string) => runRoute(visitor, path(map.id), action, { params, form: { intent: "create-spot", name, lat, lng: "2" } });
    expect(await add("North", "91")).toEqual({ status: 400, data: { ok: false, intent: "create-spot", error: COORDINATE_MESSAGES.latitude } });
    expect(await add("North", "")).toMatchObject({ status: 400, data: { error: COORDINATE_MESSAGES.latitude } });
    expect(await add("", "41")).toEqual({ status: 400, data: { ok: false, intent: "create-spot", error: EDITOR_MESSAGES.nameRequired } });
    expect(await add("x".repeat(10_000), "41")).toEqual({ status: 400, data: { ok: false, intent: "create-spot", error: EDITOR_MESSAGES.nameTooLong } });
    expect(await runRoute(visitor, path(map.id), action, { params, form: { intent: "nonsense" } })).toMatchObject({ status: 400 });
    expect(await spotNames(map.id)).toEqual(before);
  });

  it("autosaves the settings with a version check, and refuses an empty title", async () => {
    const { owner, map } = await setup();
    const visitor = await as(owner.id);
    const params = { mapId: map.id };
    const url = `${path(map.id)}/autosave`;
    expect(await runRoute(visitor, url, autosave, { params, form: { title: "", slug: map.currentSlug, version: "1" } })).toMatchObject({
      status: 400,
      data: { error: EDITOR_MESSAGES.titleRequired, fieldErrors: { title: EDITOR_MESSAGES.titleRequired } },
    });
    expect(await runRoute(visitor, url, autosave, { params, form: { title: "Renamed", slug: "renamed-map", version: "1" } })).toMatchObject({
      status: 200,
      data: { ok: true, value: { title: "Renamed", slug: "renamed-map" }, version: 2 },
    });
    expect(await runRoute(visitor, url, autosave, { params, form: { title: "Stale", slug: "renamed-map", version: "1" } })).toMatchObject({
      status: 409,
      data: { conflict: true, current: { title: "Renamed" }, version: 2 },
    });
  });
});
