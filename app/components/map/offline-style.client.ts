/**
 * The offline basemap: land and borders from Natural Earth (world-atlas, 1:50m) drawn as GeoJSON,
 * with no tile or glyph server, so a map works on a machine without internet. It is what
 * MAP_STYLE_URL=off draws, and what every map falls back to when its street map does not answer
 * (basemap.client.ts). A `.client` module: it loads with the interactive map, not with the page.
 */
import type { FeatureCollection } from "geojson";
import type { StyleSpecification } from "maplibre-gl";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import { fixAntimeridian } from "./antimeridian";

/** The offline basemap credits its source. */
export const OFFLINE_ATTRIBUTION = "Natural Earth";

let offline: Promise<{ style: StyleSpecification; land: FeatureCollection }> | null = null;

export function offlineStyle(): Promise<{ style: StyleSpecification; land: FeatureCollection }> {
  offline ??= fetch(countriesUrl)
    .then((res) => res.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topology) => fixAntimeridian(feature(topology, topology.objects.countries)))
    .then((land) => ({ land, style: offlineStyleOf(land) }));
  offline.catch(() => (offline = null));
  return offline;
}

function offlineStyleOf(land: FeatureCollection): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: {
        type: "geojson",
        data: land,
        attribution: OFFLINE_ATTRIBUTION,
      },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#cfe3ee" } },
      { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f5f2ea" } },
      { id: "borders", type: "line", source: "countries", paint: { "line-color": "#bdb6a6", "line-width": 0.7 } },
    ],
  };
}
