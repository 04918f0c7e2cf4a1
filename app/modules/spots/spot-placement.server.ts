/**
 * Where a map's spots are and in what order: adding (by map click, typed
 * coordinates or a found place), moving a pin, reordering the whole list,
 * deleting and undoing the delete. Every function is scoped by the map's
 * owner; another creator's map or spot is "not found".
 *
 * Decisions:
 * - A new spot is published (public) at once: the map's count towards the 30
 *   needed to publish grows as the creator adds spots; making one a draft is
 *   a choice in the spot's details.
 * - Positions stay 0..n-1: appending takes the next one; deleting closes the
 *   gap; a reorder rewrites them all in one transaction (the public order).
 * - Undo of a delete brings back the same row (id, slug if still free,
 *   position, every field, and the saves of users who still exist) from the
 *   trash (spot-trash.server.ts), claimed with a token the server signed when
 *   it deleted: the browser cannot restore anything the server did not hand out.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, getTableColumns, gt, gte, like, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { slugify } from "~/lib/slug";
import { authSecret } from "~/lib/secret.server";
import { categories, maps, spots, type SpotPhoto } from "#db/schema";
import { checkLatLng } from "~/modules/places";
import type { EditableSpot } from "./editable-spot";
import type { NearbySpot } from "./editable-spot";
import { spotNameSchema } from "./spot-name";
import { editableSpotColumns, toEditableSpot } from "./editable-spot.server";
import { KEEP_PUBLISHED_ON_DELETE, wouldLeavePublishedMapShort } from "./published-floor.server";
import { RESTORE_WINDOW_MS, restoreSaves, takeFromTrash, trashSpot } from "./spot-trash.server";
import { isUuid } from "~/lib/ids";

/** A nearby spot is a likely duplicate within this distance… */
export const DUPLICATE_DISTANCE_M = 50;
/** …when its name is this similar (pg_trgm similarity of the lowercased names) or one name contains the other. */
export const DUPLICATE_SIMILARITY = 0.4;

export const PLACEMENT_MESSAGES = {
  notFound: "This spot is no longer on the map",
  orderMismatch: "The list changed meanwhile: reload the map to reorder it",
  restoreExpired: "This delete can no longer be undone",
  alreadyRestored: "This spot is already back on the map",
} as const;

type Failure = { ok: false; status: 400 | 404 | 409; error: string };
const notFound: Failure = { ok: false, status: 404, error: PLACEMENT_MESSAGES.notFound };

/** The map row, locked so that concurrent appends and reorders of one map run one after another. */
async function lockOwnedMap(tx: Transaction, creatorId: string, mapId: string) {
  if (!isUuid(mapId)) return undefined;
  const [row] = await tx
    .select({ id: maps.id })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
    .for("update");
  return row;
}

function validPlacement(input: { name?: unknown; lat: number; lng: number }): { ok: true; name?: string; lat: number; lng: number } | Failure {
  let name: string | undefined;
  if (input.name !== undefined) {
    const parsed = spotNameSchema.safeParse(input.name);
    if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0].message };
    name = parsed.data;
  }
  const at = checkLatLng(input.lat, input.lng);
  if (!at.ok) return { ok: false, status: 400, error: at.error };
  return { ok: true, name, lat: at.lat, lng: at.lng };
}

