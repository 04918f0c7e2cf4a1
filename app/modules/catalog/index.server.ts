/**
 * The catalog room's public API on the server: what other modules may import from it (lint checks it).
 * It owns published maps and destinations as cards for listings.
 */
export { destinationsWithMaps, publishedCreators, publishedMaps } from "./catalog.server";
export type { MapSummary } from "./catalog.server";
