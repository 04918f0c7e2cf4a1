import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mapFeatureCollection, type ExportSpot } from "../exports/map-geojson";
import type { ParsedList } from "./import-row";
import { parseGeoJson } from "./geojson";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/imports/geojson/${name}`, import.meta.url), "utf8");

function ok(result: ReturnType<typeof parseGeoJson>): ParsedList {
  if (!result.ok) throw new Error(result.error.message);
  return result.list;
}

describe("parseGeoJson on a FeatureCollection from another tool", () => {
  const list = ok(parseGeoJson("trieste.geojson", fixture("mixed-features.geojson")));

  it("names the list from the collection and makes a row of every point feature, the rest summarised", () => {
    expect(list).toMatchObject({ file: "trieste.geojson", format: "geojson", name: "Trieste walks", description: null });
    expect(list.rows.map(({ ref, name, lat, lng, invalid }) => ({ ref, name, lat, lng, invalid }))).toEqual([
      { ref: "feature 1", name: "Molo Audace", lat: 45.6503, lng: 13.7703, invalid: null },
      { ref: "feature 2", name: "Caffè degli Specchi", lat: 45.6463, lng: 13.7649, invalid: null },
      { ref: "feature 3", name: "Osmiza somewhere on the Karst", lat: null, lng: null, invalid: null },
      {
        ref: "feature 6",
        name: "Typo in longitude",
        lat: null,
        lng: null,
        invalid: "Coordinates out of range (latitude 45.65, longitude 193.77): latitude must be between -90 and 90, longitude between -180 and 180",
      },
      { ref: "feature 7", name: null, lat: 45.6441, lng: 13.7756, invalid: "No name" },
      { ref: "feature 8", name: null, lat: null, lng: null, invalid: "Not a GeoJSON Feature" },
    ]);
    expect(list.notices).toEqual(["1 line (Strada Napoleonica; 4 points) and 1 area (Val Rosandra; 4 points) are summarised, not imported as spots."]);
  });

  it("reads notes (HTML sanitised), categories with simplestyle icon and colour, URLs, addresses, photos and ids", () => {
    const [molo, specchi, osmiza] = list.rows;
    expect(molo).toMatchObject({
      note: "Windy pier.\nGo at [sunset](https://example.org/sunset).",
      category: { name: "Sea", icon: "harbor", color: "#1E90FF" },
      url: "https://example.org/molo",
      photos: ["https://img.example.org/molo.jpg"],
      importKey: "101",
    });
    expect(specchi).toMatchObject({
      note: "Coffee & cake",
      address: "Piazza Unità d'Italia 7, Trieste",
      photos: ["https://img.example.org/specchi.jpg"],
      category: null,
      importKey: null,
    });
    expect(osmiza).toMatchObject({ note: "Look for the branch over the gate" });
    expect(JSON.parse(osmiza.original)).toEqual({
      type: "Feature",
      geometry: null,
      properties: { name: "Osmiza somewhere on the Karst", note: "Look for the branch over the gate" },
    });
    expect(list.rows[5].original).toBe('"not a feature"');
  });
});

describe("parseGeoJson", () => {
  it("reads one Feature, and a bare Point (named after the file)", () => {
    expect(
      ok(parseGeoJson("one.json", '{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]},"properties":{"name":"A"}}')).rows[0],
    ).toMatchObject({
      name: "A",
      lat: 2.5,
      lng: 1.5,
    });
    const bare = ok(parseGeoJson("data/Spot.geojson", '\uFEFF{"type":"Point","coordinates":[-73.98,40.75]}'));
    expect(bare).toMatchObject({ name: "Spot", notices: [] });
    expect(bare.rows).toEqual([
      expect.objectContaining({
        ref: "feature 1",
        name: null,
        lat: 40.75,
        lng: -73.98,
        invalid: "No name",
        original: '{"type":"Feature","geometry":{"type":"Point","coordinates":[-73.98,40.75]},"properties":{}}',
      }),
    ]);
  });

  it("says so when a collection holds no features", () => {
    expect(ok(parseGeoJson("empty.geojson", '{"type":"FeatureCollection","features":[]}'))).toMatchObject({ rows: [], notices: ["The file holds no places."] });
  });

  it("marks broken geometries invalid with the reason", () => {
    const list = ok(
      parseGeoJson(
        "bad.geojson",
        JSON.stringify({
          type: "FeatureCollection",
          features: [
            { type: "Feature", geometry: { type: "Point", coordinates: [10] }, properties: { name: "Short" } },
            { type: "Feature", geometry: { type: "Point", coordinates: ["ten", 20] }, properties: { name: "Words" } },
            { type: "Feature", geometry: { type: "Circle", radius: 5 }, properties: { name: "Circle" } },
          ],
        }),
      ),
    );
    expect(list.rows.map((row) => row.invalid)).toEqual([
      "The Point has no [longitude, latitude] pair",
      "Coordinates are not numbers (latitude 20, longitude ten)",
      'Unknown geometry type "Circle"',
    ]);
  });

  it("refuses lines and areas with empty or unreadable coordinates with that reason, instead of summarising or placing them", () => {
    const feature = (name: string, geometry: unknown) => ({ type: "Feature", geometry, properties: { name } });
    const list = ok(
      parseGeoJson(
        "paths.geojson",
        JSON.stringify({
          type: "FeatureCollection",
          features: [
            feature("Empty line", { type: "LineString", coordinates: [] }),
            feature("Words", {
              type: "LineString",
              coordinates: [
                ["no", "no"],
                [13.7, 45.6],
              ],
            }),
            feature("No ring", { type: "Polygon", coordinates: null }),
            feature("Good line", {
              type: "LineString",
              coordinates: [
                [13.7, 45.6],
                [13.8, 45.7],
              ],
            }),
          ],
        }),
      ),
    );
    expect(list.rows.map(({ name, lat, lng, invalid }) => ({ name, lat, lng, invalid }))).toEqual([
      { name: "Empty line", lat: null, lng: null, invalid: "No coordinates: this line is empty, and lines and areas are not imported as spots (LineString)" },
      {
        name: "Words",
        lat: null,
        lng: null,
        invalid: 'Unreadable coordinates (“[["no","no"],[13.7,45.6]]”): this line cannot be read, and lines and areas are not imported as spots (LineString)',
      },
      { name: "No ring", lat: null, lng: null, invalid: "No coordinates: this area is empty, and lines and areas are not imported as spots (Polygon)" },
    ]);
    expect(list.notices).toEqual(["1 line (Good line; 2 points) is summarised, not imported as a spot."]);
  });

  it("says what a collection holds beside its point (a line, more points), and gives the coordinates' reason before the missing name", () => {
    const list = ok(
      parseGeoJson(
        "mixed.geojson",
        JSON.stringify({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              properties: { name: "Harbour Master" },
              geometry: {
                type: "GeometryCollection",
                geometries: [
                  {
                    type: "LineString",
                    coordinates: [
                      [-122.4425, 37.8066],
                      [-122.4428, 37.8066],
                    ],
                  },
                  { type: "Point", coordinates: [-122.4428, 37.8065] },
                ],
              },
            },
            {
              type: "Feature",
              properties: { name: "Two stops" },
              geometry: {
                type: "MultiPoint",
                coordinates: [
                  [2.17, 41.38],
                  [2.18, 41.39],
                ],
              },
            },
            { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: ["no", "no"] } },
          ],
        }),
      ),
    );
    expect(list.rows.map(({ name, lat, lng }) => [name, lat, lng])).toEqual([
      ["Harbour Master", 37.8065, -122.4428],
      ["Two stops", 41.38, 2.17],
      [null, null, null],
    ]);
    expect(list.rows[2].invalid).toBe("Coordinates are not numbers (latitude no, longitude no); it has no name either");
    expect(list.notices).toEqual([
      "1 line and 1 more point beside the points of 2 places (Harbour Master, Two stops) are not imported: only each place's first point is.",
    ]);
  });

  it("refuses what is not JSON or not GeoJSON, naming the file", () => {
    const broken = parseGeoJson("x.geojson", '{"type": "FeatureCollection",\n "features": [}');
    expect(broken.ok || broken.error.message).toMatch(/^x\.geojson: this is not valid JSON \(.+\)\.$/);
    expect(parseGeoJson("x.geojson", '{"type":"Topology"}')).toEqual({
      ok: false,
      error: { file: "x.geojson", message: 'x.geojson: this is not GeoJSON (its "type" is "Topology", not FeatureCollection, Feature or a geometry).' },
    });
    expect(parseGeoJson("x.geojson", "[1,2]")).toEqual({
      ok: false,
      error: { file: "x.geojson", message: "x.geojson: this is not GeoJSON (expected an object with a FeatureCollection, a Feature or a geometry)." },
    });
    expect(parseGeoJson("x.geojson", '{"type":"FeatureCollection"}').ok).toBe(false);
  });

  it("reads back our own GeoJSON export: name, coordinates, note, category, photos, id and the creator's order", () => {
    const spot = (id: string, name: string, extra: Partial<ExportSpot> = {}): ExportSpot => ({
      id,
      name,
      summary: null,
      description: null,
      lat: 45.65,
      lng: 13.77,
      category: null,
      address: null,
      website: null,
      photos: [],
      url: `https://spotfolio.example/c/ana/trieste/${id}`,
      isPublished: true,
      ...extra,
    });
    const collection = mapFeatureCollection({ title: "Trieste", summary: "Best of", url: "https://spotfolio.example/c/ana/trieste" }, [
      spot("s1", "Molo", { summary: "Windy", description: "Bring a coat", category: "Sea", lat: 45.650312, lng: 13.770298 }),
      spot("s2", "Specchi", { address: "Piazza Unità", photos: ["https://cdn.example/1.jpg"] }),
      spot("s3", "Osmiza", { category: "Food" }),
    ]);
    // Shuffled on the way, as a tool that sorts by name would: `order` puts the spots back.
    const shuffled = { ...collection, features: [collection.features[2], collection.features[0], collection.features[1]] };
    const list = ok(parseGeoJson("trieste.geojson", JSON.stringify(shuffled)));
    expect(list).toMatchObject({ name: "Trieste", description: "Best of", notices: [] });
    expect(
      list.rows.map(({ name, lat, lng, note, category, address, photos, url, importKey }) => ({
        name,
        lat,
        lng,
        note,
        category,
        address,
        photos,
        url,
        importKey,
      })),
    ).toEqual([
      {
        name: "Molo",
        lat: 45.650312,
        lng: 13.770298,
        note: "Windy\n\nBring a coat",
        category: { name: "Sea", icon: null, color: null },
        address: null,
        photos: [],
        url: "https://spotfolio.example/c/ana/trieste/s1",
        importKey: "s1",
      },
      {
        name: "Specchi",
        lat: 45.65,
        lng: 13.77,
        note: null,
        category: null,
        address: "Piazza Unità",
        photos: ["https://cdn.example/1.jpg"],
        url: "https://spotfolio.example/c/ana/trieste/s2",
        importKey: "s2",
      },
      {
        name: "Osmiza",
        lat: 45.65,
        lng: 13.77,
        note: null,
        category: { name: "Food", icon: null, color: null },
        address: null,
        photos: [],
        url: "https://spotfolio.example/c/ana/trieste/s3",
        importKey: "s3",
      },
    ]);
  });
});
