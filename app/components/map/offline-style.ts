/**
 * The basemap. Offline by default: land and borders from Natural Earth
 * (world-atlas, 1:50m) drawn as GeoJSON, with no tile or glyph server, so a
 * map works on a machine without internet. MAP_STYLE_URL switches to a real
 * vector style when it answers; when it does not, the offline one is used.
 */
import type { FeatureCollection } from "geojson";
import type { StyleSpecification } from "maplibre-gl";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import { fixAntimeridian } from "./antimeridian";

const STYLE_TIMEOUT_MS = 4000;

/** The offline basemap credits its source and says how an operator gets streets (issue 15, item 15). */
export const OFFLINE_ATTRIBUTION = "Natural Earth · offline basemap without streets: set MAP_STYLE_URL for a street map";

/** The basemap to draw, and its land when it is the offline one (to find the nearest coast or border). */
export interface ChosenStyle {
  style: string | StyleSpecification;
  land: FeatureCollection | null;
}

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

/** The configured style when it answers in time, otherwise the offline one. */
export async function chooseStyle(styleUrl: string | null): Promise<ChosenStyle> {
  if (styleUrl) {
    try {
      const res = await fetch(styleUrl, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
      if (res.ok) return { style: (await res.json()) as StyleSpecification, land: null };
    } catch {
      // unreachable: fall through to the offline basemap
    }
  }
  return offlineStyle();
}
