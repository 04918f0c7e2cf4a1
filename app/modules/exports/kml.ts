/**
 * KML from the map's GeoJSON, written by tokml: one folder per category (the
 * way My Maps groups layers, and what our importer turns back into
 * categories), spots without one at the top level, the note as the
 * placemark's description and the photos as `gx_media_links` (My Maps' own
 * name for them). Folders come in the order their first spot does; spots
 * keep the creator's order within them and carry it as `order`.
 */
import { foldersToKML } from "@placemarkio/tokml";
import type { Folder, Root } from "@tmcw/togeojson";
import { escapeXml } from "./xml";
import type { MapFeatureCollection, SpotFeature } from "./map-geojson";

type KmlFeature = Root["children"][number] & { type: "Feature" };

function placemark(feature: SpotFeature): KmlFeature {
  const { name, note, photos, ...rest } = feature.properties;
  return {
    type: "Feature",
    id: feature.id,
    geometry: feature.geometry,
    properties: { name, ...(note ? { description: note } : {}), ...rest, ...(photos ? { gx_media_links: photos.join(" ") } : {}) },
  };
}

export function toKml(collection: MapFeatureCollection): string {
  const root: Root = { type: "root", children: [] };
  const folders = new Map<string, Folder>();
  for (const feature of collection.features) {
    const category = feature.properties.category;
    if (!category) {
      root.children.push(placemark(feature));
      continue;
    }
    let folder = folders.get(category);
    if (!folder) {
      folder = { type: "folder", meta: { name: category }, children: [] };
      folders.set(category, folder);
      root.children.push(folder);
    }
    folder.children.push(placemark(feature));
  }
  // tokml writes no document name; the map's title goes first in the Document, where KML readers look for it.
  return foldersToKML(root).replace("<Document>", `<Document><name>${escapeXml(collection.name)}</name>`);
}
