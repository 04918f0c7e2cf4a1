import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { maps, spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { COORDINATE_MESSAGES } from "~/modules/places/coordinates";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { PLACE_SEARCH_MESSAGES } from "~/modules/places";
import { parseEditorSpots, type EditorSpotList } from "~/modules/spots";
import { action as autosave } from "./studio-map-autosave";
import { action, loader } from "./studio-map-editor";
import { loader as spotDetails } from "./studio-spot-details";

const db = await setupTestDatabase();

const SAGRADA_URL =
  "https://www.google.com/maps/place/Sagrada+Fam%C3%ADlia/@41.4036299,2.1743558,17z/data=!3m1!4b1!4m6!3m5!1s0x12a4a2dcd83dfb93:0x9bd8aac21bc3c950!8m2!3d41.4036299!4d2.1743558";

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
    const page = await runRoute(visitor, path(map.id), loader, { params });
    expect(page).toMatchObject({ status: 200, data: { map: { id: map.id } } });
    expect(parseEditorSpots((page.data as { spots: EditorSpotList }).spots).map((spot) => spot.id)).toEqual(rows.map((row) => row.id));

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

  it("searches places near the view through GEOCODER_URL, reads a pasted Google Maps link, and keeps its Google place id on the new spot", async () => {
    const asked: URLSearchParams[] = [];
    const photon = createServer((req, res) => {
      const url = new URL(req.url!, "http://localhost");
      asked.push(url.searchParams);
      const feature = {
        type: "Feature",
        geometry: { type: "Point", coordinates: [2.1743558, 41.4036299] },
        properties: { osm_id: 1, name: "Sagrada Família" },
      };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ type: "FeatureCollection", features: [feature] }));
    });
    await new Promise<void>((resolve) => photon.listen(0, "127.0.0.1", resolve));
    try {
      stubTestEnv({ GEOCODER_URL: `http://127.0.0.1:${(photon.address() as AddressInfo).port}/api/`, GEOCODER_MIN_INTERVAL_MS: "0" });
      const { owner, map } = await setup();
      const visitor = await as(owner.id);
      const params = { mapId: map.id };
      expect(await runRoute(visitor, path(map.id), loader, { params })).toMatchObject({ data: { hasGeocoder: true } });
      const found = await runRoute(visitor, path(map.id), action, { params, form: { intent: "search-places", q: "Sagrada", lat: "41.38712", lng: "2.17003" } });
      expect(found).toMatchObject({
        status: 200,
        data: {
          ok: true,
          geocoder: "ok",
          places: [{ kind: "place", name: "Sagrada Família" }],
          attribution: "Search by Photon, data © OpenStreetMap contributors",
        },
      });
      expect(Object.fromEntries(asked[0])).toMatchObject({ q: "Sagrada", lat: "41.39", lon: "2.17" });

      const link = await runRoute(visitor, path(map.id), action, { params, form: { intent: "search-places", q: SAGRADA_URL } });
      expect(link).toMatchObject({ data: { link: { name: "Sagrada Família", lat: 41.40363, lng: 2.174356, googlePlaceId: "11229913421514525008" } } });
      const notAPlace = await runRoute(visitor, path(map.id), action, { params, form: { intent: "search-places", q: "https://example.com/place" } });
      expect(notAPlace).toMatchObject({ status: 200, data: { linkError: PLACE_SEARCH_MESSAGES.notAPlace, link: null } });

      const created = await runRoute(visitor, path(map.id), action, {
        params,
        form: { intent: "create-spot", name: "Sagrada Família", lat: "41.40363", lng: "2.174356", googlePlaceId: "11229913421514525008" },
      });
      const id = (created.data as { spot: { id: string } }).spot.id;
      const [row] = await db.select({ googlePlaceId: spots.googlePlaceId }).from(spots).where(eq(spots.id, id));
      expect(row.googlePlaceId).toBe("11229913421514525008");
      // Anything that is not a Place ID or a CID is dropped, not stored.
      const odd = await runRoute(visitor, path(map.id), action, {
        params,
        form: { intent: "create-spot", name: "Odd", lat: "41.4", lng: "2.17", googlePlaceId: "<script>" },
      });
      const [oddRow] = await db
        .select({ googlePlaceId: spots.googlePlaceId })
        .from(spots)
        .where(eq(spots.id, (odd.data as { spot: { id: string } }).spot.id));
      expect(oddRow.googlePlaceId).toBeNull();
    } finally {
      photon.closeAllConnections();
      await new Promise((resolve) => photon.close(resolve));
    }
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

describe("/studio/maps/:mapId/spots/:spotId/details (the editor's details panel)", () => {
  const details = async (visitor: Awaited<ReturnType<typeof as>>, mapId: string, spotId: string) => {
    const url = `${path(mapId)}/spots/${spotId}/details`;
    try {
      const { result } = await visitor.request(url, (request, context) => spotDetails({ request, context, params: { mapId, spotId } } as never));
      const response = result as Response;
      return { status: response.status, body: (await response.json()) as { spot?: { id: string; summary: string | null; version: number } } };
    } catch (error) {
      if (error instanceof Response) return { status: error.status, body: {} };
      throw error;
    }
  };

  it("gives the owner a spot's every field, and anyone else, or a spot deleted since, a 404 or the login, never the spot", async () => {
    const { owner, map, rows } = await setup();
    const mine = await details(await as(owner.id), map.id, rows[1].id);
    expect(mine).toMatchObject({
      status: 200,
      body: { spot: { id: rows[1].id, summary: rows[1].summary, address: rows[1].address, version: rows[1].version } },
    });

    const { profile: other } = await createCreator(db);
    expect(await details(await as(other.id), map.id, rows[1].id)).toEqual({ status: 404, body: { error: "not found" } });
    expect((await details(await as(), map.id, rows[1].id)).status).toBe(302);
    expect(await details(await as(owner.id), map.id, "not-a-uuid")).toEqual({ status: 404, body: { error: "not found" } });

    await db.delete(spots).where(eq(spots.id, rows[1].id));
    expect((await details(await as(owner.id), map.id, rows[1].id)).status).toBe(404);
  });
});
