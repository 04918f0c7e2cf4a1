/**
 * The map and spot as the Studio edits them: every field in full (the owner
 * sees everything), with the `version` a save must carry. Shared by the editor
 * page, the spot panel and the spot page; the server functions that read and
 * write them live in `map-editing.server.ts` and `spot-editing.server.ts`.
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
  visibility: Visibility;
  isPublished: boolean;
  /** 0-based; the public order. */
  position: number;
  version: number;
  updatedAt: string;
}

export interface EditableMap {
  id: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
  currentSlug: string;
  isPublished: boolean;
  publishedAt: string | null;
  cityId: number | null;
  cityName: string | null;
  categoryIds: string[];
  version: number;
  updatedAt: string;
}

/** What a save returns when the row changed since the editor loaded it: the server's copy, to choose from. */
export interface Conflict<T> {
  conflict: true;
  current: T;
}
