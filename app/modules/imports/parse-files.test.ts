import { readFileSync } from "node:fs";
import { strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import savedPlaces from "../../../tests/fixtures/imports/google/Takeout/Maps (your places)/Saved Places.json?raw";
import starred from "../../../tests/fixtures/imports/google/Takeout/Saved/Starred.csv?raw";
import broken from "../../../tests/fixtures/imports/google/broken.csv?raw";
import { sharedFixtureBytes } from "../../../tests/fixtures/shared-fixtures";
import { parseGpx } from "./gpx";
import { IMPORT_LIMITS, type ImportFile, type ParseOutcome } from "./import-row";
import { parseKml, parseKmz } from "./kml";
import { parseImportFiles } from "./parse-files";

const FIXTURES = new URL("../../../tests/fixtures/imports/google/", import.meta.url);
const TAKEOUT_ZIP = "takeout-20260301.zip";

const file = (name: string, content: string | Uint8Array): ImportFile => ({ name, bytes: typeof content === "string" ? strToU8(content) : content });

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Harbour walk</name>
<Placemark><name>Old lighthouse</name><Point><coordinates>5.3698,43.2965,0</coordinates></Point></Placemark>
</Document></kml>
`;
const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="43.2951" lon="5.3744"><name>Fort</name></wpt>
<wpt lat="43.2841" lon="5.3711"><name>Beach</name></wpt>
</gpx>
`;
const GEOJSON = JSON.stringify({
  type: "FeatureCollection",
  features: [{ type: "Feature", geometry: { type: "Point", coordinates: [5.3698, 43.2965] }, properties: { name: "Quay" } }],
});

const summary = (outcome: ParseOutcome) => outcome.lists.map((list) => [list.file, list.format, list.name, list.rows.length]);
const rowCount = (outcome: ParseOutcome) => outcome.lists.reduce((total, list) => total + list.rows.length, 0);

/** A CSV of `count` dropped pins. */
function pins(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => `Pin ${i},,"https://www.google.com/maps/search/${(i % 80) + 1}.5,${(i % 170) + 1}.25",`);
  return `Title,Note,URL,Comment\n${rows.join("\n")}\n`;
}

describe("parseImportFiles: a Takeout zip", () => {
  const outcome = parseImportFiles([file(TAKEOUT_ZIP, readFileSync(new URL(TAKEOUT_ZIP, FIXTURES)))]);

  it("reads the saved lists and Saved Places.json, and ignores the rest, saying how many", () => {
    expect(outcome.errors).toEqual([]);
    expect(summary(outcome)).toEqual([
      ["Takeout/Maps (your places)/Saved Places.json", "saved-places-json", "Saved Places", 5],
      ["Takeout/Saved/Hanoi pins.csv", "takeout-csv", "Hanoi pins", 3],
      ["Takeout/Saved/Kissaten.csv", "takeout-csv", "Kissaten", 2],
      ["Takeout/Saved/Next trip.csv", "takeout-csv", "Next trip", 0],
      ["Takeout/Saved/Saved.csv", "takeout-csv", "Saved", 3],
      ["Takeout/Saved/Starred.csv", "takeout-csv", "Starred", 2],
      ["Takeout/Saved/Want to go.csv", "takeout-csv", "Want to go", 5],
    ]);
    expect(rowCount(outcome)).toBe(20);
    expect(outcome.lists[0].notices).toEqual([
      "1 place has no location in the export; the position was taken from the Google Maps link.",
      "2 places have no location in the export and will need placing.",
      "3 other files in takeout-20260301.zip were not read (not saved lists, places or map files).",
    ]);
  });

  it("counts what the lists found: coordinates from links, invalid rows and import keys", () => {
    const rows = outcome.lists.flatMap((list) => list.rows);
    expect(rows.filter((row) => row.lat !== null)).toHaveLength(6);
    expect(rows.filter((row) => row.invalid !== null).map((row) => row.invalid)).toEqual([
      "Not a place: https://www.example.com/travel/tokyo-ramen",
      "Not a place: https://www.example.org/rail/pass-guide",
    ]);
    expect(rows.filter((row) => row.importKey?.startsWith("google:cid:"))).toHaveLength(14);
  });

  it("is built from the fixture folder, entry for entry", () => {
    const entries = unzipSync(readFileSync(new URL(TAKEOUT_ZIP, FIXTURES)));
    const takeout = Object.keys(entries).filter((path) => /\.(csv|json)$/.test(path) && (path.includes("/Saved/") || path.endsWith("Saved Places.json")));
    expect(takeout).toHaveLength(7);
    for (const path of takeout) expect(entries[path], path).toEqual(new Uint8Array(readFileSync(new URL(path, FIXTURES))));
  });
});

