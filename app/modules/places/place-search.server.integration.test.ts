import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { geocoderHits, searchPlaces } from "./place-search.server";

const db = await setupTestDatabase();

describe("searchPlaces", () => {
  it("finds the creator's own spots and cities, never another creator's spots", async () => {
    const { profile } = await createCreator(db);
    await createMap(db, { ownerId: profile.id, title: "Mine" }, { spots: 1, spotOverrides: () => ({ name: "Pastéis de Belém", lat: 38.6975, lng: -9.2033 }) });
    await createMap(db, { title: "Theirs" }, { spots: 1, spotOverrides: () => ({ name: "Pastéis elsewhere" }) });
    await createCity(db, { name: "Paris", country: "FR", lat: 48.85, lng: 2.35, population: 2_000_000 });
    const hits = await searchPlaces(db, profile.id, "Pas");
    expect(hits).toEqual([{ kind: "spot", key: expect.any(String), name: "Pastéis de Belém", detail: "Mine", lat: 38.6975, lng: -9.2033 }]);
    expect(await searchPlaces(db, profile.id, "par")).toEqual([{ kind: "city", key: expect.any(String), name: "Paris", detail: "FR", lat: 48.85, lng: 2.35 }]);
    expect(await searchPlaces(db, profile.id, "%")).toEqual([]);
  });

  it("adds the geocoder's places when GEOCODER_URL is set, and carries on without them when it fails", async () => {
    const { profile } = await createCreator(db);
    const asked: string[] = [];
    const nominatim = (async (url: URL) => {
      asked.push(String(url));
      return Response.json([{ place_id: 7, name: "Time Out Market", display_name: "Time Out Market, Lisboa, Portugal", lat: "38.7069", lon: "-9.1459" }]);
    }) as unknown as typeof fetch;
    const hits = await searchPlaces(db, profile.id, "time out", { geocoderUrl: "https://geo.example/search?format=json", fetch: nominatim });
    expect(hits).toEqual([{ kind: "place", key: "place:7", name: "Time Out Market", detail: "Time Out Market, Lisboa, Portugal", lat: 38.7069, lng: -9.1459 }]);
    expect(asked).toEqual(["https://geo.example/search?format=json&q=time+out&limit=5"]);
    const failing = (async () => new Response("busy", { status: 503 })) as unknown as typeof fetch;
    expect(await searchPlaces(db, profile.id, "time out", { geocoderUrl: "https://geo.example/search", fetch: failing })).toEqual([]);
  });
});

describe("geocoderHits", () => {
  it("reads Photon's GeoJSON and drops hits without a name or a valid position", () => {
    expect(
      geocoderHits({
        features: [
          { geometry: { coordinates: [2.17, 41.38] }, properties: { osm_id: 1, name: "Sagrada Família", city: "Barcelona", country: "Spain" } },
          { geometry: { coordinates: [2.17, 95] }, properties: { osm_id: 2, name: "Nowhere" } },
          { geometry: { coordinates: [2.17, 41.38] }, properties: { osm_id: 3 } },
        ],
      }),
    ).toEqual([{ kind: "place", key: "place:1", name: "Sagrada Família", detail: "Barcelona, Spain", lat: 41.38, lng: 2.17 }]);
    expect(geocoderHits("nonsense")).toEqual([]);
  });
});
