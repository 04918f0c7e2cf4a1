/**
 * JSON nested far deeper than any map file (issue 28, item 5): refused with a message before
 * anything walks it, instead of overflowing the stack (a 500). Map files stay readable.
 */
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseGeoJson } from "./geojson";
import { parseImportFiles } from "./parse-files";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-text";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const bytes = (text: string) => new TextEncoder().encode(text);
const MESSAGE = `this JSON is nested more than ${MAX_JSON_DEPTH} levels deep, deeper than any map file; it was not read.`;

const DEEP = {
  coordinates: `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":${nested(50_000)}}}]}`,
  geometry: `{"type":"Point","coordinates":${nested(50_000)}}`,
  features: `{"type":"FeatureCollection","features":${nested(50_000)}}`,
  property: `{"type":"Feature","properties":{"name":${nested(50_000).replaceAll("[]", "[{}]")}},"geometry":null}`,
  objects: `{"type":"FeatureCollection","features":[],"x":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`,
};

describe("JSON nested 50,000 levels deep", () => {
  for (const [where, source] of Object.entries(DEEP)) {
    it(`in ${where}: the GeoJSON reader refuses it with a message`, () => {
      expect(parseGeoJson("deep.geojson", source)).toEqual({ ok: false, error: { file: "deep.geojson", message: `deep.geojson: ${MESSAGE}` } });
    });

    it(`in ${where}: an upload of it (as .geojson, .json, or in a zip) is refused with the message, the other files read`, () => {
      const fine = `{"type":"Feature","properties":{"name":"Fine"},"geometry":{"type":"Point","coordinates":[2.35,48.85]}}`;
      const outcome = parseImportFiles([
        { name: "deep.geojson", bytes: bytes(source) },
        { name: "Saved Places.json", bytes: bytes(source) },
        { name: "takeout.zip", bytes: zipSync({ "Takeout/Maps/Saved Places.json": bytes(source) }) },
        { name: "fine.geojson", bytes: bytes(fine) },
      ]);
      expect(outcome.errors.map((e) => e.message)).toEqual(expect.arrayContaining([`deep.geojson: ${MESSAGE}`, `Saved Places.json: ${MESSAGE}`]));
      expect(outcome.errors.every((e) => e.message.includes(MESSAGE))).toBe(true);
      expect(outcome.errors).toHaveLength(3);
      expect(outcome.lists.flatMap((l) => l.rows.map((r) => r.name))).toEqual(["Fine"]);
    });
  }
});

describe("the depth check", () => {
  it("counts objects and arrays, not brackets inside strings (escaped quotes included)", () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":[{"b":[1]}]}`, 4)).toBe(false);
    expect(nestsDeeperThan(`{"a":[{"b":[1]}]}`, 3)).toBe(true);
    expect(nestsDeeperThan(`["${"[".repeat(1000)}", "\\"${"{".repeat(1000)}"]`, 1)).toBe(false);
  });

  it("lets the deepest real GeoJSON through (a MultiPolygon with a hole, in a FeatureCollection)", () => {
    const multiPolygon = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { name: "A park", note: "brackets [[[ in text ]]] are text" },
          geometry: {
            type: "MultiPolygon",
            coordinates: [
              [
                [
                  [2, 48],
                  [3, 48],
                  [3, 49],
                  [2, 48],
                ],
                [
                  [2.1, 48.1],
                  [2.2, 48.1],
                  [2.2, 48.2],
                  [2.1, 48.1],
                ],
              ],
            ],
          },
        },
        { type: "Feature", properties: { name: "A point" }, geometry: { type: "Point", coordinates: [2.35, 48.85] } },
      ],
    };
    const parsed = parseGeoJson("park.geojson", JSON.stringify(multiPolygon));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.list.rows.map((r) => r.name)).toEqual(["A point"]);
  });
});
