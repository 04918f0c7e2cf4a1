/**
 * The offline basemap's data on the server: Natural Earth's countries at 1:50m (world-atlas), read
 * once per process for the static preview's SVG (basemap-svg.server.ts) and the vector tiles
 * (offline-tiles.server.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FeatureCollection } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

let countries: FeatureCollection | null = null;

/** Every country as a GeoJSON feature, as world-atlas gives it (rings may jump across the antimeridian). */
export function naturalEarthCountries(): FeatureCollection {
  if (!countries) {
    const file = createRequire(import.meta.url).resolve("world-atlas/countries-50m.json");
    const topology = JSON.parse(readFileSync(file, "utf8")) as Topology<{ countries: GeometryCollection }>;
    countries = feature(topology, topology.objects.countries) as FeatureCollection;
  }
  return countries;
}
