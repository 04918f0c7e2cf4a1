/**
 * The offline basemap as Mapbox vector tiles, cut by this server from Natural Earth the first time a
 * tile is asked for, and kept. A browser drawing the offline basemap then reads the few tiles in
 * view instead of fetching the whole world (750 KB of TopoJSON) and tiling it itself on every page:
 * that cost about a second of CPU per interactive map (measured in Chromium, 10 loads of a map page:
 * 3.4 -> 2.4 CPU-s each with no land at all).
 */
import { GeoJSONVT } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import { fixAntimeridian } from "./antimeridian";
import { OFFLINE_TILES_LAYER, OFFLINE_TILES_MAX_ZOOM } from "./basemap";
import { naturalEarthCountries } from "./natural-earth.server";

const EXTENT = 4096;

let index: GeoJSONVT | null = null;
/**
 * Encoded tiles by "z/x/y". Bounded by the data: at most 5,461 tiles down to zoom 6, the open
 * ocean's empty, the whole world's land at each zoom a few hundred kilobytes.
 */
const encoded = new Map<string, Uint8Array<ArrayBuffer>>();

/** Whether z/x/y names a tile of the offline basemap. */
function isOfflineTile(z: number, x: number, y: number): boolean {
  if (![z, x, y].every(Number.isSafeInteger) || z < 0 || z > OFFLINE_TILES_MAX_ZOOM) return false;
  const n = 2 ** z;
  return x >= 0 && x < n && y >= 0 && y < n;
}

/**
 * The tile z/x/y of the offline basemap as a Mapbox vector tile (one layer, OFFLINE_TILES_LAYER);
 * an empty tile (zero bytes, a valid tile with no layer) where there is no land; null when z/x/y
 * names no tile.
 */
export function offlineTile(z: number, x: number, y: number): Uint8Array<ArrayBuffer> | null {
  if (!isOfflineTile(z, x, y)) return null;
  const key = `${z}/${x}/${y}`;
  let tile = encoded.get(key);
  if (!tile) {
    // Rings that jump from +180 to -180 (Chukotka, Fiji) are unwrapped first; the tiler wraps what
    // then lies beyond +-180 back onto the world's other side.
    index ??= new GeoJSONVT(fixAntimeridian(naturalEarthCountries()), { maxZoom: OFFLINE_TILES_MAX_ZOOM, extent: EXTENT });
    const cut = index.getTile(z, x, y);
    // The encoder's bytes are a view of its own ArrayBuffer.
    tile =
      cut && cut.features.length > 0
        ? (fromGeojsonVt({ [OFFLINE_TILES_LAYER]: cut }, { version: 2, extent: EXTENT }) as Uint8Array<ArrayBuffer>)
        : new Uint8Array(0);
    encoded.set(key, tile);
  }
  return tile;
}
