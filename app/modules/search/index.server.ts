/**
 * The search room's public API on the server: what other modules may import from it (lint checks it).
 * It owns site search over spots, maps, creators and destinations.
 */
export { searchDestinations } from "./search.server";
export type { DestinationHit } from "./search.server";
