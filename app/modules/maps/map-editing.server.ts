/**
 * The map editor's reads and its map-settings save. Every function is scoped
 * by owner: a map id that is not the creator's is "not found", never a hint
 * that it exists. A settings save carries the version the editor loaded; an
 * older one is a conflict answered with the server's copy, so the creator
 * chooses what to keep instead of overwriting a change made elsewhere.
 * A changed slug keeps every earlier one in map_slugs, where /maps/{old}
 * finds it and redirects (301) to the current one.
 */
import { and, between, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { Database, Transaction } from "~/lib/db.server";
import { searchDestinations, type DestinationHit } from "~/modules/search/index.server";
import { cities, mapCategories, mapSlugs, maps } from "#db/schema";
import type { EditableMap } from "./editable-map";
import type { Conflict } from "~/modules/spots";
import { EDITOR_MESSAGES, type MapSettingsInput } from "./map-settings-validation";
import { freeMapSlug } from "./map-slugs.server";
import { destinationLabels, destinationName, repeatedIds, type DestinationChoice } from "./destinations";
import { slugFollowsTitle } from "./title-slug";
import type { EditorSpotList } from "~/modules/spots";
import { editorSpotList } from "~/modules/spots/index.server";
import type { CategoryChoice } from "~/modules/categories";
import { creatorCategories, usableCategoryCount } from "~/modules/categories/index.server";

export interface EditorData {
  map: EditableMap;
  /** In the public order; the list's fields only (a selected spot's details are loaded with the spot page's loader). */
  spots: EditorSpotList;
  /** Every category, for the map's categories. */
  categories: CategoryChoice[];
}

async function ownedMapRow(db: Database | Transaction, creatorId: string, mapId: string) {
  if (!isUuid(mapId)) return undefined;
  const [row] = await db
    .select({
      id: maps.id,
      title: maps.title,
      summary: maps.summary,
      coverImageUrl: maps.coverImageUrl,
      currentSlug: maps.currentSlug,
      isPublished: maps.isPublished,
      publishedAt: maps.publishedAt,
      cityId: maps.cityId,
      cityName: cities.name,
      cityCountry: cities.country,
      version: maps.version,
      updatedAt: maps.updatedAt,
      // In the same statement: one round trip (on PGlite, one query's fixed cost) fewer per editor load.
      categoryIds: sql<
        string[]
      >`coalesce((select json_agg(${mapCategories.categoryId}) from ${mapCategories} where ${mapCategories.mapId} = ${maps.id}), '[]'::json)`,
    })
    .from(maps)
    .leftJoin(cities, eq(cities.id, maps.cityId))
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId)))
    .limit(1);
  return row;
}

/** The creator's map as the editor shows it, or null when it is not theirs (or does not exist). */
export async function loadEditableMap(db: Database | Transaction, creatorId: string, mapId: string): Promise<EditableMap | null> {
  const row = await ownedMapRow(db, creatorId, mapId);
  if (!row) return null;
  const { cityCountry, categoryIds, ...fields } = row;
  return {
    ...fields,
    // As the city search lists it: "Barcelona, Spain".
    cityName: row.cityName ? destinationName(row.cityName, cityCountry ?? "") : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    categoryIds: [...categoryIds].sort(),
  };
}

/** The editor page: the map, its spots in order, and the categories to choose from; null when the map is not the creator's. */
export async function loadEditor(db: Database, creatorId: string, mapId: string): Promise<EditorData | null> {
  const map = await loadEditableMap(db, creatorId, mapId);
  if (!map) return null;
  const [spotList, categoryRows] = await Promise.all([editorSpotList(db, mapId), creatorCategories(db, creatorId)]);
  return { map, spots: spotList, categories: categoryRows };
}

/** Where a town counts as "near" a place whose name repeats: about 50 km around it. */
const NEAR_DEGREES = 0.5;

/** The largest other town within about 50 km of a city, in its country (what tells two places of one name apart). */
async function largestTownNear(db: Database, city: { id: number; name: string; country: string; lat: number; lng: number }): Promise<string | null> {
  const dLng = NEAR_DEGREES / Math.max(0.2, Math.cos((city.lat * Math.PI) / 180));
  const [row] = await db
    .select({ name: cities.name })
    .from(cities)
    .where(
      and(
        eq(cities.country, city.country),
        ne(cities.id, city.id),
        sql`lower(${cities.name}) <> lower(${city.name})`,
        between(cities.lat, city.lat - NEAR_DEGREES, city.lat + NEAR_DEGREES),
        between(cities.lng, city.lng - dLng, city.lng + dLng),
      ),
    )
    .orderBy(desc(cities.population))
    .limit(1);
  return row?.name ?? null;
}

/**
 * Destinations for the settings' city search: the site search's own city matching (prefix, then
 * similar names), each labelled "Barcelona, Spain" (destinations.ts), with its position so the
 * editor's map can go there.
 */
