/**
 * My Atlas: what a user saved (maps, spots) and recently viewed — gated and
 * filtered like everywhere else, so a spot that became members-only or was
 * unpublished shows locked or not at all.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { publishedMaps } from "~/modules/catalog/index.server";
import { spotCards } from "~/modules/creators/index.server";
import type { SpotOnMap } from "~/modules/spots";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { postsOfCreators, type PostSummary } from "~/modules/posts/index.server";
import { followers, maps, profiles, recentViews, spotBookmarks, spots } from "#db/schema";
import { recentSpotIds } from "./recent-views.server";

type AtlasViewer = Entitlements & { userId: string };

export function savedMaps(db: Database, viewer: AtlasViewer) {
  return publishedMaps(db, { limit: 200, savedBy: viewer.userId });
}

export function savedSpots(db: Database, viewer: AtlasViewer): Promise<SpotOnMap[]> {
  return spotCards(db, viewer, (vs) =>
    inArray(vs.id, db.select({ id: spotBookmarks.spotId }).from(spotBookmarks).where(eq(spotBookmarks.userId, viewer.userId))),
  );
}

/** Recently viewed spots, last seen first. */
export async function recentSpots(db: Database, viewer: AtlasViewer): Promise<SpotOnMap[]> {
  const ids = await recentSpotIds(db, viewer.userId);
  if (ids.length === 0) return [];
  const order = new Map(ids.map((id, i) => [id, i]));
  const cards = await spotCards(db, viewer, (vs) => inArray(vs.id, ids));
  return cards.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function atlasOverview(db: Database, viewer: AtlasViewer) {
  const [maps, saved, recent] = await Promise.all([savedMaps(db, viewer), savedSpots(db, viewer), recentSpots(db, viewer)]);
  return { maps, spots: saved, recent: recent.slice(0, 6) };
}

/**
 * A spot of one of the user's Atlas lists by its slug or id: which map it is
 * on. Newest first when two saved spots share a slug (their links use ids).
 */
export async function findAtlasSpot(db: Database, userId: string, list: "saved" | "recent", ref: string): Promise<{ mapId: string; spotId: string } | null> {
  const match: SQL | undefined = isUuid(ref) ? or(eq(spots.id, ref), eq(spots.slug, ref)) : eq(spots.slug, ref);
  const query =
    list === "saved"
      ? db
          .select({ mapId: spots.mapId, spotId: spots.id })
          .from(spotBookmarks)
          .innerJoin(spots, eq(spots.id, spotBookmarks.spotId))
          .where(and(eq(spotBookmarks.userId, userId), match))
          .orderBy(desc(spotBookmarks.createdAt))
      : db
          .select({ mapId: spots.mapId, spotId: spots.id })
          .from(recentViews)
          .innerJoin(spots, eq(spots.id, recentViews.spotId))
          .where(and(eq(recentViews.userId, userId), match))
          .orderBy(desc(recentViews.viewedAt));
  const [row] = await query.limit(1);
  return row ?? null;
}

/** A newly published map in the "From creators you follow" feed. */
export interface FollowedMap {
  id: string;
  currentSlug: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
  publishedAt: Date;
  creator: { handle: string; displayName: string | null };
}

export type FollowingItem = { kind: "post"; at: Date; post: PostSummary } | { kind: "map"; at: Date; map: FollowedMap };

export const FOLLOWING_FEED_LENGTH = 20;

/**
 * "From creators you follow": the newest posts and newly published maps of the creators the user
 * follows or supports, newest first. Posts come from the posts room as this viewer may see them
 * (a locked one as its teaser, never its body); maps are the published ones anyone may see.
 */
export async function followingFeed(db: Database, viewer: AtlasViewer, now: Date, limit = FOLLOWING_FEED_LENGTH): Promise<FollowingItem[]> {
  const followed = db
    .select({ id: followers.creatorId })
    .from(followers)
    .where(and(eq(followers.userId, viewer.userId), eq(followers.status, "active")));
  const supported = viewer.supportedCreatorIds.length
    ? sql` union select unnest(array[${sql.join(
        viewer.supportedCreatorIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[])`
    : sql``;
  const creatorIds = sql`(${followed}${supported})`;
  const [posts, mapRows] = await Promise.all([
    postsOfCreators(db, creatorIds, viewer, now, limit),
    db
      .select({
        id: maps.id,
        currentSlug: maps.currentSlug,
        title: maps.title,
        summary: maps.summary,
        coverImageUrl: maps.coverImageUrl,
        publishedAt: maps.publishedAt,
        handle: profiles.handle,
        displayName: profiles.displayName,
      })
      .from(maps)
      .innerJoin(profiles, eq(profiles.id, maps.ownerId))
      .where(
        and(
          sql`${maps.ownerId} in ${creatorIds}`,
          canSeeSql(NO_ENTITLEMENTS, mapItem),
          sql`${maps.publishedAt} is not null`,
          sql`${profiles.handle} is not null`,
        ),
      )
      .orderBy(desc(maps.publishedAt), desc(maps.id))
      .limit(limit),
  ]);
  const items: FollowingItem[] = [
    ...posts.map((post) => ({ kind: "post" as const, at: post.publishedAt, post })),
    ...mapRows.map((m) => ({
      kind: "map" as const,
      at: m.publishedAt!,
      map: {
        id: m.id,
        currentSlug: m.currentSlug,
        title: m.title,
        summary: m.summary,
        coverImageUrl: m.coverImageUrl,
        publishedAt: m.publishedAt!,
        creator: { handle: m.handle!, displayName: m.displayName },
      },
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