describe("parseImportFiles: recognising files by their content", () => {
  it("reads each format whatever the file is called", () => {
    const outcome = parseImportFiles([
      file("export.txt", savedPlaces),
      file("places.json", starred),
      file("track.xml", GPX),
      file("map.txt", KML),
      file("points.json", GEOJSON),
    ]);
    expect(outcome.errors).toEqual([]);
    expect(summary(outcome)).toEqual([
      ["export.txt", "saved-places-json", "export.txt", 5],
      ["places.json", "takeout-csv", "places.json", 2],
      ["track.xml", "gpx", "track", 2],
      ["map.txt", "kml", "Harbour walk", 1],
      ["points.json", "geojson", "points", 1],
    ]);
  });

  it("hands the real GPX files and the My Maps exports to their readers, unchanged", () => {
    const gpx = [
      "gpx10_gpsbabel_waypoints-sym-cmt_tracks.gpx",
      "gpx10_non-ascii-waypoint-names.gpx",
      "gpx11_all-fields_wpt-rte-trk.gpx",
      "gpx11_opencpn_route.gpx",
      "gpx_crlf-line-endings_track.gpx",
      "gpx_utf8-bom.gpx",
    ];
    for (const name of gpx) {
      const bytes = sharedFixtureBytes(`imports/${name}`);
      const direct = parseGpx(name, new TextDecoder().decode(bytes));
      expect(parseImportFiles([file(name, bytes)]), name).toEqual(direct.ok ? { lists: [direct.list], errors: [] } : { lists: [], errors: [direct.error] });
    }
    const kml = readFileSync(new URL("../mymaps/lisbon-food-and-views.kml", FIXTURES), "utf8");
    const direct = parseKml("Lisbon.kml", kml);
    expect(direct.ok).toBe(true);
    expect(parseImportFiles([file("Lisbon.kml", kml)])).toEqual({ lists: [direct.ok && direct.list], errors: [] });
    const linkOnly = zipSync({ "doc.kml": strToU8(readFileSync(new URL("../mymaps/networklink-doc.kml", FIXTURES), "utf8")) });
    const refusedKmz = parseKmz("Live map.kmz", linkOnly);
    expect(refusedKmz.ok).toBe(false);
    expect(parseImportFiles([file("Live map.kmz", linkOnly)])).toEqual({ lists: [], errors: [!refusedKmz.ok && refusedKmz.error] });
  });

  it("reads a KMZ, whatever its name, as one My Maps file", () => {
    const kmz = zipSync({ "doc.kml": strToU8(KML), images: { "icon-1.png": new Uint8Array([137, 80, 78, 71]) } });
    const outcome = parseImportFiles([file("Harbour walk.zip", kmz)]);
    expect(outcome.errors).toEqual([]);
    expect(summary(outcome)).toEqual([["Harbour walk.zip", "kml", "Harbour walk", 1]]);
  });

  it("reads the KML, KMZ, GPX and GeoJSON inside a zip, and leaves macOS's resource forks alone", () => {
    const zip = zipSync({
      "trip/walk.kml": strToU8(KML),
      "trip/old.kmz": zipSync({ "doc.kml": strToU8(KML) }),
      "trip/forts.gpx": strToU8(GPX),
      "trip/quay.geojson": strToU8(GEOJSON),
      "trip/notes.txt": strToU8("remember the ferry"),
      "__MACOSX/trip/._walk.kml": new Uint8Array([0, 5, 22, 7, 0, 2, 0, 0]),
    } satisfies Zippable);
    const outcome = parseImportFiles([file("trip.zip", zip)]);
    expect(outcome.errors).toEqual([]);
    expect(summary(outcome)).toEqual([
      ["trip/forts.gpx", "gpx", "forts", 2],
      ["trip/old.kmz", "kml", "Harbour walk", 1],
      ["trip/quay.geojson", "geojson", "quay", 1],
      ["trip/walk.kml", "kml", "Harbour walk", 1],
    ]);
    expect(outcome.lists[0].notices).toContain("2 other files in trip.zip were not read (not saved lists, places or map files).");
  });

  it("reads a UTF-16 CSV with its byte order mark", () => {
    const text = `\uFEFF${starred}`;
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i += 1) {
      bytes[i * 2] = text.charCodeAt(i) & 0xff;
      bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
    }
    const outcome = parseImportFiles([file("Starred.csv", bytes)]);
    expect(outcome.lists[0].rows.map((row) => row.name)).toEqual(["Meiji Jingu", "Yoyogi Park"]);
  });
});