export async function findCities(db: Database, query: string): Promise<DestinationChoice[]> {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  const hits: DestinationHit[] = (await searchDestinations(db, q)).items.slice(0, 8);
  if (hits.length === 0) return [];
  const rows = await db
    .select({ id: cities.id, lat: cities.lat, lng: cities.lng })
    .from(cities)
    .where(
      inArray(
        cities.id,
        hits.map((h) => h.id),
      ),
    );
  const at = new Map(rows.map((r) => [r.id, r]));
  const placed = hits.flatMap((h) => {
    const row = at.get(h.id);
    return row ? [{ id: h.id, name: h.name, country: h.country, lat: row.lat, lng: row.lng }] : [];
  });
  const repeated = new Set(repeatedIds(placed));
  const near = new Map<number, string>();
  await Promise.all(
    placed
      .filter((city) => repeated.has(city.id))
      .map(async (city) => {
        const town = await largestTownNear(db, city);
        if (town) near.set(city.id, town);
      }),
  );
  return destinationLabels(placed, near);
}

export type MapSettingsResult =
  | { ok: true; map: EditableMap }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; conflict: Conflict<EditableMap> }
  | { ok: false; status: 400; fieldErrors: Partial<Record<keyof MapSettingsInput, string>> };

/**
 * Save the map's settings (all of them, as the settings panel sends them) if
 * `version` is still the map's; the version is bumped. One transaction: the
 * row, its categories and the slug history change together or not at all.
 */
export async function updateMapSettings(db: Database, creatorId: string, mapId: string, version: number, input: MapSettingsInput): Promise<MapSettingsResult> {
  return db.transaction(async (tx) => {
    const current = await ownedMapRow(tx, creatorId, mapId);
    if (!current) return { ok: false, status: 404 } as const;

    if (input.cityId !== null) {
      const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId)).limit(1);
      if (!city) return { ok: false, status: 400, fieldErrors: { cityId: EDITOR_MESSAGES.cityUnknown } } as const;
    }
    const categoryIds = [...new Set(input.categoryIds)];
    if (categoryIds.length > 0) {
      // Site-wide categories and the creator's own only: another creator's is unknown here.
      if ((await usableCategoryCount(tx, creatorId, categoryIds)) !== categoryIds.length)
        return { ok: false, status: 400, fieldErrors: { categoryIds: EDITOR_MESSAGES.categoryUnknown } } as const;
    }
    // Until the map is first published its address follows the title (title-slug.ts): a slug that is
    // the title's own is made free here ("-2" when another map has it) rather than refused.
    const everPublished = current.publishedAt !== null;
    const slug = !everPublished && slugFollowsTitle(input.slug, input.title) ? await freeMapSlug(tx, input.title, mapId) : input.slug;
    if (slug !== current.currentSlug) {
      // Any slug another map has ever had is taken: it still redirects there.
      const [takenByMap] = await tx
        .select({ id: maps.id })
        .from(maps)
        .where(and(eq(maps.currentSlug, slug), ne(maps.id, mapId)))
        .limit(1);
      const [takenBySlug] = await tx
        .select({ mapId: mapSlugs.mapId })
        .from(mapSlugs)
        .where(and(eq(mapSlugs.slug, slug), ne(mapSlugs.mapId, mapId)))
        .limit(1);
      if (takenByMap || takenBySlug) return { ok: false, status: 400, fieldErrors: { slug: EDITOR_MESSAGES.slugTaken } } as const;
    }

    const [updated] = await tx
      .update(maps)
      .set({ title: input.title, summary: input.summary, cityId: input.cityId, currentSlug: slug, version: sql`${maps.version} + 1` })
      .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId), eq(maps.version, version)))
      .returning({ id: maps.id });
    if (!updated) {
      const server = await loadEditableMap(tx, creatorId, mapId);
      return { ok: false, status: 409, conflict: { conflict: true, current: server! } } as const;
    }
    if (slug !== current.currentSlug) {
      await tx.insert(mapSlugs).values({ slug, mapId }).onConflictDoNothing();
      // An address that only followed the title of a never-published map was never public: it is let
      // go rather than kept (every address a title passed through while being typed would otherwise be
      // taken for good). One the creator chose keeps redirecting, as after a publish.
      if (!everPublished && slugFollowsTitle(current.currentSlug, current.title))
        await tx.delete(mapSlugs).where(and(eq(mapSlugs.slug, current.currentSlug), eq(mapSlugs.mapId, mapId)));
    }
    await tx.delete(mapCategories).where(eq(mapCategories.mapId, mapId));
    if (categoryIds.length > 0) await tx.insert(mapCategories).values(categoryIds.map((categoryId) => ({ mapId, categoryId })));
    return { ok: true, map: (await loadEditableMap(tx, creatorId, mapId))! } as const;
  });
}
