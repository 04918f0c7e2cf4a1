/**
 * Paths that take more than one `href()` call: everything else links with
 * React Router's `href()` directly, which the route table types.
 */
import { href } from "react-router";

/** A spot on its map's page: `/maps/{map slug}/spots/{spot slug}`. */
export const spotPath = (map: { currentSlug: string }, spot: { slug: string }) =>
  href("/maps/:mapId/spots/:spotId", { mapId: map.currentSlug, spotId: spot.slug });

/** The same spot inside My Atlas (the saved copy of its map). */
export const atlasSpotPath = (map: { currentSlug: string }, spot: { slug: string }) =>
  href("/atlas/maps/:mapSlug/spots/:spotSlug", { mapSlug: map.currentSlug, spotSlug: spot.slug });

/** A creator's page: one path segment, the handle after "@" (its tabs: `href("/:atHandle/maps", { atHandle })`). */
export const creatorPath = (handle: string) => href("/:atHandle", { atHandle: `@${handle}` });

/** Discover, filtered to a category when one is given. */
export const discoverPath = (category?: { slug: string } | null) =>
  category ? `${href("/discover")}?${new URLSearchParams({ category: category.slug })}` : href("/discover");

/** Where the creator lands after a map's first publish. */
export const mapIsReadyPath = (mapId: string) => `${href("/studio/map-is-ready")}?${new URLSearchParams({ map: mapId })}`;
