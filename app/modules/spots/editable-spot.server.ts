/**
 * A spot's row as the Studio edits it (every column in full, with its
 * `version`): the one select list and conversion used by the map editor's
 * load, the spot panel's save, placement and the import review queue.
 */
import { eq, sql } from "drizzle-orm";
import { spots } from "#db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import type { EditableSpot, EditorSpotList } from "./editable-spot";

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

/**
 * A map's spots in the public order as the editor's list has them (EditorSpotRow), read as one
 * JSON value: PGlite hands 500 rows to JavaScript field by field, which costs three times the
 * time of one JSON text of the same rows (measured for issue 27; PostgreSQL gains too). The text
 * goes to the browser as it is (EditorSpotList): nothing on the server reads it.
 */
export async function editorSpotList(db: Database | Transaction, mapId: string): Promise<EditorSpotList> {
  const [row] = await db
    .select({
      rows: sql<string>`coalesce(json_agg(json_build_array(${spots.id}, ${spots.name}, ${spots.lat}, ${spots.lng}, ${spots.isPublished}, ${spots.labels}, ${spots.version}) order by ${spots.position}, ${spots.createdAt}), '[]')::text`,
    })
    .from(spots)
    .where(eq(spots.mapId, mapId));
  return { json: row?.rows ?? "[]" };
}

type SpotRow = Omit<EditableSpot, "updatedAt"> & { updatedAt: Date };

export function toEditableSpot(row: SpotRow): EditableSpot {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
