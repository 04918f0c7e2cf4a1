/**
 * The maps room's public API on the server: what other modules may import from it (lint checks it).
 * It owns maps: creating, settings, slugs, publishing, duplicating, deleting, covers, the map page.
 */
export { insertMap } from "./map-lifecycle.server";
export { resolveMap } from "./map-page.server";
export type { MapHeader, SpotPage } from "./map-page.server";
export { isUniqueViolation } from "./map-slugs.server";
