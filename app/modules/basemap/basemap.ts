/**
 * Which basemap the interactive maps draw, as the browser is told it (public config). The static
 * preview (`basemap-svg.server.ts`) is always the offline Natural Earth one, drawn by this server:
 * a page's first paint never waits for, or tells, a tile host.
 */

/** OpenFreeMap's public vector style: no key, no account, no cookies; style, tiles, glyphs and sprites on one host. */
export const OPENFREEMAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

/**
 * OpenFreeMap's credit, as its TileJSON gives it (OpenFreeMap, the OpenMapTiles schema and design, the
 * OpenStreetMap data). Set on the style's vector sources: a source's own attribution wins over its TileJSON's.
 */
export const OPENFREEMAP_ATTRIBUTION =
  '<a href="https://openfreemap.org/" target="_blank" rel="noopener">OpenFreeMap</a> ' +
  '<a href="https://www.openmaptiles.org/" target="_blank" rel="noopener">© OpenMapTiles</a> ' +
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

/** The self-hosted archive's credit: the Protomaps basemap (its schema and style) of OpenStreetMap data. */
export const PROTOMAPS_ATTRIBUTION =
  '<a href="https://github.com/protomaps/basemaps" target="_blank" rel="noopener">Protomaps</a> ' +
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

/**
 * Where this app serves the offline basemap (Natural Earth land and borders) as vector tiles,
 * `{OFFLINE_TILES_PATH}/{z}/{x}/{y}.pbf`, cut by the server (offline-tiles.server.ts).
 */
export const OFFLINE_TILES_PATH = "/basemap/offline";
/**
 * The deepest offline tiles: the map draws them larger beyond. At zoom 6 a tile's 4,096 units are
 * ~150 m at the equator, finer than the 1:50m data itself (~1 km), so deeper tiles would add nothing.
 */
export const OFFLINE_TILES_MAX_ZOOM = 6;
/** The one layer of an offline tile: every country's polygons (filled as land, outlined as borders). */
export const OFFLINE_TILES_LAYER = "countries";

/** Where this app serves a self-hosted PMTiles archive (BASEMAP_PMTILES), with range requests. */
export const BASEMAP_ARCHIVE_PATH = "/basemap/tiles.pmtiles";

export type Basemap =
  /** A MapLibre style from a tile host: OpenFreeMap by default, or MAP_STYLE_URL. `attribution` is added to its vector sources. */
  | { kind: "style"; styleUrl: string; attribution: string | null }
  /** The self-hosted PMTiles archive at `archiveUrl` (this app), drawn with the Protomaps basemap style. */
  | { kind: "pmtiles"; archiveUrl: string }
  /** The offline Natural Earth basemap only (MAP_STYLE_URL=off). */
  | { kind: "offline" };
