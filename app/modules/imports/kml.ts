/**
 * KML and KMZ, as Google My Maps exports them (and as our own KML export
 * writes them). togeojson reads each placemark (name, address, description,
 * ExtendedData, geometry, cascaded style); the DOM gives what it does not
 * keep: the layer (Folder) a placemark sits in, its id, its original XML,
 * and which StyleMap style is the "normal" one.
 *
 * My Maps shapes: the Document's name names the list; one Folder per layer
 * becomes a category; style ids `icon-<icon>-<RRGGBB>[-nodesc][-labelson]`
 * (or a StyleMap whose normal style is one) give the category's icon and
 * colour; CDATA HTML descriptions become sanitised markdown, their images and
 * `gx_media_links` photos; placemarks with only an `<address>` are rows
 * without coordinates (they wait in review). Lines and areas are not spots:
 * they are counted in a notice, and one whose coordinates cannot be read is
 * a refused row with that reason (not a place that waits to be placed). A
 * line beside a placemark's point (a MultiGeometry) is said in a notice. A
 * KMZ is a zip of `doc.kml` and `images/`.
 *
 * The layer My Maps makes for a new map, "Untitled layer", is not a category
 * the creator chose: its placemarks get none. Google Location History's
 * movements ("Driving", "On the subway": a Timeline export's journeys between
 * places) are not places: skipped and counted; its place visits are rows.
 *
 * Pure, no server code.
 */
import { kmlGen } from "@tmcw/togeojson";
import type { Element } from "@xmldom/xmldom";
import type { ImportCategory, ImportRow } from "./import-row";
import {
  child,
  childText,
  children,
  clean,
  count,
  extrasNotice,
  fileStem,
  httpUrl,
  originalXml,
  noticesFor,
  pathsNotice,
  position,
  refusalOf,
  shapeOf,
  unreadablePathReason,
  unreadablePointReason,
  type ParsedFile,
  type PathGroup,
  type PlaceExtras,
} from "./import-fields";
import { htmlToNote, looksLikeHtml } from "./html-note";
import { parseImportXml } from "./import-xml";
import { unzipSafely } from "./zip";

const MY_MAPS_STYLE = /^icon-(ci-\d+|\d+)(?:-([0-9a-fA-F]{6}))?(?:-|$)/;

/**
 * The name My Maps gives the layer of a new map, lower-cased. Only the English
 * one is known from real exports; a localised default would still read as a
 * category until it is added here.
 */
const DEFAULT_LAYER_NAMES = new Set(["untitled layer"]);

/** Google Timeline's names for a journey between two places (a Location History export's movements), lower-cased. */
const MOVEMENTS = new Set([
  "driving",
  "walking",
  "running",
  "cycling",
  "moving",
  "in transit",
  "in a vehicle",
  "in a passenger vehicle",
  "in a taxi",
  "on a bus",
  "on a train",
  "on the subway",
  "on a tram",
  "on a ferry",
  "flying",
  "motorcycling",
  "boating",
  "sailing",
  "skiing",
  "hiking",
]);

