/**
 * The places room's public API on the server: what other modules may import from it (lint checks it).
 * It owns places to put a spot at: typed coordinates, cities, the creator's spots, a geocoder.
 */
export {
  askGeocoder,
  geocodeCacheFor,
  geocoderHits,
  memoryGeocodeCache,
  PUBLIC_PHOTON_URL,
  readGeocoderAnswer,
  redisGeocodeCache,
  type GeocodeCache,
} from "./geocoder.server";
export { geocoderUrlOf } from "./geocoder.server";
