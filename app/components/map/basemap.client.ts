/**
 * Which basemap an interactive map draws, and the fall back to the offline one. The street map
 * (OpenFreeMap by default, MAP_STYLE_URL, or the self-hosted PMTiles archive) is used when it
 * answers: its style within STYLE_TIMEOUT_MS, then its tiles. When the style does not come, the map
 * starts on the offline basemap; when the tiles do not (their TileJSON or tiles fail before any tile
 * has loaded, or none has loaded after TILES_TIMEOUT_MS), the offline basemap replaces the street
 * map under the map's own sources, layers and markers. Offline, a map always draws.
 */
import type { FeatureCollection } from "geojson";
import type { ErrorEvent, Map as MapLibre, MapSourceDataEvent, StyleSpecification } from "maplibre-gl";
import type { Basemap } from "~/modules/basemap/basemap";
import { offlineLand, offlineStyle } from "./offline-style.client";

const STYLE_TIMEOUT_MS = 4000;
const TILES_TIMEOUT_MS = 10_000;

export interface ChosenBasemap {
  style: StyleSpecification;
  /** The offline basemap's land (to find the nearest coast or border), fetched when asked for; null on a street map. */
  land: (() => Promise<FeatureCollection>) | null;
  /** What is drawn, for the map's `data-basemap` (tests and the bench read it). */
  drawn: "street" | "self-hosted" | "offline";
  /** Whether the basemap names places itself (a street style does; the offline and the self-hosted ones do not). */
  labelled: boolean;
}

function offlineBasemap(): ChosenBasemap {
  return { style: offlineStyle(), land: offlineLand, drawn: "offline", labelled: false };
}

/** The configured street map when its style answers in time, otherwise the offline basemap. */
export async function chooseBasemap(basemap: Basemap): Promise<ChosenBasemap> {
  try {
    if (basemap.kind === "pmtiles") {
      const { protomapsStyle } = await import("./pmtiles-style.client");
      return { style: protomapsStyle(new URL(basemap.archiveUrl, window.location.href).href), land: null, drawn: "self-hosted", labelled: false };
    }
    if (basemap.kind === "style") {
      const res = await fetch(basemap.styleUrl, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
      if (res.ok) {
        const style = (await res.json()) as StyleSpecification;
        if (isStyle(style)) return { style: credited(style, basemap.attribution), land: null, drawn: "street", labelled: true };
      }
    }
  } catch {
    // unreachable, too slow, or not a style: the offline basemap
  }
  return offlineBasemap();
}

function isStyle(value: unknown): value is StyleSpecification {
  const style = value as Partial<StyleSpecification> | null;
  return !!style && style.version === 8 && typeof style.sources === "object" && style.sources !== null && Array.isArray(style.layers);
}

/** The provider's credit on each of its tile sources (a source's own attribution wins over its TileJSON's). */
function credited(style: StyleSpecification, attribution: string | null): StyleSpecification {
  if (!attribution) return style;
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([id, source]) =>
      (source.type === "vector" || source.type === "raster") && !source.attribution ? [id, { ...source, attribution }] : [id, source],
    ),
  );
  return { ...style, sources };
}

/**
 * Watches a street map's tiles and, when its host does not answer, swaps the offline basemap in
 * under the map's own sources and layers (those not in `chosen.style`). `onOffline` is called then.
 * Returns a function that stops watching.
 */
export function fallBackWhenSilent(map: MapLibre, chosen: ChosenBasemap, onOffline: (offline: ChosenBasemap) => void): () => void {
  const basemapSources = new Set(Object.keys(chosen.style.sources));
  // Only tiles come from the host while the map is drawn (a GeoJSON source came with the style).
  const tileSources = Object.entries(chosen.style.sources).filter(
    ([, source]) => source.type === "vector" || source.type === "raster" || source.type === "raster-dem",
  );
  if (chosen.drawn === "offline" || tileSources.length === 0) return () => undefined;
  const watched = new Set(tileSources.map(([id]) => id));
  let watching = true;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    watching = false;
    clearTimeout(timer);
    map.off("error", onError);
    map.off("sourcedata", onData);
  };
  const giveUp = () => {
    if (!watching) return;
    stop();
    if (cancelled) return;
    const offline = offlineBasemap();
    map.setStyle(offline.style, {
      diff: false,
      // Keep what the map added on top of the basemap (its spots' source and layers).
      transformStyle: (previous, next) => ({
        ...next,
        sources: { ...next.sources, ...Object.fromEntries(Object.entries(previous?.sources ?? {}).filter(([id]) => !basemapSources.has(id))) },
        layers: [...next.layers, ...(previous?.layers ?? []).filter((layer) => "source" in layer && !basemapSources.has(layer.source))],
      }),
    });
    onOffline(offline);
  };
  const onError = (e: ErrorEvent & { sourceId?: string }) => {
    if (e.sourceId && watched.has(e.sourceId)) giveUp();
  };
  const onData = (e: MapSourceDataEvent) => {
    // One tile in: the host answers (a later failed tile is a hole, not an outage).
    if (e.tile && watched.has(e.sourceId)) stop();
  };
  // A hidden tab draws nothing, so loads no tile: it is not the host's silence.
  const watch = () => {
    timer = setTimeout(() => (document.hidden ? watch() : giveUp()), TILES_TIMEOUT_MS);
  };
  map.on("error", onError);
  map.on("sourcedata", onData);
  watch();
  return () => {
    cancelled = true;
    stop();
  };
}
