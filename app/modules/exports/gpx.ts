/**
 * GPX 1.1 from the map's GeoJSON: one waypoint per spot, in the creator's
 * order, with the name, the note as `desc`, the spot page (then its website
 * and photos) as links, and the category as `type` — the fields GPS apps and
 * our own importer read. Elements follow the order the GPX 1.1 schema requires.
 */
import { element, escapeXml } from "./xml";
import type { MapFeatureCollection, SpotFeature } from "./map-geojson";

function link(href: string, text: string, type?: string): string {
  return `<link href="${escapeXml(href)}">${element("text", text)}${element("type", type)}</link>`;
}

function waypoint(feature: SpotFeature): string {
  const [lon, lat] = feature.geometry.coordinates;
  const p = feature.properties;
  const links = [link(p.url, p.name), p.website ? link(p.website, "Website") : "", ...(p.photos ?? []).map((src, i) => link(src, `Photo ${i + 1}`))];
  return `  <wpt lat="${lat}" lon="${lon}">${element("name", p.name)}${element("desc", p.note)}${links.join("")}${element("type", p.category)}</wpt>\n`;
}

export function toGpx(collection: MapFeatureCollection): string {
  const metadata = `<metadata>${element("name", collection.name)}${element("desc", collection.description)}${link(collection.url, collection.name)}</metadata>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<gpx version="1.1" creator="Spotfolio" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n` +
    `  ${metadata}\n` +
    collection.features.map(waypoint).join("") +
    `</gpx>\n`
  );
}