export function parseKml(file: string, text: string, kind: "KML file" | "KMZ" = "KML file"): ParsedFile {
  const xml = parseImportXml(file, text);
  if (!xml.ok) return xml;
  const document = xml.document;
  const root = document.documentElement!;
  if (root.localName !== "kml") {
    return { ok: false, error: { file, message: `${file}: this is not a KML file (its first element is <${root.tagName}>, not <kml>).` } };
  }

  const placemarks = Array.from(document.getElementsByTagName("Placemark"));
  if (!placemarks.length) {
    const link = document.getElementsByTagName("NetworkLink")[0];
    if (link) {
      const href = clean(link.getElementsByTagName("href")[0]?.textContent) ?? "no address given";
      return {
        ok: false,
        error: {
          file,
          message:
            `${file}: this ${kind} only links to a live map (${href}) and holds no places. ` +
            `In Google My Maps, open the map's menu (⋮), choose "Export to KML/KMZ", tick "Export to a .KML file" and import the file it downloads.`,
        },
      };
    }
  }

  const kmlDocument = document.getElementsByTagName("Document")[0] ?? null;
  const name = (kmlDocument && childText(kmlDocument, "name")) ?? fileStem(file);
  const rawDescription = kmlDocument && childText(kmlDocument, "description");
  // The list's description becomes a new map's summary, which is plain text: links are their text.
  const description = rawDescription ? describe(rawDescription, isCdata(child(kmlDocument, "description")), { plain: true }).note : null;

  const normalStyles = styleMapNormals(document.getElementsByTagName("StyleMap"));
  // kmlGen yields one feature per Placemark (null geometries included), in the
  // same document order as getElementsByTagName, before any overlay or link.
  const features = kmlGen(document);

  const rows: Array<ImportRow & { order: number | null }> = [];
  const lines: PathGroup["paths"] = [];
  const areas: PathGroup["paths"] = [];
  const extras: PlaceExtras[] = [];
  const movements: string[] = [];
  placemarks.forEach((placemark, index) => {
    const feature = features.next().value!;
    const properties = (feature.properties ?? {}) as Record<string, unknown>;
    const placemarkName = clean(stringOf(properties.name));
    const movement = movementOf(placemark, placemarkName);
    if (movement) {
      movements.push(movement);
      return;
    }
    // togeojson drops a geometry it cannot read: what the placemark wrote says whether it was a point or a path.
    const shape = feature.geometry ? shapeOf(feature.geometry) : unreadShape(placemark);
    if (shape.kind !== "point" && shape.kind !== "invalid") {
      (shape.kind === "line" ? lines : areas).push({ name: placemarkName, points: shape.points });
      return;
    }
    if (shape.kind === "point" && shape.extras) extras.push({ name: placemarkName, ...shape.extras });

    const folder = folderName(placemark);
    const described = descriptionOf(properties.description, isCdata(child(placemark, "description")));
    const media = stringOf(properties.gx_media_links)
      .split(/\s+/)
      .map(httpUrl)
      .filter((url): url is string => url !== null);
    const photos = [...new Set([...media, ...described.images])];
    const where = shape.kind === "invalid" ? { lat: null, lng: null, invalid: shape.reason } : position(shape.coordinates?.[1], shape.coordinates?.[0]);
    const id = clean(placemark.getAttribute("id"));
    const order = Number(stringOf(properties.order));

    rows.push({
      file,
      ref: `Placemark ${index + 1}${folder ? ` in "${folder}"` : ""}`,
      name: placemarkName,
      note: described.note,
      url: httpUrl(stringOf(properties.url)),
      address: clean(stringOf(properties.address)),
      category: folder && !DEFAULT_LAYER_NAMES.has(folder.toLowerCase()) ? { name: folder, ...styleOf(properties, normalStyles) } : null,
      photos,
      lat: where.lat,
      lng: where.lng,
      importKey: id,
      original: originalXml(placemark),
      invalid: refusalOf(placemarkName, where.invalid),
      order: stringOf(properties.order).trim() && Number.isFinite(order) ? order : null,
    });
  });

  // Our own KML export groups spots by category and carries the creator's order
  // in ExtendedData; when every row has one, that order is restored.
  if (rows.length && rows.every((row) => row.order !== null)) rows.sort((a, b) => a.order! - b.order!);

  const notices: string[] = [];
  const shapes = pathsNotice([
    { one: "line", paths: lines },
    { one: "area", paths: areas },
  ]);
  if (shapes) notices.push(shapes);
  const beside = extrasNotice(extras);
  if (beside) notices.push(beside);
  if (movements.length) {
    const kinds = [...new Set(movements)];
    const shown = kinds.slice(0, 3).join(", ") + (kinds.length > 3 ? ` and ${count(kinds.length - 3, "more kind")}` : "");
    notices.push(
      `${count(movements.length, "Location History movement")} (${shown}) ${movements.length === 1 ? "is a journey" : "are journeys"}, not ${movements.length === 1 ? "a place" : "places"}: skipped.`,
    );
  }
  const overlays = document.getElementsByTagName("GroundOverlay").length;
  if (overlays) notices.push(`${overlays === 1 ? "1 image overlay is" : `${overlays} image overlays are`} not imported (only places are).`);

  return {
    ok: true,
    list: { file, format: "kml", name, description, rows: rows.map(({ order: _order, ...row }) => row), notices: noticesFor(rows.length, notices) },
  };
}

export function parseKmz(file: string, bytes: Uint8Array): ParsedFile {
  const unzipped = unzipSafely(file, bytes);
  if (!unzipped.ok) return unzipped;
  return parseKmzEntries(file, unzipped.entries);
}

/** A KMZ already unpacked (by `unzipSafely`): its `doc.kml`, or the one .kml at its root. */
export function parseKmzEntries(file: string, entries: Map<string, Uint8Array>): ParsedFile {
  const atRoot = [...entries.keys()].filter((path) => !path.includes("/") && path.toLowerCase().endsWith(".kml"));
  const kmlPath = atRoot.find((path) => path.toLowerCase() === "doc.kml") ?? atRoot.sort()[0];
  if (!kmlPath) return { ok: false, error: { file, message: `${file}: this KMZ holds no KML file (doc.kml); it is not a map export.` } };
  const text = new TextDecoder("utf-8").decode(entries.get(kmlPath));
  // Rows and messages name the KMZ the creator chose, not the doc.kml inside it.
  return parseKml(file, text, "KMZ");
}