describe("parseImportFiles: files it refuses, naming them", () => {
  it("refuses one broken file and still reads the others", () => {
    const outcome = parseImportFiles([file("broken.csv", broken), file("Starred.csv", starred)]);
    expect(summary(outcome)).toEqual([["Starred.csv", "takeout-csv", "Starred", 2]]);
    expect(outcome.errors).toEqual([
      { file: "broken.csv", message: "broken.csv: line 2: a quoted field opened in this record is never closed, so the file is cut short or not a CSV." },
    ]);
  });

  it("refuses an upload over 50 MB without reading it", () => {
    const outcome = parseImportFiles([file("huge.csv", new Uint8Array(IMPORT_LIMITS.maxUploadBytes + 1))]);
    expect(outcome).toEqual({ lists: [], errors: [{ file: "huge.csv", message: "huge.csv: the file is 50.1 MB; one upload takes at most 50 MB." }] });
    const bigger = parseImportFiles([file("huge.zip", new Uint8Array(IMPORT_LIMITS.maxUploadBytes + 6 * 1024 * 1024))]);
    expect(bigger.errors[0].message).toBe("huge.zip: the file is 56 MB; one upload takes at most 50 MB.");
  });

  it("refuses text that is not UTF-8, naming the line", () => {
    const latin1 = new Uint8Array([...strToU8("Title,Note,URL\nCaf"), 0xe9, ...strToU8(",,\n")]);
    expect(parseImportFiles([file("Cafés.csv", latin1)]).errors).toEqual([
      {
        file: "Cafés.csv",
        message: "Cafés.csv: line 2: the file is not UTF-8 text (it was saved in another encoding); save it again as UTF-8 and upload it again.",
      },
    ]);
  });

  it("refuses binary files, .tgz archives, empty files and empty zips with words that say why", () => {
    const outcome = parseImportFiles([
      file("photo.png", new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])),
      file("takeout.tgz", new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0])),
      file("empty.csv", ""),
      file("empty.zip", new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])),
    ]);
    expect(outcome.lists).toEqual([]);
    expect(outcome.errors.map((error) => error.message)).toEqual([
      "photo.png: this is not a text file the importer reads; it reads a Google Takeout zip or its saved lists (CSV) and Saved Places.json, or a KML, KMZ, GPX or GeoJSON file.",
      "takeout.tgz: this is a .tgz (gzip) archive, which the importer does not read; export from Google Takeout as .zip, or upload the files inside.",
      "empty.csv: the file is empty.",
      "empty.zip: the zip is empty.",
    ]);
  });

  it("refuses JSON and XML of other kinds, and a zip with nothing to import", () => {
    const outcome = parseImportFiles([
      file("package.json", '{"name": "x"}'),
      file("feed.xml", '<?xml version="1.0"?>\n<!-- a feed -->\n<rss version="2.0"><channel/></rss>'),
      file("photos.zip", zipSync({ "a.jpg": new Uint8Array([255, 216, 255]) })),
    ]);
    expect(outcome.errors.map((error) => error.message)).toEqual([
      "package.json: this JSON file is neither GeoJSON nor Google's Saved Places; the importer reads a Google Takeout zip or its saved lists (CSV) and Saved Places.json, or a KML, KMZ, GPX or GeoJSON file.",
      "feed.xml: this XML file is neither KML nor GPX (its root element is <rss>); the importer reads a Google Takeout zip or its saved lists (CSV) and Saved Places.json, or a KML, KMZ, GPX or GeoJSON file.",
      "photos.zip: the zip holds nothing to import: no saved lists (Saved/<List>.csv), no Saved Places.json and no KML, KMZ, GPX or GeoJSON file.",
    ]);
  });

  it("passes a KML with a DOCTYPE to the XML reader, which refuses it", () => {
    const outcome = parseImportFiles([file("laughs.kml", `<?xml version="1.0"?>\n<!DOCTYPE kml [<!ENTITY a "aaaa">]>\n<kml><Document/></kml>`)]);
    expect(outcome.lists).toEqual([]);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0].file).toBe("laughs.kml");
    expect(outcome.errors[0].message).toMatch(/^laughs\.kml: line 2: the file declares a DOCTYPE/);
  });

  it("names the Takeout entry that is broken and reads the rest of the zip", () => {
    const zip = zipSync({
      "Takeout/Saved/Broken.csv": strToU8(broken),
      "Takeout/Saved/Starred.csv": strToU8(starred),
      "Takeout/Maps (your places)/Saved Places.json": strToU8('{"type": "FeatureCollection", "features": [\n'),
    });
    const outcome = parseImportFiles([file("takeout.zip", zip)]);
    expect(summary(outcome)).toEqual([["Takeout/Saved/Starred.csv", "takeout-csv", "Starred", 2]]);
    expect(outcome.errors.map((error) => error.file)).toEqual(["Takeout/Maps (your places)/Saved Places.json", "Takeout/Saved/Broken.csv"]);
    expect(outcome.errors[0].message).toBe(
      "Takeout/Maps (your places)/Saved Places.json: line 1, column 44: not valid JSON: the file ends before the JSON does (cut short?).",
    );
  });
});

