/**
 * The basemap room's public API on the server: what other modules (and server/) may import from it.
 * It owns the basemaps: the offline Natural Earth one (the static preview's SVG and the interactive maps' vector tiles), which street map the
 * interactive maps draw and the hosts the CSP lets them reach, and the self-hosted PMTiles archive.
 */
export { basemapSettings, type BasemapSettings } from "./basemap-settings.server";
export { byteRange, type RangeAnswer } from "./byte-range";
export { archiveLocation, checkArchive, describeLocation, type ArchiveLocation } from "./pmtiles-archive.server";
export { BASEMAP_ARCHIVE_PATH, OFFLINE_TILES_PATH, type Basemap } from "./basemap";
export { offlineTile } from "./offline-tiles.server";
