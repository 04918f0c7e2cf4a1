import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { toKml } from "../exports/kml";
import { mapFeatureCollection, type ExportSpot } from "../exports/map-geojson";
import { ORIGINAL_MAX_CHARS } from "./import-fields";
import type { ParsedList } from "./import-row";
import { parseKml, parseKmz, parseKmzEntries } from "./kml";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/imports/mymaps/${name}`, import.meta.url), "utf8");
// My Maps' KMZ: doc.kml beside the icons it uses.
const kmz = (docKml: string, extra: Record<string, Uint8Array> = {}) =>
  zipSync({ "doc.kml": strToU8(docKml), images: {}, "images/icon-1.png": new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), ...extra });

function ok(result: ReturnType<typeof parseKml>): ParsedList {
  if (!result.ok) throw new Error(result.error.message);
  return result.list;
}
const summary = (list: ParsedList) => list.rows.map(({ ref, name, lat, lng, invalid }) => ({ ref, name, lat, lng, invalid }));

describe("parseKml on a My Maps export", () => {
  const list = ok(parseKml("lisbon-food-and-views.kml", fixture("lisbon-food-and-views.kml")));

  it("names the list after the Document and keeps its description as a note", () => {
    expect(list).toMatchObject({
      file: "lisbon-food-and-views.kml",
      format: "kml",
      name: "Lisbon: food & views",
      description: "Where we eat and look.\nUpdated in spring.",
    });
  });

  it("makes a row of every point placemark, duplicates and the nameless one included; lines and areas go to a notice", () => {
    expect(summary(list)).toEqual([
      { ref: 'Placemark 1 in "Food"', name: "Taberna da Rua", lat: 38.7123, lng: -9.1427, invalid: null },
      { ref: 'Placemark 2 in "Food"', name: "Pastelaria Doce", lat: 38.6975, lng: -9.2032, invalid: null },
      { ref: 'Placemark 3 in "Food"', name: "Pastelaria Doce", lat: 38.6975, lng: -9.2032, invalid: null },
      { ref: 'Placemark 4 in "Views"', name: "Miradouro Alto", lat: 38.7139, lng: -9.129, invalid: null },
      { ref: 'Placemark 7 in "Untitled layer"', name: null, lat: 38.72, lng: -9.15, invalid: "No name" },
      { ref: 'Placemark 8 in "Untitled layer"', name: "Tram 28 stop", lat: 38.711, lng: -9.136, invalid: null },
    ]);
    expect(list.notices).toEqual(["1 line (Castle walk; 3 points) and 1 area (Park area; 5 points) are summarised, not imported as spots."]);
  });

  it("turns folders into categories with the icon and colour of the style (a StyleMap resolved to its normal style); My Maps' default layer is none", () => {
    expect(list.rows.map((row) => row.category)).toEqual([
      { name: "Food", icon: "1899", color: "#0288D1" },
      { name: "Food", icon: "1534", color: "#0288D1" },
      { name: "Food", icon: "1534", color: "#0288D1" },
      { name: "Views", icon: "1577", color: "#A52714" },
      null,
      null,
    ]);
  });

  it("sanitises CDATA HTML into a markdown note and collects photos from <img> and gx_media_links (http/https only)", () => {
    const [taberna] = list.rows;
    expect(taberna.note).toBe("Grilled sardines & vinho verde\nClosed on Mondays\n[Menu](https://taberna.example/menu)");
    expect(taberna.photos).toEqual(["https://mymaps.usercontent.google.com/hostedimage/m/*/1AbCdEf?fife", "https://photos.example/taberna-2.jpg"]);
    for (const row of list.rows) expect(row.note ?? "").not.toMatch(/<[a-z/]/i);
  });

  it("reads escaped HTML in a plain description too, and keeps plain text as it is", () => {
    expect(list.rows[5].note).toBe("Take it early:\nit fills up by nine.");
    expect(list.rows[3].note).toBe("Best at sunset. Bring water.");
  });

  it("uses the placemark's id as its import key, and keeps its XML as the original", () => {
    expect(list.rows.map((row) => row.importKey)).toEqual([null, null, null, null, null, "pm-tram-28"]);
    expect(list.rows[5].original).toMatch(/^<Placemark id="pm-tram-28"[^>]*>\s*<name>Tram 28 stop<\/name>[\s\S]*<\/Placemark>$/);
  });
});

describe("parseKmz", () => {
  it("reads doc.kml from a My Maps KMZ, icons beside it ignored", () => {
    const list = ok(parseKmz("Lisbon.kmz", kmz(fixture("lisbon-food-and-views.kml"))));
    expect(list.file).toBe("Lisbon.kmz");
    expect(list.rows).toHaveLength(6);
    expect(list.rows[0].file).toBe("Lisbon.kmz");
  });

  it("an old export: placemarks with only an address are rows without coordinates, the address kept", () => {
    const list = ok(parseKmz("Porto.kmz", kmz(fixture("old-export-doc.kml"))));
    expect(list.name).toBe("Weekend in Porto");
    expect(list.rows.map(({ name, address, lat, lng, invalid }) => ({ name, address, lat, lng, invalid }))).toEqual([
      { name: "Livraria Exemplo", address: "Rua das Carmelitas 144, 4050-161 Porto, Portugal", lat: null, lng: null, invalid: null },
      { name: "Café Modelo", address: "Rua de Santa Catarina 112, Porto", lat: null, lng: null, invalid: null },
      { name: "Ponte Exemplar", address: "Ponte Luís I, Porto", lat: 41.1399, lng: -8.6092, invalid: null },
    ]);
    expect(list.rows[0]).toMatchObject({ note: "The stairs!", category: { name: "Weekend in Porto", icon: "503", color: "#DB4436" } });
  });

  it("explains a KMZ that only links to the live map", () => {
    expect(parseKmz("Live.kmz", kmz(fixture("networklink-doc.kml")))).toEqual({
      ok: false,
      error: {
        file: "Live.kmz",
        message:
          "Live.kmz: this KMZ only links to a live map (https://www.google.com/maps/d/kml?mid=1ExampleMapId000000000000000&lid=zExampleLayer) and holds no places. " +
          'In Google My Maps, open the map\'s menu (⋮), choose "Export to KML/KMZ", tick "Export to a .KML file" and import the file it downloads.',
      },
    });
  });

  it("reads a KMZ already unpacked, as the importer has it from a zip", () => {
    const entries = new Map([
      ["images/icon-1.png", new Uint8Array([1])],
      ["doc.kml", strToU8(fixture("old-export-doc.kml"))],
    ]);
    expect(ok(parseKmzEntries("Porto.kmz", entries)).rows.map((row) => row.name)).toEqual(["Livraria Exemplo", "Café Modelo", "Ponte Exemplar"]);
  });

  it("takes the one .kml at the root when it is not called doc.kml", () => {
    const zip = zipSync({ "Porto.kml": strToU8(fixture("old-export-doc.kml")), "images/icon-1.png": new Uint8Array([1]) });
    expect(ok(parseKmz("Porto.kmz", zip)).rows).toHaveLength(3);
  });

  it("refuses a KMZ without KML, a zip it cannot open, and broken KML inside, naming the KMZ", () => {
    expect(parseKmz("icons.kmz", zipSync({ "images/icon-1.png": new Uint8Array([1]) }))).toEqual({
      ok: false,
      error: { file: "icons.kmz", message: "icons.kmz: this KMZ holds no KML file (doc.kml); it is not a map export." },
    });
    const notZip = parseKmz("map.kmz", strToU8(fixture("old-export-doc.kml")));
    expect(notZip.ok || notZip.error.message).toBe("map.kmz: this is not a zip file, or it is damaged (its table of contents cannot be read).");
    const broken = parseKmz("broken.kmz", kmz("<kml>\n<Document>\n</kml>"));
    expect(broken.ok || broken.error.message).toMatch(/^broken\.kmz: line 2, column \d+: Opening and ending tag mismatch/);
  });
});

describe("parseKml", () => {
  it("refuses a DOCTYPE and what is not KML", () => {
    const doctype = parseKml("x.kml", '<?xml version="1.0"?>\n<!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa">]>\n<kml><Document><name>&a;</name></Document></kml>');
    expect(doctype.ok || doctype.error.message).toMatch(/^x\.kml: line 2: the file declares a DOCTYPE/);
    expect(parseKml("x.kml", '<gpx version="1.1"/>')).toEqual({
      ok: false,
      error: { file: "x.kml", message: "x.kml: this is not a KML file (its first element is <gpx>, not <kml>)." },
    });
  });

  it("names a list after the file when the KML has no Document name; a placemark outside folders has no category", () => {
    const list = ok(parseKml("folder/My places.kml", "<kml><Placemark><name>Solo</name><Point><coordinates>10,20</coordinates></Point></Placemark></kml>"));
    expect(list).toMatchObject({ name: "My places", description: null, notices: [] });
    expect(list.rows[0]).toMatchObject({ name: "Solo", lat: 20, lng: 10, category: null, ref: "Placemark 1" });
  });

  it("keeps the Document's description as plain text (it becomes the map's summary): a link is its text", () => {
    const doc = `<kml><Document><name>Blog picks</name><description><![CDATA[From <a href="https://example.com/blog">my blog</a><br>2026]]></description>
      <Placemark><name>A</name><Point><coordinates>10,20</coordinates></Point></Placemark></Document></kml>`;
    expect(ok(parseKml("blog.kml", doc)).description).toBe("From my blog\n2026");
  });

  it("says so when a KML holds no places", () => {
    expect(ok(parseKml("empty.kml", "<kml><Document><name>Nothing</name></Document></kml>"))).toMatchObject({
      name: "Nothing",
      rows: [],
      notices: ["The file holds no places."],
    });
  });

  it("marks out-of-range coordinates invalid with the reason", () => {
    const list = ok(parseKml("x.kml", "<kml><Placemark><name>Far</name><Point><coordinates>200,20,0</coordinates></Point></Placemark></kml>"));
    expect(list.rows[0]).toMatchObject({
      lat: null,
      lng: null,
      invalid: "Coordinates out of range (latitude 20, longitude 200): latitude must be between -90 and 90, longitude between -180 and 180",
    });
  });

  it("cuts a very long placemark's original text, and says so", () => {
    const long = "x".repeat(10_000);
    const list = ok(parseKml("x.kml", `<kml><Placemark><name>Long</name><description>${long}</description></Placemark></kml>`));
    const original = list.rows[0].original;
    expect(original.startsWith("<Placemark><name>Long</name>")).toBe(true);
    expect(original).toHaveLength(ORIGINAL_MAX_CHARS + "… [cut: 6,067 more characters not shown]".length);
    expect(original.endsWith("… [cut: 6,067 more characters not shown]")).toBe(true);
  });

  it("reads back our own KML export: folders as categories, the creator's order restored across folders", () => {
    const spot = (id: string, name: string, category: string | null, extra: Partial<ExportSpot> = {}): ExportSpot => ({
      id,
      name,
      summary: null,
      description: null,
      lat: 38.7,
      lng: -9.1,
      category,
      address: null,
      website: null,
      photos: [],
      url: `https://spotfolio.example/c/ana/lisbon/${id}`,
      isPublished: true,
      ...extra,
    });
    const kml = toKml(
      mapFeatureCollection({ title: "Lisbon & more", summary: null, url: "https://spotfolio.example/c/ana/lisbon" }, [
        spot("s1", "Taberna", "Food", { summary: "Fish & chips < 5 €", lat: 38.712345, lng: -9.142765 }),
        spot("s2", "Miradouro", null, { photos: ["https://cdn.example/1.jpg"] }),
        spot("s3", "Pastelaria", "Food", { description: "Line 1\nLine 2" }),
      ]),
    );
    const list = ok(parseKml("lisbon.kml", kml));
    expect(list.name).toBe("Lisbon & more");
    expect(
      list.rows.map(({ name, note, category, lat, lng, url, photos, importKey }) => ({
        name,
        note,
        category: category?.name ?? null,
        lat,
        lng,
        url,
        photos,
        importKey,
      })),
    ).toEqual([
      {
        name: "Taberna",
        note: "Fish & chips < 5 €",
        category: "Food",
        lat: 38.712345,
        lng: -9.142765,
        url: "https://spotfolio.example/c/ana/lisbon/s1",
        photos: [],
        importKey: "s1",
      },
      {
        name: "Miradouro",
        note: null,
        category: null,
        lat: 38.7,
        lng: -9.1,
        url: "https://spotfolio.example/c/ana/lisbon/s2",
        photos: ["https://cdn.example/1.jpg"],
        importKey: "s2",
      },
      {
        name: "Pastelaria",
        note: "Line 1\nLine 2",
        category: "Food",
        lat: 38.7,
        lng: -9.1,
        url: "https://spotfolio.example/c/ana/lisbon/s3",
        photos: [],
        importKey: "s3",
      },
    ]);
  });
});

