import { describe, expect, it } from "vitest";
import { sharedFixtureBytes } from "../../../tests/fixtures/shared-fixtures";
import { toGpx } from "../exports/gpx";
import { mapFeatureCollection, type ExportSpot } from "../exports/map-geojson";
import type { ParsedList } from "./import-row";
import { parseGpx } from "./gpx";
import { pathsNotice } from "./import-fields";

// The BOM is kept in the text, as a reader that does not strip it would hand it over.
const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

function list(file: string, text: string): ParsedList {
  const result = parseGpx(file, text);
  if (!result.ok) throw new Error(result.error.message);
  return result.list;
}
const real = (name: string) => list(name, decode(sharedFixtureBytes(`imports/${name}`)));
const invalidCount = (parsed: ParsedList) => parsed.rows.filter((row) => row.invalid).length;

describe("parseGpx on the six real GPX files", () => {
  it("GPX 1.1 with every field: 2 waypoints (one empty, kept as an invalid row), 2 routes and 2 tracks summarised", () => {
    const parsed = real("gpx11_all-fields_wpt-rte-trk.gpx");
    expect(parsed).toMatchObject({ format: "gpx", name: "example name", description: "example description" });
    expect(parsed.rows).toHaveLength(2);
    expect(invalidCount(parsed)).toBe(1);
    expect(parsed.notices).toEqual([
      "2 tracks (example name t; 1 point) and 2 routes (example name, second route; 5 points) are summarised, not imported as spots.",
    ]);
    const [full, empty] = parsed.rows;
    expect(full).toMatchObject({
      file: "gpx11_all-fields_wpt-rte-trk.gpx",
      ref: "wpt 1",
      name: "example name",
      note: "example desc\n\nexample cmt",
      url: "http://link3/",
      address: null,
      category: { name: "example type", icon: "example sym", color: null },
      photos: [],
      lat: 12.3,
      lng: 45.6,
      importKey: null,
      invalid: null,
    });
    expect(full.original).toMatch(/^<wpt lat="12.3" lon="45.6"[^>]*>[\s\S]*<name>example name<\/name>[\s\S]*<\/wpt>$/);
    expect(empty).toMatchObject({ ref: "wpt 2", name: null, note: null, category: null, lat: 13.4, lng: 46.7, invalid: "No name" });
  });

  it("GPX 1.0 from GPSBabel: 7 waypoints with sym as category, equal cmt and desc kept once, 8 tracks of 296 points summarised", () => {
    const parsed = real("gpx10_gpsbabel_waypoints-sym-cmt_tracks.gpx");
    expect(parsed.name).toBe("gpx10_gpsbabel_waypoints-sym-cmt_tracks");
    expect(parsed.rows).toHaveLength(7);
    expect(invalidCount(parsed)).toBe(0);
    expect(parsed.notices).toEqual(["8 tracks (ACTIVE LOG, ACTIVE LOG #2, ACTIVE LOG #3 and 5 more; 296 points) are summarised, not imported as spots."]);
    expect(parsed.rows.map((row) => row.name)).toEqual(["001", "BACK T TH", "BIRDS NEST", "FAGGIO", "RAKOV12", "RAKV SKCJN", "VANSHNG LK"]);
    expect(parsed.rows[0]).toMatchObject({
      note: "05-AUG-10 16:58:37",
      category: { name: "Flag, Blue", icon: "Flag, Blue", color: null },
      lat: 45.772163216,
      lng: 14.357652292,
    });
    expect(parsed.rows[1]).toMatchObject({ note: "BACK TO THE ROOTS", category: { name: "City (Small)", icon: "City (Small)", color: null } });
  });

  it("GPX 1.0 with non-ASCII names: 6 waypoints, šđčćž and ŠĐČĆŽ intact", () => {
    const parsed = real("gpx10_non-ascii-waypoint-names.gpx");
    expect(parsed.rows).toHaveLength(6);
    expect(invalidCount(parsed)).toBe(0);
    expect(parsed.notices).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({ ref: "wpt 1", name: "šđčćž", note: "BACK TO THE ROOTS\n\nŠĐČĆŽ", lat: 45.757933259, lng: 14.294899916 });
    expect(parsed.rows[0].original).toContain("<name>šđčćž</name>");
  });

  it("a UTF-8 BOM and no version or namespace: 1 waypoint", () => {
    const text = decode(sharedFixtureBytes("imports/gpx_utf8-bom.gpx"));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = list("gpx_utf8-bom.gpx", text);
    expect(parsed.name).toBe("gpx_utf8-bom");
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ name: "test", note: "test desc\n\n69.26474016", lat: 43.309634, lng: 3.515386, invalid: null });
    expect(parsed.notices).toEqual([]);
  });

  it("CRLF line endings: no waypoint, 1 track of 3 points summarised", () => {
    const text = decode(sharedFixtureBytes("imports/gpx_crlf-line-endings_track.gpx"));
    expect(text).toContain("\r\n");
    const parsed = list("gpx_crlf-line-endings_track.gpx", text);
    expect(parsed.rows).toEqual([]);
    expect(parsed.notices).toEqual(["1 track (3 points) is summarised, not imported as a spot."]);
  });

  it("OpenCPN GPX 1.1: the route's 16 named points are not spots", () => {
    const parsed = real("gpx11_opencpn_route.gpx");
    expect(parsed.rows).toEqual([]);
    expect(parsed.notices).toEqual(["1 route (Around Orcas; 16 points) is summarised, not imported as a spot."]);
  });
});

