/**
 * The Studio's place search on the real database, with its geocoder a real HTTP server started
 * here that speaks Photon's protocol (GET /api/?q=&lat=&lon=&limit=&lang=, a GeoJSON
 * FeatureCollection), and that can be told to be down, slow or to answer garbage.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { geocoderHits, memoryGeocodeCache } from "./geocoder.server";
import { PLACE_SEARCH_MESSAGES } from "./place-hit";
import { GEOCODER_TIMEOUT_MS, searchPlaces, type PlaceGeocoder } from "./place-search.server";

const db = await setupTestDatabase();

type Mode = "ok" | "down" | "slow" | "garbage" | "html";
let mode: Mode = "ok";
let server: Server;
let base: string;
const asked: URLSearchParams[] = [];

const SAGRADA = {
  type: "Feature",
  geometry: { type: "Point", coordinates: [2.1743558, 41.4036299] },
  properties: {
    osm_id: 24307592,
    osm_type: "W",
    name: "Sagrada Família",
    street: "Carrer de Mallorca",
    housenumber: "401",
    city: "Barcelona",
    country: "Spain",
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, "http://localhost");
    asked.push(url.searchParams);
    if (mode === "down") return void res.writeHead(503).end("busy");
    if (mode === "slow")
      return void setTimeout(() => res.writeHead(200, { "Content-Type": "application/json" }).end('{"features":[]}'), GEOCODER_TIMEOUT_MS + 1500);
    if (mode === "garbage") return void res.writeHead(200, { "Content-Type": "application/json" }).end('{"error":"what?"}');
    if (mode === "html") return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html>not json</html>");
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const features = q.startsWith("sagrada") ? [SAGRADA] : [];
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ type: "FeatureCollection", features }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = "ok";
  asked.length = 0;
});

const photon = (): PlaceGeocoder => ({ url: `${base}/api/`, minIntervalMs: 0, cache: memoryGeocodeCache() });

async function offlineWorld() {
  const { profile } = await createCreator(db);
  const { map } = await createMap(
    db,
    { ownerId: profile.id, title: "Barcelona" },
    { spots: 1, spotOverrides: () => ({ name: "Park Güell", lat: 41.4145, lng: 2.1527 }) },
  );
  await createCity(db, { name: "Sagunto", country: "ES", lat: 39.68, lng: -0.27, population: 65_000 });
  return { profile, map };
}

describe("searchPlaces", () => {
  it("finds the creator's own spots and cities, never another creator's spots", async () => {
    const { profile } = await createCreator(db);
    await createMap(db, { ownerId: profile.id, title: "Mine" }, { spots: 1, spotOverrides: () => ({ name: "Pastéis de Belém", lat: 38.6975, lng: -9.2033 }) });
    await createMap(db, { title: "Theirs" }, { spots: 1, spotOverrides: () => ({ name: "Pastéis elsewhere" }) });
    await createCity(db, { name: "Paris", country: "FR", lat: 48.85, lng: 2.35, population: 2_000_000 });
    const hits = await searchPlaces(db, profile.id, "Pas");
    expect(hits.places).toEqual([
      {
        kind: "spot",
        key: expect.any(String),
        name: "Pastéis de Belém",
        detail: "Mine",
        lat: 38.6975,
        lng: -9.2033,
        spotId: expect.any(String),
        mapId: expect.any(String),
      },
    ]);
    expect((await searchPlaces(db, profile.id, "par")).places).toEqual([
      { kind: "city", key: expect.any(String), name: "Paris", detail: "FR", lat: 48.85, lng: 2.35 },
    ]);
    expect((await searchPlaces(db, profile.id, "%")).places).toEqual([]);
    expect(await searchPlaces(db, profile.id, "Pas")).toMatchObject({ geocoder: "off", attribution: null });
  });

  it("ignores accents: 'Park Guell' and 'Park Gu' find the creator's 'Park Güell', 'sagunto' and 'ságunto' the city", async () => {
    const { profile } = await offlineWorld();
    for (const q of ["Park Guell", "Park Gu", "park güell", "PARK GÜ"]) {
      expect({ q, found: (await searchPlaces(db, profile.id, q)).places.map((p) => p.name) }).toEqual({ q, found: ["Park Güell"] });
    }
    expect((await searchPlaces(db, profile.id, "ságunto")).places.map((p) => p.name)).toEqual(["Sagunto"]);
  });

  it("asks the geocoder near the map's view and adds its places, with the attribution", async () => {
    const { profile, map } = await offlineWorld();
    const found = await searchPlaces(db, profile.id, "Sagrada", { geocoder: photon(), mapId: map.id, near: { lat: 41.387, lng: 2.1701 } });
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0])).toEqual({ q: "Sagrada", lat: "41.39", lon: "2.17", limit: "5", lang: "en" });
    expect(found).toEqual({
      places: [
        {
          kind: "place",
          key: "place:W24307592",
          name: "Sagrada Família",
          detail: "Carrer de Mallorca 401, Barcelona, Spain",
          lat: 41.4036299,
          lng: 2.1743558,
        },
      ],
      geocoder: "ok",
      attribution: "Search by Photon, data © OpenStreetMap contributors",
      link: null,
      linkError: null,
    });
  });

  it("asks once for the same words near the same place: the answer is cached", async () => {
    const { profile } = await offlineWorld();
    const geocoder = photon();
    await searchPlaces(db, profile.id, "Sagrada", { geocoder, near: { lat: 41.3871, lng: 2.1702 } });
    const again = await searchPlaces(db, profile.id, "sagrada ", { geocoder, near: { lat: 41.3869, lng: 2.1699 } });
    expect(asked).toHaveLength(1);
    expect(again.places.map((p) => p.name)).toEqual(["Sagrada Família"]);
    await searchPlaces(db, profile.id, "Sagrada", { geocoder, near: { lat: 48.85, lng: 2.35 } });
    expect(asked).toHaveLength(2);
  });

  for (const broken of ["down", "garbage", "html"] as const) {
    it(`still finds cities and the creator's spots when the geocoder is ${broken}, and says places by name are unavailable`, async () => {
      const { profile } = await offlineWorld();
      mode = broken;
      const geocoder = photon();
      const found = await searchPlaces(db, profile.id, "Park G", { geocoder });
      expect(found).toMatchObject({ geocoder: "unavailable", attribution: null });
      expect(found.places.map((p) => p.name)).toEqual(["Park Güell"]);
      // A failure is not remembered as "no such place": the next search asks again.
      await searchPlaces(db, profile.id, "Park G", { geocoder });
      expect(asked).toHaveLength(2);
    });
  }

  it("gives up on a geocoder slower than 3 s, with the offline places and the line", async () => {
    const { profile } = await offlineWorld();
    mode = "slow";
    const started = performance.now();
    const found = await searchPlaces(db, profile.id, "Sagu", { geocoder: photon() });
    const took = performance.now() - started;
    expect(found).toMatchObject({ geocoder: "unavailable", places: [expect.objectContaining({ name: "Sagunto", kind: "city" })] });
    expect(took).toBeGreaterThanOrEqual(GEOCODER_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(GEOCODER_TIMEOUT_MS + 1400);
    expect(PLACE_SEARCH_MESSAGES.unavailable).toMatch(/places by name are unavailable/i);
  });

  it("reads a pasted Google Maps place link: its name, exact position and Google place id, asking no geocoder", async () => {
    const { profile } = await offlineWorld();
    const url =
      "https://www.google.com/maps/place/Sagrada+Fam%C3%ADlia/@41.4036299,2.1743558,17z/data=!3m1!4b1!4m6!3m5!1s0x12a4a2dcd83dfb93:0x9bd8aac21bc3c950!8m2!3d41.4036299!4d2.1743558";
    const found = await searchPlaces(db, profile.id, `  ${url} `, { geocoder: photon() });
    expect(found.link).toMatchObject({ name: "Sagrada Família", lat: 41.40363, lng: 2.174356, googlePlaceId: "11229913421514525008" });
    expect(found).toMatchObject({ places: [], linkError: null });
    expect(asked).toHaveLength(0);
    // A search link without a position: the geocoder places its name, and the Place ID is kept.
    const search = await searchPlaces(
      db,
      profile.id,
      "https://www.google.com/maps/search/?api=1&query=Sagrada+Familia&query_place_id=ChIJk_s92NyipBIRUMnDG8Kq2Js",
      {
        geocoder: photon(),
      },
    );
    expect(search.link).toMatchObject({ name: "Sagrada Familia", lat: 41.4036299, lng: 2.1743558, googlePlaceId: "ChIJk_s92NyipBIRUMnDG8Kq2Js" });
  });

  it("says clearly why a pasted link that is not a place cannot be used", async () => {
    const { profile } = await offlineWorld();
    const answer = async (q: string) => (await searchPlaces(db, profile.id, q, { geocoder: photon() })).linkError;
    expect(await answer("https://example.com/sagrada-familia")).toBe(PLACE_SEARCH_MESSAGES.notAPlace);
    expect(await answer("https://www.google.com/search?q=sagrada+familia")).toBe(PLACE_SEARCH_MESSAGES.notAPlace);
    expect(await answer("https://maps.app.goo.gl/abc123")).toBe(PLACE_SEARCH_MESSAGES.shortLink);
    expect(await answer("https://www.google.com/maps/@41.40,2.17,15z")).toBeNull();
    expect(await answer("https://www.google.com/maps")).toBe(PLACE_SEARCH_MESSAGES.noPosition);
    expect(PLACE_SEARCH_MESSAGES.notAPlace).toBe("This link is not a Google Maps place. Paste the link of a place from Google Maps, or type its name.");
  });
});

describe("geocoderHits", () => {
  it("reads Photon's GeoJSON and Nominatim's array and drops hits without a name or a valid position", () => {
    expect(
      geocoderHits({
        features: [
          { geometry: { coordinates: [2.17, 41.38] }, properties: { osm_id: 1, name: "Sagrada Família", city: "Barcelona", country: "Spain" } },
          { geometry: { coordinates: [2.17, 95] }, properties: { osm_id: 2, name: "Nowhere" } },
          { geometry: { coordinates: [2.17, 41.38] }, properties: { osm_id: 3 } },
        ],
      }),
    ).toEqual([{ kind: "place", key: "place:1", name: "Sagrada Família", detail: "Barcelona, Spain", lat: 41.38, lng: 2.17 }]);
    expect(geocoderHits([{ place_id: 7, name: "Time Out Market", display_name: "Time Out Market, Lisboa", lat: "38.7069", lon: "-9.1459" }])).toEqual([
      { kind: "place", key: "place:7", name: "Time Out Market", detail: "Time Out Market, Lisboa", lat: 38.7069, lng: -9.1459 },
    ]);
    expect(geocoderHits("nonsense")).toEqual([]);
  });
});
