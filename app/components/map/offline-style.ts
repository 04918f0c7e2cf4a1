/**
 * The basemap. Offline by default: land and borders from Natural Earth
 * (world-atlas, 1:50m) drawn as GeoJSON, with no tile or glyph server, so a
 * map works on a machine without internet. MAP_STYLE_URL switches to a real
 * vector style when it answers; when it does not, the offline one is used.
 */
import type { StyleSpecification } from "maplibre-gl";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import { fixAntimeridian } from "./antimeridian";

const STYLE_TIMEOUT_MS = 4000;

let offline: Promise<StyleSpecification> | null = null;

export function offlineStyle(): Promise<StyleSpecification> {
  offline ??= fetch(countriesUrl)
    .then((res) => res.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topology) => ({
      version: 8,
      sources: {
        countries: {
          type: "geojson",
          data: fixAntimeridian(feature(topology, topology.objects.countries)),
          attribution: "Natural Earth",
        },
      },
      layers: [
        { id: "water", type: "background", paint: { "background-color": "#cfe3ee" } },
        { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f5f2ea" } },
        { id: "borders", type: "line", source: "countries", paint: { "line-color": "#bdb6a6", "line-width": 0.7 } },
      ],
    }));
  offline.catch(() => (offline = null));
  return offline;
}

/** The configured style when it answers in time, otherwise the offline one. */
export async function chooseStyle(styleUrl: string | null): Promise<string | StyleSpecification> {
  if (styleUrl) {
    try {
      const res = await fetch(styleUrl, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
      if (res.ok) return (await res.json()) as StyleSpecification;
    } catch {
      // unreachable: fall through to the offline basemap
    }
  }
  return offlineStyle();
}
