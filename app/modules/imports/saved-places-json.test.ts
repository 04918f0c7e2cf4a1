import { describe, expect, it } from "vitest";
import current from "../../../tests/fixtures/imports/google/Takeout/Maps (your places)/Saved Places.json?raw";
import legacy from "../../../tests/fixtures/imports/google/saved-places-legacy.json?raw";
import { isGoogleSavedPlaces, parseSavedPlacesJson } from "./saved-places-json";

function only(file: string, text: string) {
  const outcome = parseSavedPlacesJson(file, text);
  expect(outcome.errors).toEqual([]);
  expect(outcome.lists).toHaveLength(1);
  return outcome.lists[0];
}

describe("parseSavedPlacesJson: the current schema", () => {
  const list = only("Takeout/Maps (your places)/Saved Places.json", current);

  it("reads every feature as a row named and referenced by its place in the file", () => {
    expect(list).toMatchObject({ name: "Saved Places", format: "saved-places-json", description: null });
    expect(list.rows.map((row) => [row.ref, row.name, row.address])).toEqual([
      ["feature 1", "Sensō-ji", "2 Chome-3-1 Asakusa, Taito City, Tokyo 111-0032, Japan"],
      ["feature 2", "Phở Thìn Lò Đúc", "13 Lò Đúc, Hai Bà Trưng, Hà Nội, Vietnam"],
      ["feature 3", "南锣鼓巷", "Beijing"],
      ["feature 4", "21.03118, 105.85012", null],
      ["feature 5", "Kiyosumi Garden", "1 Chome-1 Kiyosumi, Koto City, Tokyo, Japan"],
    ]);
    expect(list.rows.every((row) => row.invalid === null && row.note === null && row.category === null)).toBe(true);
  });

  it("treats [0,0] as unknown and takes the position from a ?q=<lat>,<lng> link", () => {
    expect(list.rows.map((row) => [row.lat, row.lng])).toEqual([
      [35.7148, 139.7966],
      [21.0288, 105.8522],
      [null, null],
      [21.03118, 105.85012],
      [null, null],
    ]);
    expect(list.notices).toEqual([
      "1 place has no location in the export; the position was taken from the Google Maps link.",
      "2 places have no location in the export and will need placing.",
    ]);
  });

  it("keys ?cid= and ?q=…&ftid= links by the place's CID, other links by the URL", () => {
    expect(list.rows.map((row) => row.importKey)).toEqual([
      "google:cid:9876543210987654321",
      "google:cid:2102687664622566798",
      "google:cid:11651590505119483672",
      "url:https://maps.google.com?q=21.03118%2C105.85012",
      "google:cid:5555555555555555555",
    ]);
    expect(list.rows[0].url).toBe("http://maps.google.com/?cid=9876543210987654321");
  });

  it("keeps the feature as it was, date and comment included", () => {
    expect(JSON.parse(list.rows[2].original)).toEqual({
      geometry: { coordinates: [0, 0], type: "Point" },
      properties: {
        date: "2023-11-20T07:00:00Z",
        google_maps_url: "http://maps.google.com/?q=%E5%8D%97%E9%94%A3%E9%BC%93%E5%B7%B7,+Beijing&ftid=0x35f052c9a1b2c3d4:0xa1b2c3d4e5f60718",
        Comment: "No location information is available for this saved place",
      },
      type: "Feature",
    });
  });
});

