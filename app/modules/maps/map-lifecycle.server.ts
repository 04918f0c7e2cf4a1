/**
 * A map's life in the Studio: created as a draft, duplicated, published,
 * unpublished, deleted. Every function takes the creator's id and selects the
 * map by id AND owner, so a map of someone else (or no map at all) is the same
 * not-found result: a creator can neither touch nor detect another's maps.
 * Every change to a map row bumps its `version`, so an editor open on the map
 * sees the change as a conflict instead of overwriting it.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { mapBookmarks, mapCategories, mapSlugs, maps, spotBookmarks, spots } from "#db/schema";
import { coverVariants } from "~/modules/images";
import { copyCover, copySpotPhotos, removeCopiedFiles, removeMapFiles, type CopiedFiles } from "./map-files.server";
import { freeMapSlug, isUniqueViolation } from "./map-slugs.server";
import { removePhotoFiles, trashedPhotoKeys } from "~/modules/spots/index.server";
import { publishLabel, spotsMissingToPublish } from "~/modules/spots";
import { MODERATION_MESSAGES } from "~/modules/moderation";
import { isTakenDown, takenDownOf } from "~/modules/moderation/index.server";

export const NEW_MAP_TITLE = "Untitled map";
export const MAP_NOT_FOUND = "This map does not exist or is not yours.";

export type NotFound = { ok: false; status: 404; error: string };
const notFound: NotFound = { ok: false, status: 404, error: MAP_NOT_FOUND };

/** A slug taken by a concurrent create between our check and our insert: try again with the next free one. */
async function withFreshSlug<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isUniqueViolation(error) || tries >= 5) throw error;
    }
  }
}

/** The creator's map, locked for the rest of the transaction; undefined when it is not theirs. */
async function lockOwnMap(tx: Transaction, creatorId: string, mapId: string) {
  if (!isUuid(mapId)) return undefined;
  const [row] = await tx
    .select()
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
    .for("update");
  return row;
}

/** A map row with a free slug (and its slug history entry); the caller's transaction. */
export async function insertMap(tx: Transaction, values: Omit<typeof maps.$inferInsert, "currentSlug">) {
  const currentSlug = await freeMapSlug(tx, values.title);
  const [map] = await tx
    .insert(maps)
    .values({ ...values, currentSlug })
    .returning({ id: maps.id, currentSlug: maps.currentSlug });
  await tx.insert(mapSlugs).values({ slug: map.currentSlug, mapId: map.id });
  return map;
}

/** A new draft "Untitled map" with a slug of its own. */
export async function createMap(db: Database, creatorId: string): Promise<{ ok: true; mapId: string; slug: string }> {
  const map = await withFreshSlug(() => db.transaction((tx) => insertMap(tx, { ownerId: creatorId, title: NEW_MAP_TITLE, isPublished: false })));
  return { ok: true, mapId: map.id, slug: map.currentSlug };
}

/**
 * A draft copy: "Copy of …" with the map's settings, categories and every
 * spot (published and draft spots stay so). The cover and photos are copied
 * into files of the copy's own (map-files.server.ts), so changing either map
 * never removes a file the other shows. Bookmarks, views and the publish
 * date are not copied.
 */
export type DuplicateResult = { ok: true; mapId: string; slug: string } | NotFound | TakenDown;
/** The map is under a takedown in force: a copy would be a way around it. */
export type TakenDown = { ok: false; status: 409; error: string };
const takenDown: TakenDown = { ok: false, status: 409, error: MODERATION_MESSAGES.takenDownDuplicate };

/**
 * A draft copy of the creator's map with its spots. A map taken down by moderation is not copied
 * (the copy would be a new map, free of the takedown, that its creator could publish), and a spot
 * taken down on its own is left out of the copy for the same reason.
 */
export async function duplicateMap(db: Database, creatorId: string, mapId: string): Promise<DuplicateResult> {
  if (!isUuid(mapId)) return notFound;
  const [source] = await db
    .select({ coverImageUrl: maps.coverImageUrl })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)));
  if (!source) return notFound;
  // Asked before any file is copied, and again under the map's lock below (a takedown may land meanwhile).
  if (await isTakenDown(db, "map", mapId)) return takenDown;
  // Files first (outside the transaction: copying them takes a while), rows after, naming only what was copied.
  const copied: CopiedFiles = { photoKeys: [], coverUrls: [] };
  let named = { cover: null as string | null, photoKeys: new Set<string>() };
  try {
    const withPhotos = await db
      .select({ id: spots.id, photos: spots.photos })
      .from(spots)
      .where(and(eq(spots.mapId, mapId), sql`jsonb_array_length(${spots.photos}) > 0`));
    const cover = await copyCover(source.coverImageUrl, copied);
    const photoCopies = await copySpotPhotos(withPhotos, copied);
    const result = await withFreshSlug(() =>
      db.transaction(async (tx) => {
        const map = await lockOwnMap(tx, creatorId, mapId);
        if (!map) return notFound;
        if (await isTakenDown(tx, "map", map.id)) return takenDown;
        const downSpots = (await takenDownOf(tx, creatorId)).spot;
        // A cover changed meanwhile is not the one copied: the copy starts without one.
        const coverImageUrl = map.coverImageUrl === source.coverImageUrl ? cover : null;
        const copy = await insertMap(tx, {
          ownerId: creatorId,
          title: `Copy of ${map.title}`,
          summary: map.summary,
          coverImageUrl,
          cityId: map.cityId,
          isPublished: false,
        });
        const categories = await tx.select({ categoryId: mapCategories.categoryId }).from(mapCategories).where(eq(mapCategories.mapId, map.id));
        if (categories.length) await tx.insert(mapCategories).values(categories.map((c) => ({ mapId: copy.id, categoryId: c.categoryId })));
        const rows = (await tx.select().from(spots).where(eq(spots.mapId, map.id))).filter((spot) => !downSpots.has(spot.id));
        const values = rows.map((spot) => ({
          mapId: copy.id,
          slug: spot.slug,
          name: spot.name,
          summary: spot.summary,
          description: spot.description,
          lat: spot.lat,
          lng: spot.lng,
          address: spot.address,
          website: spot.website,
          categoryId: spot.categoryId,
          coverImageUrl: spot.coverImageUrl,
          // A photo added meanwhile was not copied: the copy leaves it out rather than share its files.
          photos: spot.photos.flatMap((photo) => photoCopies.get(spot.id)?.get(photo.id) ?? []),
          visibility: spot.visibility,
          // The creator's private labels come along: the copy is theirs too.
          labels: spot.labels,
          position: spot.position,
          isPublished: spot.isPublished,
        }));
        for (let i = 0; i < values.length; i += INSERT_CHUNK) await tx.insert(spots).values(values.slice(i, i + INSERT_CHUNK));
        named = { cover: coverImageUrl, photoKeys: new Set(values.flatMap((v) => v.photos.flatMap((p) => p.keys))) };
        return { ok: true as const, mapId: copy.id, slug: copy.currentSlug };
      }),
    );
    return result;
  } finally {
    // Whatever was copied and is not named by the copy (refused, failed, changed meanwhile) is removed again.
    await removeCopiedFiles({
      photoKeys: copied.photoKeys.filter((key) => !named.photoKeys.has(key)),
      coverUrls: named.cover && coverVariants(named.cover) ? [] : copied.coverUrls,
    });
  }
}

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for a 500-spot map. */
const INSERT_CHUNK = 200;

