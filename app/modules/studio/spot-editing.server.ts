/**
 * A spot as its creator edits it in the Studio: read in full, saved with a
 * version check. The owner is part of every query (a spot of someone else's
 * map is simply not found), and the version check is in the UPDATE's WHERE,
 * so two saves of the same version cannot both win: the second gets the
 * other's copy back as a conflict and the creator chooses.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { fieldErrors, type FieldErrors } from "~/modules/auth/validation";
import { categories, maps, spots } from "#db/schema";
import type { Conflict, EditableSpot } from "./editable";
import { SPOT_MESSAGES, spotPatchSchema } from "./spot-schema";

export interface SpotCategory {
  id: string;
  name: string;
}

export type UpdateSpotResult =
  | { ok: true; spot: EditableSpot }
  | ({ ok: false; status: 409 } & Conflict<EditableSpot>)
  | { ok: false; status: 400; error: string; fieldErrors: FieldErrors }
  | { ok: false; status: 404; error: string };

export const SPOT_NOT_FOUND = "This spot does not exist or is not on one of your maps.";
export const CHECK_FIELDS = "The change was not saved: check the highlighted fields.";

const editableColumns = {
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
  visibility: spots.visibility,
  isPublished: spots.isPublished,
  position: spots.position,
  version: spots.version,
  updatedAt: spots.updatedAt,
};

type Row = Pick<typeof spots.$inferSelect, keyof typeof editableColumns>;

function toEditable(row: Row): EditableSpot {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The creator's own maps, as a condition on spots. */
function ownedBy(creatorId: string, mapId: string) {
  return sql`${spots.mapId} in (select ${maps.id} from ${maps} where ${maps.id} = ${mapId} and ${maps.ownerId} = ${creatorId})`;
}

/** The spot in full, or null when it is not on this creator's map `mapId`. */
export async function loadEditableSpot(db: Database, creatorId: string, mapId: string, spotId: string): Promise<EditableSpot | null> {
  if (!isUuid(mapId) || !isUuid(spotId)) return null;
  const [row] = await db
    .select(editableColumns)
    .from(spots)
    .where(and(eq(spots.id, spotId), eq(spots.mapId, mapId), ownedBy(creatorId, mapId)));
  return row ? toEditable(row) : null;
}

/** The spot page: the spot, its map's title (for the way back) and the categories to choose from; null when not the creator's. */
export async function spotEditorPage(
  db: Database,
  creatorId: string,
  mapId: string,
  spotId: string,
): Promise<{ spot: EditableSpot; mapTitle: string; categories: SpotCategory[] } | null> {
  const spot = await loadEditableSpot(db, creatorId, mapId, spotId);
  if (!spot) return null;
  const [[map], categoryList] = await Promise.all([db.select({ title: maps.title }).from(maps).where(eq(maps.id, mapId)), spotCategories(db)]);
  return { spot, mapTitle: map.title, categories: categoryList };
}

/** The categories a spot can have, by name. */
export async function spotCategories(db: Database): Promise<SpotCategory[]> {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

/**
 * Saves `patch` (form values: only the fields present change) if the spot
 * is still at `expectedVersion`, and bumps the version. Bad input changes
 * nothing and says why per field.
 */
export async function updateSpot(
  db: Database,
  creatorId: string,
  mapId: string,
  spotId: string,
  patch: Record<string, unknown>,
  expectedVersion: number,
): Promise<UpdateSpotResult> {
  if (!isUuid(mapId) || !isUuid(spotId)) return { ok: false, status: 404, error: SPOT_NOT_FOUND };
  const parsed = spotPatchSchema.safeParse(patch);
  if (!parsed.success) return { ok: false, status: 400, error: CHECK_FIELDS, fieldErrors: fieldErrors(parsed.error) };
  const changes = parsed.data;
  if (changes.categoryId) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, changes.categoryId));
    if (!category) return { ok: false, status: 400, error: CHECK_FIELDS, fieldErrors: { categoryId: SPOT_MESSAGES.categoryInvalid } };
  }

  const [saved] = await db
    .update(spots)
    .set({ ...changes, version: sql`${spots.version} + 1`, updatedAt: new Date() })
    .where(and(eq(spots.id, spotId), eq(spots.mapId, mapId), eq(spots.version, expectedVersion), ownedBy(creatorId, mapId)))
    .returning(editableColumns);
  if (saved) return { ok: true, spot: toEditable(saved) };

  // Nothing updated: either not this creator's spot, or someone saved first.
  const current = await loadEditableSpot(db, creatorId, mapId, spotId);
  if (!current) return { ok: false, status: 404, error: SPOT_NOT_FOUND };
  return { ok: false, status: 409, conflict: true, current };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from the URL are checked before they reach a uuid column (PostgreSQL would reject them with an error). */
function isUuid(value: string): boolean {
  return UUID.test(value);
}
