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
import { mapBookmarks, mapCategories, mapSlugs, maps, spotBookmarks, spots } from "#db/schema";
import { freeMapSlug, isUniqueViolation } from "./map-slugs.server";
import { publishLabel, spotsMissingToPublish } from "./publishing-rules";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A map id from a form or URL: anything but a UUID is no map (and never reaches Postgres' uuid cast). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

async function insertMap(tx: Transaction, values: Omit<typeof maps.$inferInsert, "currentSlug">) {
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
 * spot (published and draft spots stay so; photos are shared, their objects
 * are content-addressed). Bookmarks, views and the publish date are not copied.
 */
export async function duplicateMap(db: Database, creatorId: string, mapId: string): Promise<{ ok: true; mapId: string; slug: string } | NotFound> {
  return withFreshSlug(() =>
    db.transaction(async (tx) => {
      const source = await lockOwnMap(tx, creatorId, mapId);
      if (!source) return notFound;
      const copy = await insertMap(tx, {
        ownerId: creatorId,
        title: `Copy of ${source.title}`,
        summary: source.summary,
        coverImageUrl: source.coverImageUrl,
        cityId: source.cityId,
        isPublished: false,
      });
      const categories = await tx.select({ categoryId: mapCategories.categoryId }).from(mapCategories).where(eq(mapCategories.mapId, source.id));
      if (categories.length) await tx.insert(mapCategories).values(categories.map((c) => ({ mapId: copy.id, categoryId: c.categoryId })));
      await tx.execute(sql`
        insert into ${spots} (map_id, slug, name, summary, description, lat, lng, address, website, category_id, cover_image_url, photos, visibility, position, is_published)
        select ${copy.id}::uuid, slug, name, summary, description, lat, lng, address, website, category_id, cover_image_url, photos, visibility, position, is_published
        from ${spots} where map_id = ${source.id}`);
      return { ok: true as const, mapId: copy.id, slug: copy.currentSlug };
    }),
  );
}

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
 * public place (map page, creator page, search, sitemap, anyone's Atlas).
 */
export async function deleteMap(db: Database, creatorId: string, mapId: string): Promise<{ ok: true; title: string } | NotFound> {
  return db.transaction(async (tx) => {
    const map = await lockOwnMap(tx, creatorId, mapId);
    if (!map) return notFound;
    const spotIds = tx.select({ id: spots.id }).from(spots).where(eq(spots.mapId, map.id));
    await tx.delete(spotBookmarks).where(inArray(spotBookmarks.spotId, spotIds));
    await tx.delete(mapBookmarks).where(eq(mapBookmarks.mapId, map.id));
    // Spots, slugs, categories, recent views and article links go with the map (ON DELETE CASCADE).
    await tx.delete(maps).where(eq(maps.id, map.id));
    return { ok: true as const, title: map.title };
  });
}
