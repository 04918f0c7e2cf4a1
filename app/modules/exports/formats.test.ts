import { DOMParser } from "@xmldom/xmldom";
import { gpx, kml, kmlWithFolders, type Folder } from "@tmcw/togeojson";
import { describe, expect, it } from "vitest";
import { exportFormatOf, mapExportPath } from "./formats";
import { toGpx } from "./gpx";
import { toKml } from "./kml";
import { mapFeatureCollection, noteOf, type ExportSpot } from "./map-geojson";
import { escapeXml } from "./xml";

const site = "https://spotfolio.test";

function spot(n: number, overrides: Partial<ExportSpot> = {}): ExportSpot {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Spot ${n}`,
    summary: `Summary ${n}.`,
    description: `Description ${n}.`,
    lat: 41.38 + n * 0.001,
    lng: 2.17 + n * 0.001,
    category: null,
    address: null,
    website: null,
    photos: [],
    url: `${site}/maps/test-map/spots/spot-${n}`,
    isPublished: true,
    ...overrides,
  };
}

// Names and notes that break hand-written XML: markup characters, quotes, entities, emoji, a control character, line breaks.
const tricky = spot(1, {
  name: `Bar "Ça <va> & 'Co'"`,
  summary: "Tapas & vermut <3",
  description: "First line,\nsecond line 🍷\u0001 and ]]> inside",
  lat: 41.123456789,
  lng: -2.000000449,
  category: "Food & drink",
  address: "Carrer d'Avinyó 7",
  website: "https://example.com/?a=1&b=2",
  photos: [`${site}/uploads/spot-photos/a.webp`, `${site}/uploads/spot-photos/b.webp`],
});
const spots = [
  tricky,
  spot(2, { category: "Museums" }),
  spot(3, { summary: null, description: null }),
  spot(4, { category: "Food & drink", isPublished: false }),
];
const collection = mapFeatureCollection({ title: "Tapas & <Art>", summary: "A map of bars.", url: `${site}/maps/test-map` }, spots);

const parse = (xml: string) => new DOMParser().parseFromString(xml, "text/xml") as unknown as Document;

/** Parses strictly: any well-formedness error fails the test. */
function parseStrict(xml: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => (level !== "warning" ? errors.push(message) : undefined) }).parseFromString(xml, "text/xml");
  expect(errors).toEqual([]);
  return doc as unknown as Document;
}

const expectedNote = "Tapas & vermut <3\n\nFirst line,\nsecond line 🍷 and ]]> inside";

describe("the map's GeoJSON", () => {
  it("keeps the creator's order, coordinates to 6 decimals and every visible field", () => {
    expect(collection.name).toBe("Tapas & <Art>");
    expect(collection.features.map((f) => f.properties.name)).toEqual(spots.map((s) => s.name));
    expect(collection.features.map((f) => f.properties.order)).toEqual([1, 2, 3, 4]);
    const [first, , third, fourth] = collection.features;
    expect(first.geometry.coordinates).toEqual([-2.0, 41.123457]);
    expect(first.properties).toMatchObject({
      note: "Tapas & vermut <3\n\nFirst line,\nsecond line 🍷\u0001 and ]]> inside",
      category: "Food & drink",
      address: "Carrer d'Avinyó 7",
      website: "https://example.com/?a=1&b=2",
      photos: tricky.photos,
      url: tricky.url,
    });
    expect(third.properties).toEqual({ name: "Spot 3", order: 3, url: spots[2].url });
    expect(fourth.properties.draft).toBe(true);
    expect(first.properties.draft).toBeUndefined();
  });

  it("joins summary and description into one note", () => {
    expect(noteOf({ summary: "A", description: "B" })).toBe("A\n\nB");
    expect(noteOf({ summary: " ", description: "B" })).toBe("B");
    expect(noteOf({ summary: null, description: null })).toBeUndefined();
  });
});

describe("GPX", () => {
  const xml = toGpx(collection);

  it("is well-formed GPX 1.1 that a GPX reader gets the same waypoints back from, in order", () => {
    const doc = parseStrict(xml);
    expect(doc.documentElement.getAttribute("version")).toBe("1.1");
    expect(doc.documentElement.namespaceURI).toBe("http://www.topografix.com/GPX/1/1");
    const back = gpx(doc).features;
    expect(back.map((f) => f.properties?.name)).toEqual(spots.map((s) => s.name));
    expect(back.map((f) => f.geometry?.type === "Point" && f.geometry.coordinates)).toEqual(collection.features.map((f) => f.geometry.coordinates));
    expect(back[0].properties?.desc).toBe(expectedNote);
    expect(back.map((f) => f.properties?.type)).toEqual(["Food & drink", "Museums", undefined, "Food & drink"]);
    expect(back[2].properties?.desc).toBeUndefined();
  });

  it("links each waypoint to its spot page, then its website and photos", () => {
    const [first] = gpx(parse(xml)).features;
    expect((first.properties?.links as { href: string; text?: string }[]).map((l) => [l.href, l.text])).toEqual([
      [tricky.url, tricky.name],
      ["https://example.com/?a=1&b=2", "Website"],
      [tricky.photos[0], "Photo 1"],
      [tricky.photos[1], "Photo 2"],
    ]);
  });

  it("writes the map's title and page in its metadata", () => {
    const doc = parse(xml);
    const metadata = doc.getElementsByTagName("metadata")[0];
    expect(metadata.getElementsByTagName("name")[0].textContent).toBe("Tapas & <Art>");
    expect(metadata.getElementsByTagName("link")[0].getAttribute("href")).toBe(`${site}/maps/test-map`);
  });

  it("is an empty but valid file when there are no spots", () => {
    const empty = toGpx(mapFeatureCollection({ title: "Nothing", summary: null, url: site }, []));
    expect(gpx(parseStrict(empty)).features).toEqual([]);
  });
});

describe("KML", () => {
  const xml = toKml(collection);

  it("is well-formed KML with the same placemarks, notes and coordinates", () => {
    const back = kml(parseStrict(xml)).features;
    // Category by category (folders in the order of their first spot), then the spots without one.
    expect(back.map((f) => f.properties?.name)).toEqual([tricky.name, "Spot 4", "Spot 2", "Spot 3"]);
    const byName = new Map(back.map((f) => [f.properties?.name, f]));
    for (const feature of collection.features) {
      const read = byName.get(feature.properties.name);
      expect(read?.geometry?.type === "Point" && read.geometry.coordinates.slice(0, 2)).toEqual(feature.geometry.coordinates);
      expect(read?.properties?.order).toBe(String(feature.properties.order));
    }
    expect(byName.get(tricky.name)?.properties?.description).toBe(expectedNote);
    expect(byName.get(tricky.name)?.properties?.gx_media_links).toBe(tricky.photos.join(" "));
    expect(byName.get(tricky.name)?.properties?.address).toBe("Carrer d'Avinyó 7");
  });

  it("groups spots in one folder per category, in the creator's order, and names the document after the map", () => {
    const doc = parseStrict(xml);
    expect(doc.getElementsByTagName("Document")[0].getElementsByTagName("name")[0].textContent).toBe("Tapas & <Art>");
    const root = kmlWithFolders(doc);
    const folders = root.children.filter((c): c is Folder => c.type === "folder");
    expect(folders.map((f) => f.meta.name)).toEqual(["Food & drink", "Museums"]);
    expect(folders[0].children.map((c) => c.type === "Feature" && c.properties?.name)).toEqual([tricky.name, "Spot 4"]);
    const loose = root.children.filter((c) => c.type === "Feature");
    expect(loose.map((c) => c.type === "Feature" && c.properties?.name)).toEqual(["Spot 3"]);
  });
});

describe("XML escaping", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;");
    expect(escapeXml("bell\u0007 tab\t nul\u0000 \uFFFE lone\uD800 emoji 🍷")).toBe("bell tab\t nul  lone emoji 🍷");
  });
});

describe("export addresses", () => {
  it("put the format in the file name and read it back", () => {
    expect(mapExportPath({ currentSlug: "barcelona" }, "gpx")).toBe("/maps/barcelona/export.gpx");
    expect(mapExportPath({ currentSlug: "barcelona" }, "geojson")).toBe("/maps/barcelona/export.geojson");
    expect(exportFormatOf("/maps/barcelona/export.kml")).toBe("kml");
    expect(exportFormatOf("/maps/barcelona/export.pdf")).toBeNull();
  });
});