/** The value of the placemark's `<ExtendedData><Data name="…">`, trimmed; null when absent. */
function dataValue(placemark: Element, name: string): string | null {
  const extended = child(placemark, "ExtendedData");
  if (!extended) return null;
  const data = children(extended, "Data").find((element) => element.getAttribute("name") === name);
  return data ? childText(data, "value") : null;
}

/**
 * A Location History movement (a journey: "Driving", "On the subway") is a
 * placemark with a time span whose category is a way of moving, or whose name
 * is its own category and which has no address (a place visit has both a name
 * of its own and an address). Its kind, as the file names it, or null.
 */
function movementOf(placemark: Element, name: string | null): string | null {
  if (!child(placemark, "TimeSpan")) return null;
  const category = dataValue(placemark, "Category");
  if (!category) return null;
  if (MOVEMENTS.has(category.toLowerCase())) return category;
  return name === category && !childText(placemark, "address") ? category : null;
}

/** Geometry elements (any depth) of the placemark by local name. */
function geometryElements(placemark: Element, names: string[]): Element[] {
  return names.flatMap((name) => Array.from(placemark.getElementsByTagNameNS("*", name)));
}

/**
 * A placemark whose geometry togeojson could not read: a line or an area whose
 * coordinates are empty or not numbers is refused with that reason, as is a
 * point written with words ("no,no"); a point with no coordinates at all (or
 * no geometry) is a place without a position yet.
 */
function unreadShape(placemark: Element): ReturnType<typeof shapeOf> {
  const paths = geometryElements(placemark, ["LineString", "LinearRing", "Polygon"]);
  if (paths.length) {
    const kind = geometryElements(placemark, ["Polygon"]).length ? "area" : "line";
    // A Polygon's rings are paths too: each coordinates element once.
    const written = [...new Set(paths.flatMap((path) => Array.from(path.getElementsByTagNameNS("*", "coordinates"))))]
      .map((element) => clean(element.textContent))
      .filter((text): text is string => text !== null)
      .join(" ");
    return { kind: "invalid", reason: unreadablePathReason(kind, written || null) };
  }
  const written = geometryElements(placemark, ["Point"])
    .flatMap((point) => Array.from(point.getElementsByTagNameNS("*", "coordinates")))
    .map((element) => clean(element.textContent))
    .find((text): text is string => text !== null);
  return written ? { kind: "invalid", reason: unreadablePointReason(written) } : { kind: "point", coordinates: null };
}

const stringOf = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

const isCdata = (element: Element | null) => Boolean(element && Array.from(element.childNodes).some((node) => node.nodeType === 4));

/** togeojson gives a CDATA description as `{ "@type": "html", value }`, any other as a string. */
function descriptionOf(value: unknown, cdata: boolean): { note: string | null; images: string[] } {
  if (value && typeof value === "object" && "value" in value) return describe(String((value as { value: unknown }).value), true);
  const text = stringOf(value);
  return text ? describe(text, cdata) : { note: null, images: [] };
}

function describe(text: string, html: boolean, options: { plain?: boolean } = {}): { note: string | null; images: string[] } {
  if (html || looksLikeHtml(text)) return htmlToNote(text, options);
  return { note: clean(text.replace(/\r\n?/g, "\n")), images: [] };
}

/** The name of the nearest Folder around the placemark (a My Maps layer). */
function folderName(placemark: Element): string | null {
  for (let node = placemark.parentNode; node; node = node.parentNode) {
    if (node.nodeType === 1 && (node as Element).localName === "Folder") return childText(node as Element, "name");
  }
  return null;
}

/** StyleMap id → its normal style's id (`icon-1899-0288D1` → `icon-1899-0288D1-normal`). */
function styleMapNormals(styleMaps: ArrayLike<Element>): Map<string, string> {
  const normals = new Map<string, string>();
  for (const styleMap of Array.from(styleMaps)) {
    const id = styleMap.getAttribute("id");
    if (!id) continue;
    for (const pair of Array.from(styleMap.getElementsByTagName("Pair"))) {
      const url = childText(pair, "styleUrl");
      if (childText(pair, "key") === "normal" && url) normals.set(id, url.replace(/^#/, ""));
    }
  }
  return normals;
}

/** The category's icon and colour from the placemark's style id, the colour falling back to the style's own IconStyle. */
function styleOf(properties: Record<string, unknown>, normals: Map<string, string>): Omit<ImportCategory, "name"> {
  const styleId = stringOf(properties.styleUrl).replace(/^#/, "");
  const resolved = normals.get(styleId) ?? styleId;
  const match = MY_MAPS_STYLE.exec(resolved) ?? MY_MAPS_STYLE.exec(styleId);
  const iconColor = /^#[0-9a-fA-F]{6}$/.test(stringOf(properties["icon-color"])) ? stringOf(properties["icon-color"]).toUpperCase() : null;
  return { icon: match?.[1] ?? null, color: match?.[2] ? `#${match[2].toUpperCase()}` : iconColor };
}
