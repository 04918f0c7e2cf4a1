/**
 * The offline basemap: land and borders from Natural Earth (world-atlas, 1:50m), drawn from vector
 * tiles this app cuts and serves (OFFLINE_TILES_PATH), with no tile host or glyph server, so a map
 * works on a machine without internet. It is what MAP_STYLE_URL=off draws, and what every map falls
 * back to when its street map does not answer (basemap.client.ts). A `.client` module: it loads with
 * the interactive map, not with the page.
 */
import type { FeatureCollection } from "geojson";
import type { StyleSpecification } from "maplibre-gl";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import { fixAntimeridian } from "~/modules/basemap/antimeridian";
import { OFFLINE_TILES_LAYER, OFFLINE_TILES_MAX_ZOOM, OFFLINE_TILES_PATH } from "~/modules/basemap/basemap";

/** The offline basemap credits its source. */
export const OFFLINE_ATTRIBUTION = "Natural Earth";

export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: {
        type: "vector",
        tiles: [`${window.location.origin}${OFFLINE_TILES_PATH}/{z}/{x}/{y}.pbf`],
        maxzoom: OFFLINE_TILES_MAX_ZOOM,
        attribution: OFFLINE_ATTRIBUTION,
      },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#cfe3ee" } },
      { id: "land", type: "fill", source: "countries", "source-layer": OFFLINE_TILES_LAYER, paint: { "fill-color": "#f5f2ea" } },
      { id: "borders", type: "line", source: "countries", "source-layer": OFFLINE_TILES_LAYER, paint: { "line-color": "#bdb6a6", "line-width": 0.7 } },
    ],
  };
}

let land: Promise<FeatureCollection> | null = null;

/**
 * The offline basemap's land as GeoJSON, for a spot's map to frame the nearest coast or border
 * (context-view.ts): fetched only by a map that needs it, once per page.
 */
export function offlineLand(): Promise<FeatureCollection> {
  land ??= fetch(countriesUrl)
    .then((res) => res.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topology) => fixAntimeridian(feature(topology, topology.objects.countries)));
  land.catch(() => (land = null));
  return land;
}
