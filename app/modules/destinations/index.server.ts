/**
 * The destinations room's public API on the server: what other modules may import from it (lint checks it).
 * It owns featured destinations: which cities the back office features, their order, cover and
 * description, and the public reads of them (home page, /destinations, a destination's page).
 */
export { destinationFeature, featuredDestinations, type FeaturedDestination } from "./featured-destinations.server";