describe("parseImportFiles: zip bombs", () => {
  /** Rewrites every entry's declared size, as a zip bomb's headers may. */
  function declare(zip: Uint8Array, size: number): Uint8Array {
    const out = zip.slice();
    const view = new DataView(out.buffer);
    for (let at = 0; at + 4 <= out.length; at += 1) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, size, true);
    }
    return out;
  }

  it("refuses a small zip whose entries declare more than 200 MB, before inflating", () => {
    const zip = zipSync({ "Takeout/Saved/A.csv": strToU8(pins(3)), "Takeout/Saved/B.csv": strToU8(pins(3)) });
    const bomb = declare(zip, 150 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2000);
    const outcome = parseImportFiles([file("takeout.zip", bomb), file("Starred.csv", starred)]);
    expect(summary(outcome)).toEqual([["Starred.csv", "takeout-csv", "Starred", 2]]);
    expect(outcome.errors).toEqual([{ file: "takeout.zip", message: "takeout.zip: the zip would unpack to 300 MB; at most 200 MB are accepted." }]);
  });

  it("refuses a zip that inflates past what it declares", () => {
    const zip = zipSync({ "Takeout/Saved/Zeros.csv": [new Uint8Array(1024 * 1024), { level: 9 }] });
    const lying = declare(zip, 1024);
    expect(lying.length).toBeLessThan(5_000);
    const outcome = parseImportFiles([file("takeout.zip", lying)]);
    expect(outcome.lists).toEqual([]);
    expect(outcome.errors).toEqual([
      { file: "takeout.zip", message: 'takeout.zip: "Takeout/Saved/Zeros.csv" unpacks to more than the 1,024 bytes it declares; the zip is refused.' },
    ]);
  });

  it("refuses a zip of more entries than an export has", () => {
    const many: Zippable = {};
    for (let i = 0; i <= IMPORT_LIMITS.maxZipEntries; i += 1) many[`Takeout/Saved/List ${i}.csv`] = [strToU8(""), { level: 0 }];
    const outcome = parseImportFiles([file("takeout.zip", zipSync(many))]);
    expect(outcome.errors).toEqual([{ file: "takeout.zip", message: "takeout.zip: the zip holds 2,001 entries; at most 2,000 are accepted." }]);
  });
});

describe("parseImportFiles: KMZs in a zip", () => {
  it("unpacks KMZs inside a zip within what is left of the zip's allowance", () => {
    const kmz = zipSync({ "doc.kml": strToU8(KML), "images/blank.png": [new Uint8Array(300 * 1024), { level: 9 }] });
    expect(kmz.length).toBeLessThan(2_000);
    const zip = zipSync({ "maps/a.kmz": kmz, "maps/b.kmz": kmz, "maps/c.kmz": kmz, "maps/d.kmz": kmz });
    // Each KMZ unpacks to 0.3 MB: three fit in 1 MB, the fourth does not.
    const outcome = parseImportFiles([file("maps.zip", zip)], { maxUnzippedBytes: 1024 * 1024 });
    expect(summary(outcome)).toEqual([
      ["maps/a.kmz", "kml", "Harbour walk", 1],
      ["maps/b.kmz", "kml", "Harbour walk", 1],
      ["maps/c.kmz", "kml", "Harbour walk", 1],
    ]);
    expect(outcome.errors.map((error) => error.file)).toEqual(["maps/d.kmz"]);
    // (unzipSafely rounds to whole megabytes, so this small allowance reads "0 MB".)
    expect(outcome.errors[0].message).toMatch(/^maps\/d\.kmz: the zip would unpack to \d+ MB; at most \d+ MB are accepted\.$/);
  });

  it("looks through a zip whose only KML is in a folder instead of taking it for a KMZ", () => {
    const outcome = parseImportFiles([file("export.zip", zipSync({ "maps/walk.kml": strToU8(KML), "maps/images/a.png": new Uint8Array([137, 80]) }))]);
    expect(summary(outcome)).toEqual([["maps/walk.kml", "kml", "Harbour walk", 1]]);
  });
});