export type PublishResult =
  | { ok: true; firstPublish: boolean; slug: string }
  | NotFound
  /** Fewer published spots than the rule asks: "Add N more spots to publish". */
  | { ok: false; status: 422; error: string; missing: number };

/**
 * Publish when the map has enough published spots (checked here, whatever the
 * page showed). `published_at` is set on the first publish only; the caller
 * sends the creator to map-is-ready then.
 */
export async function publishMap(db: Database, creatorId: string, mapId: string): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    const map = await lockOwnMap(tx, creatorId, mapId);
    if (!map) return notFound;
    // Taken down by an admin: only a restore publishes it again (the database refuses it anyway).
    if (await isTakenDown(tx, "map", map.id)) return { ok: false as const, status: 422 as const, error: MODERATION_MESSAGES.takenDownPublish, missing: 0 };
    const [{ published }] = await tx
      .select({ published: sql<number>`count(*)::int` })
      .from(spots)
      .where(and(eq(spots.mapId, map.id), eq(spots.isPublished, true)));
    const missing = spotsMissingToPublish(published);
    if (missing > 0) return { ok: false as const, status: 422 as const, error: publishLabel(published), missing };
    if (map.isPublished) return { ok: true as const, firstPublish: false, slug: map.currentSlug };
    await tx
      .update(maps)
      .set({ isPublished: true, publishedAt: map.publishedAt ?? new Date(), version: sql`${maps.version} + 1` })
      .where(eq(maps.id, map.id));
    return { ok: true as const, firstPublish: map.publishedAt === null, slug: map.currentSlug };
  });
}

/** Back to draft: hidden from every public place; its spots, slugs and bookmarks stay. */
export async function unpublishMap(db: Database, creatorId: string, mapId: string): Promise<{ ok: true } | NotFound> {
  return db.transaction(async (tx) => {
    const map = await lockOwnMap(tx, creatorId, mapId);
    if (!map) return notFound;
    if (map.isPublished) {
      await tx
        .update(maps)
        .set({ isPublished: false, version: sql`${maps.version} + 1` })
        .where(eq(maps.id, map.id));
    }
    return { ok: true as const };
  });
}

/**
 * Delete the map with its spots, slugs and categories, and the bookmarks of
 * the map and of its spots, in one transaction: from the commit on it is in no
 * public place (map page, creator page, search, sitemap, anyone's Atlas). Its
 * cover and photo files are removed after the commit.
 */
export async function deleteMap(db: Database, creatorId: string, mapId: string): Promise<{ ok: true; title: string } | NotFound> {
  const result = await db.transaction(async (tx) => {
    const map = await lockOwnMap(tx, creatorId, mapId);
    if (!map) return notFound;
    const spotIds = tx.select({ id: spots.id }).from(spots).where(eq(spots.mapId, map.id));
    await tx.delete(spotBookmarks).where(inArray(spotBookmarks.spotId, spotIds));
    await tx.delete(mapBookmarks).where(eq(mapBookmarks.mapId, map.id));
    // Spots, slugs, categories, recent views and article links go with the map (ON DELETE CASCADE).
    const removed = await tx.delete(spots).where(eq(spots.mapId, map.id)).returning({ photos: spots.photos });
    // Spots deleted earlier and still in the trash go with the map: their files too.
    const trashed = await trashedPhotoKeys(tx, map.id);
    await tx.delete(maps).where(eq(maps.id, map.id));
    return { ok: true as const, title: map.title, files: { cover: map.coverImageUrl, photos: removed.flatMap((s) => s.photos), trashed } };
  });
  if (!result.ok) return result;
  // Once no row names them any more.
  await Promise.all([removeMapFiles(result.files.cover, result.files.photos), removePhotoFiles(result.files.trashed)]);
  return { ok: true, title: result.title };
}