/** A slug not yet used in the map: the name's, then "-2", "-3"… */
async function freeSlug(tx: Transaction, mapId: string, name: string): Promise<string> {
  const base = slugify(name, "spot").slice(0, 60).replace(/-+$/, "") || "spot";
  const taken = new Set(
    (
      await tx
        .select({ slug: spots.slug })
        .from(spots)
        .where(and(eq(spots.mapId, mapId), or(eq(spots.slug, base), like(spots.slug, `${base}-%`))))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Spots of the map within 50 m of the point whose names are like `name` (the duplicate warning). */
export async function nearbyDuplicates(
  db: Database | Transaction,
  creatorId: string,
  mapId: string,
  place: { name: string; lat: number; lng: number },
  excludeSpotId?: string,
): Promise<NearbySpot[]> {
  if (!isUuid(mapId)) return [];
  const name = place.name.trim().toLowerCase();
  if (!name) return [];
  // About 50 m of latitude, a cheap first cut before the great-circle distance.
  const dLat = DUPLICATE_DISTANCE_M / 111_000;
  const { rows } = await db.execute<{ id: string; name: string; distance: number }>(sql`
    select id, name, round(distance)::int as distance from (
      select s.id, s.name,
        6371000 * 2 * asin(sqrt(
          power(sin(radians(s.lat - ${place.lat}) / 2), 2) +
          cos(radians(${place.lat})) * cos(radians(s.lat)) * power(sin(radians(s.lng - ${place.lng}) / 2), 2)
        )) as distance
      from ${spots} s join ${maps} m on m.id = s.map_id
      where s.map_id = ${mapId} and m.owner_id = ${creatorId}
        and s.lat between ${place.lat - dLat} and ${place.lat + dLat}
        ${excludeSpotId && isUuid(excludeSpotId) ? sql`and s.id <> ${excludeSpotId}` : sql``}
    ) near
    where distance <= ${DUPLICATE_DISTANCE_M}
      and (similarity(lower(name), ${name}) >= ${DUPLICATE_SIMILARITY}
        or strpos(lower(name), ${name}) > 0 or strpos(${name}, lower(name)) > 0)
    order by distance`);
  return rows.map((r) => ({ id: r.id, name: r.name, distance: Number(r.distance) }));
}

export type CreateSpotResult = { ok: true; spot: EditableSpot; duplicates: NearbySpot[] } | Failure;

/** A new spot at the end of the list, published; with the likely duplicates nearby (a warning, not a refusal). */
/** A Google Place ID ("ChIJ…") or a CID (digits), as google-urls.ts reads them from a link. */
const GOOGLE_PLACE_ID = /^[A-Za-z0-9_-]{1,300}$/;

export async function createSpot(
  db: Database,
  creatorId: string,
  mapId: string,
  input: { name: unknown; lat: number; lng: number; googlePlaceId?: unknown },
): Promise<CreateSpotResult> {
  const valid = validPlacement(input);
  if (!valid.ok) return valid;
  const name = valid.name!;
  // From a pasted Google Maps link (modules/places): a Place ID or a CID; anything else is dropped, not refused.
  const googlePlaceId = typeof input.googlePlaceId === "string" && GOOGLE_PLACE_ID.test(input.googlePlaceId) ? input.googlePlaceId : null;
  return db.transaction(async (tx) => {
    if (!(await lockOwnedMap(tx, creatorId, mapId))) return { ok: false, status: 404, error: "Map not found" } as const;
    const duplicates = await nearbyDuplicates(tx, creatorId, mapId, { name, lat: valid.lat, lng: valid.lng });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${spots.position}) + 1, 0)::int` })
      .from(spots)
      .where(eq(spots.mapId, mapId));
    const [row] = await tx
      .insert(spots)
      .values({ mapId, name, slug: await freeSlug(tx, mapId, name), lat: valid.lat, lng: valid.lng, position: next, isPublished: true, googlePlaceId })
      .returning(editableSpotColumns);
    return { ok: true, spot: toEditableSpot(row), duplicates } as const;
  });
}

export type MoveSpotResult = { ok: true; spot: EditableSpot; from: { lat: number; lng: number } } | Failure;

/** Move a spot's pin; the version is bumped (an open details panel sees the change). `from` is for undo. */
export async function moveSpot(db: Database, creatorId: string, spotId: string, to: { lat: number; lng: number }): Promise<MoveSpotResult> {
  const valid = validPlacement(to);
  if (!valid.ok) return valid;
  if (!isUuid(spotId)) return notFound;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ lat: spots.lat, lng: spots.lng })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(spots.id, spotId), eq(maps.ownerId, creatorId)))
      .for("update", { of: spots });
    if (!before) return notFound;
    const [row] = await tx
      .update(spots)
      .set({ lat: valid.lat, lng: valid.lng, version: sql`${spots.version} + 1` })
      .where(eq(spots.id, spotId))
      .returning(editableSpotColumns);
    return { ok: true, spot: toEditableSpot(row), from: before } as const;
  });
}

export type ReorderResult = { ok: true } | Failure;

/**
 * Put the map's spots in exactly this order: the list must hold every spot of
 * the map once and nothing else (a list from before another tab added or
 * deleted a spot is refused, not half-applied). One statement, one transaction.
 */
export async function reorderSpots(db: Database, creatorId: string, mapId: string, orderedIds: unknown[]): Promise<ReorderResult> {
  if (!orderedIds.every(isUuid)) return { ok: false, status: 400, error: PLACEMENT_MESSAGES.orderMismatch };
  const ids = orderedIds.map((id) => id.toLowerCase());
  return db.transaction(async (tx) => {
    if (!(await lockOwnedMap(tx, creatorId, mapId))) return { ok: false, status: 404, error: "Map not found" } as const;
    const existing = new Set((await tx.select({ id: spots.id }).from(spots).where(eq(spots.mapId, mapId))).map((r) => r.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== existing.size || ids.some((id) => !existing.has(id)))
      return { ok: false, status: 409, error: PLACEMENT_MESSAGES.orderMismatch } as const;
    if (ids.length === 0) return { ok: true } as const;
    // The ids are checked UUIDs: safe to pass as one array literal.
    await tx.execute(sql`
      update ${spots} set position = v.ord - 1
      from unnest(${`{${ids.join(",")}}`}::uuid[]) with ordinality as v(id, ord)
      where ${spots.id} = v.id and ${spots.mapId} = ${mapId} and ${spots.position} <> v.ord - 1`);
    return { ok: true } as const;
  });
}

/** What the browser holds to undo a delete: which spot, whose, and when; the spot itself waits in the trash. */
interface RestoreClaim {
  v: 2;
  creatorId: string;
  mapId: string;
  spotId: string;
  deletedAt: number;
}

function sign(body: string): string {
  return createHmac("sha256", `spot-restore:${authSecret()}`).update(body).digest("base64url");
}

function restoreToken(claim: RestoreClaim): string {
  const body = Buffer.from(JSON.stringify(claim)).toString("base64url");
  return `${body}.${sign(body)}`;
}

function readRestoreToken(token: string): RestoreClaim | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claim = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as RestoreClaim;
    return claim.v === 2 && isUuid(claim.mapId) && isUuid(claim.spotId) ? claim : null;
  } catch {
    return null;
  }
}

export type DeleteSpotResult = { ok: true; spot: EditableSpot; restoreToken: string } | Failure;

/** Delete a spot (into the trash, with its saves) and close the gap in the order; the token undoes it. */
export async function deleteSpot(db: Database, creatorId: string, spotId: string, now = new Date()): Promise<DeleteSpotResult> {
  if (!isUuid(spotId)) return notFound;
  return db.transaction(async (tx) => {
    const { fts: _fts, ...columns } = getTableColumns(spots);
    const [row] = await tx
      .select(columns)
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(spots.id, spotId), eq(maps.ownerId, creatorId)))
      .for("update", { of: spots });
    if (!row) return notFound;
    if (!(await lockOwnedMap(tx, creatorId, row.mapId))) return notFound;
    if (await wouldLeavePublishedMapShort(tx, creatorId, row.mapId, spotId)) return { ok: false, status: 409, error: KEEP_PUBLISHED_ON_DELETE } as const;
    await trashSpot(tx, row, now);
    await tx
      .update(spots)
      .set({ position: sql`${spots.position} - 1` })
      .where(and(eq(spots.mapId, row.mapId), gt(spots.position, row.position)));
    const token = restoreToken({ v: 2, creatorId, mapId: row.mapId, spotId: row.id, deletedAt: now.getTime() });
    return { ok: true, spot: toEditableSpot(row), restoreToken: token } as const;
  });
}

export type RestoreSpotResult = { ok: true; spot: EditableSpot } | Failure;

/** Undo a delete: the same spot with its saves, at its old place in the order (or the end, if the list is shorter now). */
export async function restoreSpot(db: Database, creatorId: string, token: string, now = new Date()): Promise<RestoreSpotResult> {
  const claim = typeof token === "string" ? readRestoreToken(token) : null;
  if (!claim || claim.creatorId !== creatorId) return { ok: false, status: 400, error: PLACEMENT_MESSAGES.restoreExpired };
  if (now.getTime() - claim.deletedAt > RESTORE_WINDOW_MS) return { ok: false, status: 400, error: PLACEMENT_MESSAGES.restoreExpired };
  return db.transaction(async (tx) => {
    // The map may have been deleted since: it must still be this creator's.
    if (!(await lockOwnedMap(tx, creatorId, claim.mapId))) return { ok: false, status: 404, error: "Map not found" } as const;
    const [exists] = await tx.select({ id: spots.id }).from(spots).where(eq(spots.id, claim.spotId));
    if (exists) return { ok: false, status: 409, error: PLACEMENT_MESSAGES.alreadyRestored } as const;
    const trashed = await takeFromTrash(tx, claim.mapId, claim.spotId);
    if (!trashed) return { ok: false, status: 400, error: PLACEMENT_MESSAGES.restoreExpired } as const;
    const { row } = trashed;
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(spots)
      .where(eq(spots.mapId, row.mapId));
    const position = Math.min(row.position, count);
    const [slugTaken] = await tx
      .select({ id: spots.id })
      .from(spots)
      .where(and(eq(spots.mapId, row.mapId), eq(spots.slug, row.slug)));
    const slug = slugTaken ? await freeSlug(tx, row.mapId, row.name) : row.slug;
    const [category] = row.categoryId ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, row.categoryId)) : [];
    await tx
      .update(spots)
      .set({ position: sql`${spots.position} + 1` })
      .where(and(eq(spots.mapId, row.mapId), gte(spots.position, position)));
    const [restored] = await tx
      .insert(spots)
      .values({
        ...row,
        slug,
        position,
        categoryId: category?.id ?? null,
        photos: row.photos as SpotPhoto[],
        updatedAt: now,
        version: row.version + 1,
      })
      .returning(editableSpotColumns);
    await restoreSaves(tx, restored.id, trashed.bookmarks);
    return { ok: true, spot: toEditableSpot(restored) } as const;
  });
}