describe("parseGpx", () => {
  it("keeps waypoints with bad coordinates as invalid rows, and those without any as rows to place", () => {
    const parsed = list(
      "odd.gpx",
      `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="95" lon="10"><name>North of north</name></wpt>
        <wpt lat="abc" lon="10"><name>Typo</name></wpt>
        <wpt><name>Somewhere</name></wpt>
        <wpt lat="0" lon="0"><name>Null Island</name><url>https://example.com/x</url></wpt>
      </gpx>`,
    );
    expect(parsed.rows.map(({ name, lat, lng, invalid }) => ({ name, lat, lng, invalid }))).toEqual([
      {
        name: "North of north",
        lat: null,
        lng: null,
        invalid: "Coordinates out of range (latitude 95, longitude 10): latitude must be between -90 and 90, longitude between -180 and 180",
      },
      { name: "Typo", lat: null, lng: null, invalid: "Coordinates are not numbers (latitude abc, longitude 10)" },
      { name: "Somewhere", lat: null, lng: null, invalid: null },
      { name: "Null Island", lat: 0, lng: 0, invalid: null },
    ]);
    expect(parsed.rows[3].url).toBe("https://example.com/x");
  });

  it("refuses a nameless waypoint with coordinates `no,no` for its coordinates first, not only as 'No name'", () => {
    const parsed = list("bad.gpx", `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="no" lon="no"/><wpt lat="45" lon="13"/></gpx>`);
    expect(parsed.rows.map((row) => row.invalid)).toEqual(["Coordinates are not numbers (latitude no, longitude no); it has no name either", "No name"]);
  });

  it("refuses a file that is not GPX, or broken, naming the file", () => {
    expect(parseGpx("a.gpx", "<kml><Document/></kml>")).toEqual({
      ok: false,
      error: { file: "a.gpx", message: "a.gpx: this is not a GPX file (its first element is <kml>, not <gpx>)." },
    });
    const broken = parseGpx("b.gpx", "<gpx>\n<wpt lat='1' lon='2'>\n</gpx>");
    expect(broken.ok || broken.error.message).toBe('b.gpx: line 2, column 22: Opening and ending tag mismatch: "wpt" != "gpx" (the file is not valid XML).');
  });

  it("reads back our own GPX export: names, coordinates, notes, categories, photos and order", () => {
    const spot = (id: string, name: string, extra: Partial<ExportSpot> = {}): ExportSpot => ({
      id,
      name,
      summary: null,
      description: null,
      lat: 46.0569,
      lng: 14.5058,
      category: null,
      address: null,
      website: null,
      photos: [],
      url: `https://spotfolio.example/c/ana/ljubljana/${id}`,
      isPublished: true,
      ...extra,
    });
    const gpx = toGpx(
      mapFeatureCollection({ title: "Ljubljana <3 & more", summary: "Best of", url: "https://spotfolio.example/c/ana/ljubljana" }, [
        spot("s1", "Kavarna Čokl", {
          summary: "Coffee",
          description: "Line 1\nLine 2",
          category: "Cafés",
          lat: 46.0512341,
          lng: 14.5061234,
          website: "https://cokl.example/",
        }),
        spot("s2", "Tivoli", { photos: ["https://cdn.example/p/1.jpg", "https://cdn.example/p/2.jpg"] }),
      ]),
    );
    const parsed = list("ljubljana.gpx", gpx);
    expect(parsed).toMatchObject({ name: "Ljubljana <3 & more", description: "Best of", notices: [] });
    expect(parsed.rows.map(({ name, lat, lng, note, category, url, photos, invalid }) => ({ name, lat, lng, note, category, url, photos, invalid }))).toEqual([
      {
        name: "Kavarna Čokl",
        lat: 46.051234,
        lng: 14.506123,
        note: "Coffee\n\nLine 1\nLine 2",
        category: { name: "Cafés", icon: null, color: null },
        url: "https://spotfolio.example/c/ana/ljubljana/s1",
        photos: [],
        invalid: null,
      },
      {
        name: "Tivoli",
        lat: 46.0569,
        lng: 14.5058,
        note: null,
        category: null,
        url: "https://spotfolio.example/c/ana/ljubljana/s2",
        photos: ["https://cdn.example/p/1.jpg", "https://cdn.example/p/2.jpg"],
        invalid: null,
      },
    ]);
  });
});

describe("pathsNotice", () => {
  it("counts with thousands separators and says nothing when there are no paths", () => {
    expect(
      pathsNotice([
        {
          one: "track",
          paths: [
            { name: null, points: 1234 },
            { name: "B", points: 1 },
          ],
        },
      ]),
    ).toBe("2 tracks (B; 1,235 points) are summarised, not imported as spots.");
    expect(pathsNotice([{ one: "route", paths: [] }])).toBeNull();
  });
});

describe("an empty file", () => {
  it("says it holds no places", () => {
    expect(list("empty.gpx", '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><metadata/></gpx>')).toMatchObject({
      rows: [],
      notices: ["The file holds no places."],
    });
  });
});
