/**
 * The exports room's public API on the server: what other modules may import from it (lint checks it).
 * It owns a map's spots as GPX, KML and GeoJSON, as this viewer may download them.
 */
export { mapGeoJson } from "./map-export.server";
