/**
 * The creator's own maps as /studio/maps lists them, and one published map
 * for /studio/map-is-ready. Selected by owner id: nothing of another creator
 * is ever read. Views are the map pages' `map_viewed` events (which already
 * leave out bots and the creator's own visits); saves are map bookmarks.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { events, mapBookmarks, maps, spots } from "#db/schema";
import { isUuid } from "~/lib/ids";

export interface StudioMapRow {
  id: string;
  title: string;
  coverImageUrl: string | null;
  currentSlug: string;
  isPublished: boolean;
  /** Every spot, drafts included. */
  spotCount: number;
  /** What the publishing rule counts. */
  publishedSpotCount: number;
  views: number;
  saves: number;
  updatedAt: Date;
}

export async function studioMapList(db: Database, creatorId: string): Promise<StudioMapRow[]> {
  const spotCounts = db
    .select({
      mapId: spots.mapId,
      total: sql<number>`count(*)::int`.as("total"),
      published: sql<number>`(count(*) filter (where ${spots.isPublished}))::int`.as("published"),
    })
    .from(spots)
    .groupBy(spots.mapId)
    .as("spot_counts");
  const saveCounts = db
    .select({ mapId: mapBookmarks.mapId, saves: sql<number>`count(*)::int`.as("saves") })
    .from(mapBookmarks)
    .groupBy(mapBookmarks.mapId)
    .as("save_counts");
  const viewCounts = db
    .select({ targetId: events.targetId, views: sql<number>`count(*)::int`.as("views") })
    .from(events)
    .where(
      and(
        eq(events.type, "map_viewed"),
        eq(events.targetType, "map"),
        inArray(
          events.targetId,
          db
            .select({ id: sql<string>`${maps.id}::text` })
            .from(maps)
            .where(eq(maps.ownerId, creatorId)),
        ),
      ),
    )
    .groupBy(events.targetId)
    .as("view_counts");
  return db
    .select({
      id: maps.id,
      title: maps.title,
      coverImageUrl: maps.coverImageUrl,
      currentSlug: maps.currentSlug,
      isPublished: maps.isPublished,
      spotCount: sql<number>`coalesce(${spotCounts.total}, 0)`,
      publishedSpotCount: sql<number>`coalesce(${spotCounts.published}, 0)`,
      views: sql<number>`coalesce(${viewCounts.views}, 0)`,
      saves: sql<number>`coalesce(${saveCounts.saves}, 0)`,
      updatedAt: maps.updatedAt,
    })
    .from(maps)
    .leftJoin(spotCounts, eq(spotCounts.mapId, maps.id))
    .leftJoin(saveCounts, eq(saveCounts.mapId, maps.id))
    .leftJoin(viewCounts, eq(viewCounts.targetId, sql`${maps.id}::text`))
    .where(eq(maps.ownerId, creatorId))
    .orderBy(desc(maps.updatedAt), desc(maps.id));
}

export interface ReadyMap {
  id: string;
  title: string;
  summary: string | null;
  currentSlug: string;
}

/** The creator's published map, or null (not theirs, not published, no such id). */
export async function publishedOwnMap(db: Database, creatorId: string, mapId: string): Promise<ReadyMap | null> {
  if (!isUuid(mapId)) return null;
  const [row] = await db
    .select({ id: maps.id, title: maps.title, summary: maps.summary, currentSlug: maps.currentSlug })
    .from(maps)
    .where(and(eq(maps.id, mapId), eq(maps.ownerId, creatorId), eq(maps.isPublished, true)));
  return row ?? null;
}
