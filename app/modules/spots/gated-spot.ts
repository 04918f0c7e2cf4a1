/**
 * A spot as one viewer may see it: in full, or as a locked teaser that carries
 * none of the gated fields (summary, description, photos, cover, address,
 * exact position). Every page that shows spots shows these; pages add their
 * extras around them (the map a spot is on, a distance, a link).
 *
 * No server code here: components import these types and helpers.
 */
import type { SpotPhoto, Visibility } from "#db/schema";
import type { MarkdownTree } from "~/lib/markdown";
import type { SpotCategory } from "~/modules/categories";

export type { Visibility };

/** A locked spot's position is rounded to about a kilometre: the area, not the place. */
export const APPROXIMATE_DECIMALS = 2;

export interface FullSpot {
  locked: false;
  id: string;
  slug: string;
  name: string;
  summary: string | null;
  visibility: Visibility;
  category: SpotCategory | null;
  coverImageUrl: string | null;
  lat: number;
  lng: number;
  isPublished: boolean;
}

export interface LockedSpot {
  locked: true;
  id: string;
  slug: string;
  name: string;
  visibility: Visibility;
  category: SpotCategory | null;
  /** Rounded to APPROXIMATE_DECIMALS. */
  approxLat: number;
  approxLng: number;
}

export type GatedSpot = FullSpot | LockedSpot;

/** A spot photo as pages show it (the stored keys stay on the server). */
export type PhotoView = Pick<SpotPhoto, "src" | "srcset" | "alt" | "width" | "height">;

/** A full spot's details, read only for a viewer who may open it. */
export interface SpotDetails {
  /** The creator's markdown, parsed and sanitised on the server (pages render it with `<Markdown>`). */
  description: MarkdownTree | null;
  address: string | null;
  /** The place's own web site, as the creator saved it in the Studio (http or https only). */
  website: string | null;
  photos: PhotoView[];
  /** Directions from wherever the user is (opens their maps app). */
  directionsUrl: string;
}

/** The spot page's spot: its details in full, or the teaser. */
export type SpotDetail = (FullSpot & SpotDetails) | LockedSpot;

/** Where to draw or measure a spot: the exact place in full, the rounded area when locked. */
export function spotPosition(spot: GatedSpot): { lat: number; lng: number } {
  return spot.locked ? { lat: spot.approxLat, lng: spot.approxLng } : { lat: spot.lat, lng: spot.lng };
}

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** A spot in a list across maps (a creator's spots, the Atlas): with the map it is on. */
export type SpotOnMap = GatedSpot & { map: { currentSlug: string; title: string } };
