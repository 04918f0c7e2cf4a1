/**
 * A spot as the Studio edits it: every field in full (the owner sees
 * everything), with the `version` a save must carry. Shared by the editor
 * page, the spot panel and the spot page; the server functions that read and
 * write it live in `spot-editing.server.ts` and `spot-placement.server.ts`.
 */
import type { SpotPhoto, Visibility } from "#db/schema";

export interface EditableSpot {
  id: string;
  mapId: string;
  slug: string;
  name: string;
  summary: string | null;
  /** Markdown. */
  description: string | null;
  lat: number;
  lng: number;
  address: string | null;
  website: string | null;
  categoryId: string | null;
  photos: SpotPhoto[];
  /** The creator's private labels (imported Takeout tags): the Studio shows and filters by them; no public page has them. */
  labels: string[];
  visibility: Visibility;
  isPublished: boolean;
  /** 0-based; the public order. */
  position: number;
  version: number;
  updatedAt: string;
}

/** What a save returns when the row changed since the editor loaded it: the server's copy, to choose from. */
export interface Conflict<T> {
  conflict: true;
  current: T;
}

/** A spot close to a new one with a similar name (the duplicate warning). */
export interface NearbySpot {
  id: string;
  name: string;
  /** Metres, rounded. */
  distance: number;
}
