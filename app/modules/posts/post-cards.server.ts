/**
 * The cards of a post's body (its map and spot links on lines of their own, `post-body.ts`), as
 * one viewer may see them: maps through the gate's SQL form (public once published, by a
 * published creator), spots through `visibleSpots`, so a spot the viewer may not open comes back
 * as its teaser (name, category, map) with its gated columns NULL from the database, and what the
 * viewer may not know exists does not come back at all (the page keeps the plain link).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Entitlements } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { visibleSpots } from "~/modules/spots/index.server";
import { mapSlugs, maps, profiles } from "#db/schema";
import type { PostVisibility } from "./post-access";
import { cardLinksIn, type PostCards } from "./post-body";

/** A post body links to a handful of places; more than this many are left as plain links. */
const MAX_CARDS = 50;

/** The cards for `markdown`'s map and spot links, by href, as `viewer` may see them. */
export async function cardsForBody(db: Database, viewer: Entitlements, markdown: string): Promise<PostCards> {
  const links = cardLinksIn(markdown).slice(0, MAX_CARDS);
  if (links.length === 0) return {};
  const mapsBySlug = await visibleMapsBySlug(db, viewer, [...new Set(links.map((l) => l.mapSlug))]);
  const mapIds = [...new Set([...mapsBySlug.values()].map((m) => m.id))];
  if (mapIds.length === 0) return {};

  const vs = visibleSpots(db, viewer);
  const spotSlugs = [...new Set(links.flatMap((l) => (l.kind === "spot" ? [l.spotSlug] : [])))];
  const [counts, spotRows] = await Promise.all([
    links.some((l) => l.kind === "map")
      ? db
          .select({ mapId: vs.mapId, count: sql<number>`count(*)::int` })
          .from(vs)
          .where(inArray(vs.mapId, mapIds))
          .groupBy(vs.mapId)
      : Promise.resolve([]),
    spotSlugs.length
      ? db
          .select({
            id: vs.id,
            slug: vs.slug,
            name: vs.name,
            mapId: vs.mapId,
            access: vs.access,
            visibility: vs.visibility,
            categoryName: vs.categoryName,
            coverImageUrl: vs.coverImageUrl,
            photos: vs.photos,
          })
          .from(vs)
          .where(and(inArray(vs.mapId, mapIds), inArray(vs.slug, spotSlugs)))
      : Promise.resolve([]),
  ]);
  const spotCount = new Map(counts.map((c) => [c.mapId, Number(c.count)]));

  const cards: PostCards = {};
  for (const link of links) {
    const map = mapsBySlug.get(link.mapSlug);
    if (!map) continue;
    if (link.kind === "map") {
      cards[link.href] = {
        kind: "map",
        href: link.href,
        mapId: map.id,
        title: map.title,
        coverImageUrl: map.coverImageUrl,
        creatorName: map.creatorName,
        spotCount: spotCount.get(map.id) ?? 0,
      };
      continue;
    }
    const spot = spotRows.find((s) => s.mapId === map.id && s.slug === link.spotSlug);
    if (!spot || spot.access === "hidden") continue;
    const shared = { kind: "spot" as const, href: link.href, spotId: spot.id, name: spot.name, mapTitle: map.title, categoryName: spot.categoryName };
    cards[link.href] =
      spot.access === "full"
        ? { ...shared, access: "full", imageUrl: spot.coverImageUrl ?? spot.photos?.[0]?.src ?? null }
        : { ...shared, access: "locked", visibility: spot.visibility === "supporters" ? "supporters" : "premium" };
  }
  return cards;
}

interface CardMap {
  id: string;
  title: string;
  coverImageUrl: string | null;
  creatorName: string;
}

/**
 * The maps the viewer may see, by the slug the body names: the current slug, or one the map had
 * before (its old address still redirects there, so the card follows it).
 */
async function visibleMapsBySlug(db: Database, viewer: Entitlements, slugs: string[]): Promise<Map<string, CardMap>> {
  const columns = {
    id: maps.id,
    title: maps.title,
    coverImageUrl: maps.coverImageUrl,
    currentSlug: maps.currentSlug,
    displayName: profiles.displayName,
    handle: profiles.handle,
  };
  const seen = canSeeSql(viewer, mapItem);
  const current = await db
    .select(columns)
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(and(inArray(maps.currentSlug, slugs), seen));
  const found = new Map(current.map((row) => [row.currentSlug, row] as const));
  const missing = slugs.filter((slug) => !found.has(slug));
  if (missing.length) {
    const old = await db
      .select({ ...columns, oldSlug: mapSlugs.slug })
      .from(mapSlugs)
      .innerJoin(maps, eq(maps.id, mapSlugs.mapId))
      .innerJoin(profiles, eq(profiles.id, maps.ownerId))
      .where(and(inArray(mapSlugs.slug, missing), seen));
    for (const row of old) found.set(row.oldSlug, row);
  }
  return new Map(
    [...found].map(([slug, row]) => [
      slug,
      { id: row.id, title: row.title, coverImageUrl: row.coverImageUrl, creatorName: row.displayName ?? (row.handle ? `@${row.handle}` : "a creator") },
    ]),
  );
}

/**
 * The least entitled reader who may read a post of this visibility (anyone; a Premium member;
 * a supporter of its creator), with no account of their own: the editor's preview shows the
 * cards as that reader will see them (a draft map is no card, a supporters-only spot is locked
 * in a Premium post).
 */
export function previewReader(creatorId: string, visibility: PostVisibility): Entitlements {
  return {
    userId: null,
    isAdmin: false,
    hasActiveSubscription: visibility !== "public",
    supportedCreatorIds: visibility === "supporters" ? [creatorId] : [],
  };
}

/** The cards of the editor's preview: as the post's least entitled reader sees them. */
export function previewCards(db: Database, creatorId: string, post: { bodyMarkdown: string; visibility: PostVisibility }): Promise<PostCards> {
  return cardsForBody(db, previewReader(creatorId, post.visibility), post.bodyMarkdown);
}
