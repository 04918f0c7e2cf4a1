/**
 * GPX 1.0 and 1.1 (and `<gpx>` with no version or namespace, as some devices
 * write it). Waypoints are the places: each becomes a row. Routes and tracks
 * are paths, often thousands of points; they are summarised in one notice
 * instead of flooding the map with spots.
 *
 * Pure, no server code.
 */
import type { Element } from "@xmldom/xmldom";
import type { ImportRow } from "./import-row";
import {
  child,
  childText,
  children,
  clean,
  fileStem,
  httpUrl,
  joinDistinct,
  noticesFor,
  originalXml,
  pathsNotice,
  position,
  refusalOf,
  type ParsedFile,
} from "./import-fields";
import { parseImportXml } from "./import-xml";

export function parseGpx(file: string, text: string): ParsedFile {
  const xml = parseImportXml(file, text);
  if (!xml.ok) return xml;
  const root = xml.document.documentElement!;
  if (root.localName !== "gpx") {
    return { ok: false, error: { file, message: `${file}: this is not a GPX file (its first element is <${root.tagName}>, not <gpx>).` } };
  }

  // GPX 1.1 keeps the file's name in <metadata>; GPX 1.0 directly under <gpx>.
  const metadata = child(root, "metadata");
  const name = (metadata && childText(metadata, "name")) ?? childText(root, "name") ?? fileStem(file);
  const description = (metadata && childText(metadata, "desc")) ?? childText(root, "desc");

  const rows = children(root, "wpt").map((wpt, index) => waypointRow(file, wpt, index + 1));

  const routes = children(root, "rte").map((rte) => ({ name: childText(rte, "name"), points: children(rte, "rtept").length }));
  const tracks = children(root, "trk").map((trk) => ({
    name: childText(trk, "name"),
    points: children(trk, "trkseg").reduce((total, segment) => total + children(segment, "trkpt").length, 0),
  }));
  const notice = pathsNotice([
    { one: "track", paths: tracks },
    { one: "route", paths: routes },
  ]);

  return { ok: true, list: { file, format: "gpx", name, description, rows, notices: noticesFor(rows.length, [notice]) } };
}

function waypointRow(file: string, wpt: Element, n: number): ImportRow {
  const name = childText(wpt, "name");
  const where = position(wpt.getAttribute("lat"), wpt.getAttribute("lon"));
  const sym = childText(wpt, "sym");
  const type = childText(wpt, "type");
  const { url, photos } = links(wpt);
  return {
    file,
    ref: `wpt ${n}`,
    name,
    note: joinDistinct([childText(wpt, "desc"), childText(wpt, "cmt")]),
    url,
    address: null,
    category: type || sym ? { name: (type ?? sym)!, icon: sym, color: null } : null,
    photos,
    lat: where.lat,
    lng: where.lng,
    // GPX gives waypoints no identity; re-imports match them by URL, else by name and position.
    importKey: null,
    original: originalXml(wpt),
    invalid: refusalOf(name, where.invalid),
  };
}

/**
 * GPX 1.1 `<link href>` (any number, with optional text and MIME type) and
 * GPX 1.0 `<url>`. Links to images are photos (our own export writes them as
 * "Photo 1", "Photo 2" …); the first other link is the waypoint's URL.
 */
function links(wpt: Element): { url: string | null; photos: string[] } {
  let url: string | null = null;
  const photos: string[] = [];
  const found = children(wpt, "link").map((link) => ({
    href: httpUrl(link.getAttribute("href")),
    text: childText(link, "text") ?? "",
    type: childText(link, "type") ?? "",
  }));
  const gpx10 = httpUrl(childText(wpt, "url"));
  if (gpx10) found.push({ href: gpx10, text: clean(childText(wpt, "urlname")) ?? "", type: "" });
  for (const link of found) {
    if (!link.href) continue;
    const isPhoto = link.type.startsWith("image/") || /^photo\b/i.test(link.text) || /\.(?:jpe?g|png|gif|webp|heic|avif)(?:[?#]|$)/i.test(link.href);
    if (isPhoto) {
      if (!photos.includes(link.href)) photos.push(link.href);
    } else url ??= link.href;
  }
  return { url, photos };
}