describe("parseKml: what other readers' test files hold (issue 28, item 19)", () => {
  const kml = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>${body}</Document></kml>`;

  it("says what a MultiGeometry holds beside its point (a line), instead of dropping it in silence", () => {
    const list = ok(
      parseKml(
        "harbour.kml",
        kml(`<Placemark><name>Harbour Master</name><MultiGeometry>
          <LineString><coordinates>-122.4425,37.8066,0 -122.4428,37.8066,0</coordinates></LineString>
          <Point><coordinates>-122.4428,37.8065,0</coordinates></Point>
        </MultiGeometry></Placemark>`),
      ),
    );
    expect(summary(list)).toEqual([{ ref: "Placemark 1", name: "Harbour Master", lat: 37.8065, lng: -122.4428, invalid: null }]);
    expect(list.notices).toEqual(["1 line beside the point of Harbour Master is not imported: only the point is."]);
  });

  it("refuses lines and areas whose coordinates are empty or unreadable with that reason, rather than asking to place them", () => {
    const list = ok(
      parseKml(
        "bad.kml",
        kml(`<Placemark><name>unextruded</name><LineString><coordinates>no,no,0 -122.364152,no,0</coordinates></LineString></Placemark>
          <Placemark><name>hollow box</name><Polygon><outerBoundaryIs><LinearRing><coordinates>no,30 no,30 no,30 no,30</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
          <Placemark><name>empty path</name><LineString><coordinates></coordinates></LineString></Placemark>`),
      ),
    );
    expect(summary(list)).toEqual([
      {
        ref: "Placemark 1",
        name: "unextruded",
        lat: null,
        lng: null,
        invalid: "Unreadable coordinates (“no,no,0 -122.364152,no,0”): this line cannot be read, and lines and areas are not imported as spots",
      },
      {
        ref: "Placemark 2",
        name: "hollow box",
        lat: null,
        lng: null,
        invalid: "Unreadable coordinates (“no,30 no,30 no,30 no,30”): this area cannot be read, and lines and areas are not imported as spots",
      },
      {
        ref: "Placemark 3",
        name: "empty path",
        lat: null,
        lng: null,
        invalid: "No coordinates: this line is empty, and lines and areas are not imported as spots",
      },
    ]);
  });

  it("refuses a point written `no,no` for its unreadable coordinates, not only for its missing name", () => {
    const list = ok(
      parseKml(
        "bad.kml",
        kml(`<Placemark><Point><coordinates>no,no</coordinates></Point></Placemark>
          <Placemark><name>Named</name><Point><coordinates>no,no</coordinates></Point></Placemark>`),
      ),
    );
    expect(list.rows.map((row) => row.invalid)).toEqual([
      "Unreadable coordinates (“no,no”): a point is written as longitude,latitude in decimal degrees; it has no name either",
      "Unreadable coordinates (“no,no”): a point is written as longitude,latitude in decimal degrees",
    ]);
  });

  it("skips Google Location History movements (Driving, On the subway…) with a count, and keeps its place visits", () => {
    const segment = (name: string, address: string, coords: string) => `<Placemark>
        <name>${name}</name><address>${address}</address>
        <ExtendedData><Data name="Category"><value>${name === "Lub d - Bangkok Siam" ? "Budget Hotel" : name}</value></Data><Data name="Distance"><value>4470</value></Data></ExtendedData>
        <description> ${name} from 2015-08-01T09:16:56.610Z to 2015-08-01T09:43:53.321Z. Distance 4470m </description>
        <Point><coordinates/></Point>
        <gx:Track><altitudeMode>clampToGround</altitudeMode>${coords}</gx:Track>
        <TimeSpan><begin>2015-08-01T09:16:56.610Z</begin><end>2015-08-01T09:43:53.321Z</end></TimeSpan>
      </Placemark>`;
    const list = ok(
      parseKml(
        "history-2015-08-01.kml",
        kml(`<name> Location history from 2015-08-01 to 2015-08-08 </name>
          ${segment("Walking", "", "")}
          ${segment("On the subway", "", "<gx:coord>100.5343967 13.745564 0</gx:coord>")}
          ${segment("Lub d - Bangkok Siam", "925/9 Rama 1 Rd., Bangkok", "<gx:coord>100.528684 13.746737 0</gx:coord>")}
          ${segment("Driving", "", "<gx:coord>100.54 13.75 0</gx:coord><gx:coord>100.55 13.76 0</gx:coord>")}
          ${segment("Walking", "", "")}`),
      ),
    );
    expect(summary(list)).toEqual([{ ref: "Placemark 3", name: "Lub d - Bangkok Siam", lat: 13.746737, lng: 100.528684, invalid: null }]);
    expect(list.notices).toEqual(["4 Location History movements (Walking, On the subway, Driving) are journeys, not places: skipped."]);
  });

  it("keeps a placemark that only happens to be called Walking (no time span): only Timeline journeys are skipped", () => {
    const list = ok(parseKml("walks.kml", kml(`<Placemark><name>Walking</name><Point><coordinates>2.17,41.38</coordinates></Point></Placemark>`)));
    expect(summary(list)).toEqual([{ ref: "Placemark 1", name: "Walking", lat: 41.38, lng: 2.17, invalid: null }]);
  });

  it("gives the default layer of a My Maps map ('Untitled layer') no category, and keeps a layer the creator named", () => {
    const layer = (name: string) =>
      `<Folder><name>${name}</name><Placemark><name>In ${name}</name><Point><coordinates>2.17,41.38</coordinates></Point></Placemark></Folder>`;
    const list = ok(parseKml("map.kml", kml(layer("Untitled layer") + layer("Tapas"))));
    expect(list.rows.map((row) => [row.name, row.category?.name ?? null])).toEqual([
      ["In Untitled layer", null],
      ["In Tapas", "Tapas"],
    ]);
  });
});
