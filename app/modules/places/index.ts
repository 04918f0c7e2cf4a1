/**
 * The places room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns places to put a spot at: typed coordinates, Google Maps links, cities, the creator's spots, a geocoder.
 */
export { COORDINATE_MESSAGES, checkLatLng } from "./coordinates";
export { coordinatesFromText, readGoogleMapsUrl, validCoordinates, type GoogleMapsLink, type LatLng } from "./google-urls";
export { PLACE_SEARCH_MESSAGES, type CityHit, type PlaceHit, type PlaceSearchAnswer } from "./place-hit";
