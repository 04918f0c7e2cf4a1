/**
 * A map as the Studio edits it: every field in full, with the `version` a
 * save must carry (read and written by `map-editing.server.ts`).
 */
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
