/**
 * A spot's row as the Studio edits it (every column in full, with its
 * `version`): the one select list and conversion used by the map editor's
 * load, the spot panel's save, placement and the import review queue.
 */
import { spots } from "#db/schema";
import type { EditableSpot } from "./editable-spot";

export const editableSpotColumns = {
  id: spots.id,
  mapId: spots.mapId,
  slug: spots.slug,
  name: spots.name,
  summary: spots.summary,
  description: spots.description,
  lat: spots.lat,
  lng: spots.lng,
  address: spots.address,
  website: spots.website,
  categoryId: spots.categoryId,
  photos: spots.photos,
  labels: spots.labels,
  visibility: spots.visibility,
  isPublished: spots.isPublished,
  position: spots.position,
  version: spots.version,
  updatedAt: spots.updatedAt,
};

type SpotRow = Omit<EditableSpot, "updatedAt"> & { updatedAt: Date };

export function toEditableSpot(row: SpotRow): EditableSpot {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