describe("parseImportFiles: 10,000 rows", () => {
  it("takes exactly 10,000", () => {
    const outcome = parseImportFiles([file("A.csv", pins(6_000)), file("B.csv", pins(4_000))]);
    expect(outcome.errors).toEqual([]);
    expect(rowCount(outcome)).toBe(10_000);
  });

  it("refuses the whole upload past 10,000 rows, across files, keeping nothing", () => {
    const message =
      "A.csv, B.csv, C.csv: these files hold more than 10,000 places, and one import takes at most 10,000. Nothing was imported; import the lists in smaller parts.";
    expect(parseImportFiles([file("A.csv", pins(6_000)), file("B.csv", pins(4_001)), file("C.csv", starred)])).toEqual({
      lists: [],
      errors: [{ file: "A.csv, B.csv, C.csv", message }],
    });
  });

  it("refuses one file past the limit, and a zip of lists past it", () => {
    expect(parseImportFiles([file("Big.csv", pins(10_001))]).errors[0].message).toBe(
      "Big.csv: this file holds more than 10,000 places, and one import takes at most 10,000. Nothing was imported; import the lists in smaller parts.",
    );
    const zip = zipSync({ "Takeout/Saved/A.csv": strToU8(pins(7_000)), "Takeout/Saved/B.csv": strToU8(pins(7_000)) });
    expect(parseImportFiles([file("takeout.zip", zip)])).toMatchObject({ lists: [], errors: [{ file: "takeout.zip" }] });
  });
});

describe("parseImportFiles: Google's placeholder name", () => {
  it("names a 'Dropped pin' from its note's first line (the rest stays its note), and leaves one without a note nameless to wait for a name", () => {
    const csv = [
      "Title,Note,URL,Comment",
      'Dropped pin,"Street food corner, ask for bún chả","https://www.google.com/maps/search/21.03118,+105.85012",Good at night',
      'Dropped pin,,"https://www.google.com/maps/search/21.0285,105.8542",',
      'Dropped pin,"Blue door\nknock twice","https://www.google.com/maps/search/21.03,105.85",',
      'Dropped pin,"' + "x".repeat(200) + '","https://www.google.com/maps/search/21.04,105.86",',
      "Hồ Hoàn Kiếm,,https://www.google.com/maps/search/21.0288,105.8525,",
    ].join("\n");
    const [list] = parseImportFiles([file("Hanoi pins.csv", csv)]).lists;
    expect(list.rows.map(({ name, note, placeholder, lat }) => ({ name, note, placeholder: placeholder ?? null, lat }))).toEqual([
      { name: "Street food corner, ask for bún chả", note: "Good at night", placeholder: null, lat: 21.03118 },
      { name: null, note: null, placeholder: "Dropped pin", lat: 21.0285 },
      { name: "Blue door", note: "knock twice", placeholder: null, lat: 21.03 },
      { name: null, note: "x".repeat(200), placeholder: "Dropped pin", lat: 21.04 },
      { name: "Hồ Hoàn Kiếm", note: null, placeholder: null, lat: 21.0288 },
    ]);
    expect(list.rows.every((row) => row.invalid === null)).toBe(true);
  });

  it("does the same whatever the format (a KML placemark called Dropped pin)", () => {
    const kml = `<kml><Document><Placemark><name>Dropped pin</name><description>Tiny bakery</description><Point><coordinates>2.17,41.38</coordinates></Point></Placemark></Document></kml>`;
    expect(parseImportFiles([file("pins.kml", kml)]).lists[0].rows[0]).toMatchObject({ name: "Tiny bakery", note: null });
  });
});