describe("parseSavedPlacesJson: the older schema", () => {
  const list = only("saved-places-legacy.json", legacy);

  it("reads Title, Business Name and Address, naming a place that has none by its address or coordinates", () => {
    expect(list.name).toBe("saved-places-legacy");
    expect(list.rows.map((row) => [row.name, row.address])).toEqual([
      ["Plaça de Catalunya", "Plaça de Catalunya, 08002 Barcelona, Spain"],
      ["Trafalgar corner", null],
      ["38.72230, -9.13930", null],
      ["Piazza del Colosseo, 1, 00184 Roma RM, Italy", "Piazza del Colosseo, 1, 00184 Roma RM, Italy"],
      ["Kaffeehaus Mitte", null],
    ]);
    expect(list.rows.every((row) => row.invalid === null)).toBe(true);
  });

  it("reads the string Geo Coordinates and the geometry, and says which place needs placing", () => {
    expect(list.rows.map((row) => [row.lat, row.lng])).toEqual([
      [41.387, 2.17],
      [51.5072, -0.1276],
      [38.7223, -9.1393],
      [41.8902, 12.4922],
      [null, null],
    ]);
    expect(list.notices).toEqual(["1 place has no location in the export and will need placing."]);
    expect(list.rows.map((row) => row.importKey)).toEqual([
      "google:cid:4444444444444444444",
      "url:https://maps.google.com?q=51.5072%2C-0.1276",
      "url:https://maps.google.com?q=38.7223%2C-9.1393",
      "google:cid:3333333333333333333",
      "google:cid:2222222222222222222",
    ]);
  });

  it("takes the string Geo Coordinates when the geometry is [0,0], and refuses them out of range", () => {
    const feature = (latitude: string, longitude: string) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [0, 0] },
      properties: { "Google Maps URL": "http://maps.google.com/?cid=1", Location: { "Geo Coordinates": { Latitude: latitude, Longitude: longitude } } },
    });
    const list = only("Old.json", JSON.stringify({ type: "FeatureCollection", features: [feature("48.8584", "2.2945"), feature("98.1", "2.2945")] }));
    expect(list.rows.map((row) => [row.name, row.lat, row.lng])).toEqual([
      ["48.85840, 2.29450", 48.8584, 2.2945],
      [null, null, null],
    ]);
    expect(list.rows[1].invalid).toBeNull();
  });
});

describe("parseSavedPlacesJson: odd and broken files", () => {
  it("marks a feature with nothing to place, and an entry that is not a feature", () => {
    const list = only(
      "Odd.json",
      JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", geometry: null, properties: { date: "2020-01-01" } }, 42] }),
    );
    expect(list.rows.map((row) => [row.ref, row.invalid, row.original])).toEqual([
      ["feature 1", "Nothing to place: no name, address, link or coordinates", expect.stringContaining('"date": "2020-01-01"')],
      ["feature 2", "Not a GeoJSON feature", "42"],
    ]);
  });

  it("names the line and column where the JSON breaks", () => {
    const text = '{\n  "type": "FeatureCollection",\n  "features": [\n    { "type": "Feature" "properties": {} }\n  ]\n}\n';
    expect(parseSavedPlacesJson("Saved Places.json", text)).toEqual({
      lists: [],
      errors: [{ file: "Saved Places.json", message: "Saved Places.json: line 4, column 25: not valid JSON: Expected ',' or '}' after property value." }],
    });
  });

  it("says a cut-short file ends too early, at its last line", () => {
    const outcome = parseSavedPlacesJson("Saved Places.json", '{\n  "type": "FeatureCollection",\n  "features": [\n');
    expect(outcome.errors).toEqual([
      { file: "Saved Places.json", message: "Saved Places.json: line 3, column 16: not valid JSON: the file ends before the JSON does (cut short?)." },
    ]);
  });

  it("refuses JSON that is not a FeatureCollection", () => {
    expect(parseSavedPlacesJson("places.json", '{"places": []}').errors).toEqual([
      { file: "places.json", message: "places.json: not a Google Saved Places file (a GeoJSON FeatureCollection of saved places)." },
    ]);
  });

  it("stops one place past the limit and says so", () => {
    const features = Array.from({ length: 12 }, (_, i) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [2, 41 + i / 100] },
      properties: { google_maps_url: `http://maps.google.com/?cid=${i + 1}`, location: { name: `Place ${i}` } },
    }));
    const list = parseSavedPlacesJson("Big.json", JSON.stringify({ type: "FeatureCollection", features }), { maxRows: 10 }).lists[0];
    expect(list.rows).toHaveLength(11);
    expect(list.notices).toEqual(["Reading stopped after 11 places: one import takes at most 10."]);
  });
});

describe("isGoogleSavedPlaces", () => {
  it("knows both schemas and tells plain GeoJSON apart", () => {
    expect(isGoogleSavedPlaces(JSON.parse(current))).toBe(true);
    expect(isGoogleSavedPlaces(JSON.parse(legacy))).toBe(true);
    expect(
      isGoogleSavedPlaces({
        type: "FeatureCollection",
        features: [{ type: "Feature", geometry: { type: "Point", coordinates: [2, 41] }, properties: { name: "A" } }],
      }),
    ).toBe(false);
    expect(isGoogleSavedPlaces({ type: "Feature", properties: { google_maps_url: "http://maps.google.com/?cid=1" } })).toBe(false);
    expect(isGoogleSavedPlaces([1, 2])).toBe(false);
  });
});
