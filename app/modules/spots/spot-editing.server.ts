/**
 * A spot as its creator edits it in the Studio: read in full, saved with a
 * version check. The owner is part of every query (a spot of someone else's
 * map is simply not found), and the version check is in the UPDATE's WHERE,
 * so two saves of the same version cannot both win: the second gets the
 * other's copy back as a conflict and the creator chooses.
 */
import { MODERATION_MESSAGES } from "~/modules/moderation";
import { isTakenDown } from "~/modules/moderation/index.server";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { fieldErrors, type FieldErrors } from "~/lib/form-validation";
import { maps, spots } from "#db/schema";
import type { Conflict, EditableSpot } from "./editable-spot";
import type { CategoryChoice } from "~/modules/categories";
import { creatorCategories, usableCategoryCount } from "~/modules/categories/index.server";
import { editableSpotColumns, toEditableSpot } from "./editable-spot.server";
import { KEEP_PUBLISHED, wouldLeavePublishedMapShort } from "./published-floor.server";
import { SPOT_MESSAGES, spotPatchSchema } from "./spot-schema";
import { isUuid } from "~/lib/ids";

export { KEEP_PUBLISHED };

export type UpdateSpotResult =
  | { ok: true; spot: EditableSpot }
  | ({ ok: false; status: 409 } & Conflict<EditableSpot>)
  | { ok: false; status: 400; error: string; fieldErrors: FieldErrors }
  | { ok: false; status: 404; error: string };

export const SPOT_NOT_FOUND = "This spot does not exist or is not on one of your maps.";
export const CHECK_FIELDS = SPOT_MESSAGES.checkFields;

/** The creator's own maps, as a condition on spots. */
function ownedBy(creatorId: string, mapId: string) {
  return sql`${spots.mapId} in (select ${maps.id} from ${maps} where ${maps.id} = ${mapId} and ${maps.ownerId} = ${creatorId})`;
}

/** The spot in full, or null when it is not on this creator's map `mapId`. */
export async function loadEditableSpot(db: Database, creatorId: string, mapId: string, spotId: string): Promise<EditableSpot | null> {
  if (!isUuid(mapId) || !isUuid(spotId)) return null;
  const [row] = await db
    .select(editableSpotColumns)
    .from(spots)
    .where(and(eq(spots.id, spotId), eq(spots.mapId, mapId), ownedBy(creatorId, mapId)));
  return row ? toEditableSpot(row) : null;
}

/** The spot page: the spot, its map's title (for the way back) and the categories to choose from; null when not the creator's. */
export async function spotEditorPage(
  db: Database,
  creatorId: string,
  mapId: string,
  spotId: string,
): Promise<{ spot: EditableSpot; mapTitle: string; categories: CategoryChoice[] } | null> {
  const spot = await loadEditableSpot(db, creatorId, mapId, spotId);
  if (!spot) return null;
  const [[map], categoryList] = await Promise.all([db.select({ title: maps.title }).from(maps).where(eq(maps.id, mapId)), spotCategories(db, creatorId)]);
  return { spot, mapTitle: map.title, categories: categoryList };
}

/** The categories a spot can have, by name: site-wide ones and the creator's own. */
export async function spotCategories(db: Database, creatorId: string): Promise<CategoryChoice[]> {
  return creatorCategories(db, creatorId);
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
  // Another creator's own category is refused like one that does not exist.
  if (changes.categoryId && (!isUuid(changes.categoryId) || (await usableCategoryCount(db, creatorId, [changes.categoryId])) === 0)) {
    return { ok: false, status: 400, error: CHECK_FIELDS, fieldErrors: { categoryId: SPOT_MESSAGES.categoryInvalid } };
  }

  // One statement in the usual case: the version and the owner are in the WHERE.
  const tryUpdate = async (tx: Database | Transaction, extra?: SQL) => {
    const [saved] = await tx
      .update(spots)
      .set({ ...changes, version: sql`${spots.version} + 1`, updatedAt: new Date() })
      .where(and(eq(spots.id, spotId), eq(spots.mapId, mapId), eq(spots.version, expectedVersion), ownedBy(creatorId, mapId), extra))
      .returning(editableSpotColumns);
    return saved ? toEditableSpot(saved) : null;
  };
  // Nothing updated: either not this creator's spot, or someone saved first.
  const missed = async (tx: Database | Transaction): Promise<UpdateSpotResult> => {
    const current = await loadEditableSpot(tx, creatorId, mapId, spotId);
    if (!current) return { ok: false, status: 404, error: SPOT_NOT_FOUND };
    return { ok: false, status: 409, conflict: true, current };
  };

  // Taken down by an admin: only a restore publishes it again (the database refuses it anyway).
  if (changes.isPublished === true && (await isTakenDown(db, "spot", spotId))) {
    return { ok: false, status: 400, error: CHECK_FIELDS, fieldErrors: { isPublished: MODERATION_MESSAGES.takenDownPublish } };
  }
  try {
    if (changes.isPublished !== false) {
      const saved = await tryUpdate(db);
      return saved ? { ok: true, spot: saved } : await missed(db);
    }
    // A draft saved as a draft changes no count: one statement too.
    const draft = await tryUpdate(db, eq(spots.isPublished, false));
    if (draft) return { ok: true, spot: draft };
    // Making a published spot a draft may break the publishing rule: checked under the map's lock.
    return await db.transaction(async (tx): Promise<UpdateSpotResult> => {
      if (await wouldLeavePublishedMapShort(tx, creatorId, mapId, spotId)) {
        return { ok: false, status: 400, error: CHECK_FIELDS, fieldErrors: { isPublished: KEEP_PUBLISHED } };
      }
      const saved = await tryUpdate(tx);
      return saved ? { ok: true, spot: saved } : await missed(tx);
    });
  } catch (error) {
    // The only reference a patch can carry: a category that does not exist (or was just deleted).
    if (isForeignKeyViolation(error)) return { ok: false, status: 400, error: CHECK_FIELDS, fieldErrors: { categoryId: SPOT_MESSAGES.categoryInvalid } };
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23503" || e?.cause?.code === "23503";
}
