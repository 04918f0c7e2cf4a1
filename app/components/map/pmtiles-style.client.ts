/**
 * The self-hosted basemap (BASEMAP_PMTILES): the Protomaps basemap style over the archive this app
 * serves, read by MapLibre through the `pmtiles` protocol (range requests to our own origin). Imported
 * only when that basemap is configured, and only with the interactive map: neither the protocol nor
 * the style's layers weigh on a page's first load, or on a map drawn from another basemap.
 */
import { layers, namedFlavor } from "@protomaps/basemaps";
import { addProtocol, type StyleSpecification } from "maplibre-gl";
import { Protocol } from "pmtiles";
import { PROTOMAPS_ATTRIBUTION } from "~/modules/basemap/basemap";

export const PROTOMAPS_SOURCE = "protomaps";

let registered = false;

/** The style for the archive at `archiveUrl` (absolute); registers the `pmtiles` protocol the first time. */
export function protomapsStyle(archiveUrl: string): StyleSpecification {
  if (!registered) {
    addProtocol("pmtiles", new Protocol().tile);
    registered = true;
  }
  return {
    version: 8,
    sources: { [PROTOMAPS_SOURCE]: { type: "vector", url: `pmtiles://${archiveUrl}`, attribution: PROTOMAPS_ATTRIBUTION } },
    // Land, water, parks, roads, buildings and borders, without labels: their fonts (and the POI icons) are
    // not in the npm package, and this basemap asks no third party for anything (ADR 0029).
    layers: layers(PROTOMAPS_SOURCE, namedFlavor("light")) as StyleSpecification["layers"],
  };
}
