/**
 * The places room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns places to put a spot at: typed coordinates, cities, the creator's spots, a geocoder.
 */
export { COORDINATE_MESSAGES, checkLatLng } from "./coordinates";
export type { CityHit, PlaceHit } from "./place-hit";
