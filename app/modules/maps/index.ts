/**
 * The maps room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns maps: creating, settings, slugs, publishing, duplicating, deleting, covers, the map page.
 */
export { EDITOR_MESSAGES, MAP_SUMMARY_MAX, MAP_TITLE_MAX } from "./map-settings-validation";
