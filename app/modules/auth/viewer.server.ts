/**
 * The current-user state of spec section 3, loaded once per request on the
 * server: the auth user, the profile, active subscriptions and supports,
 * follows, and bookmarked map and spot ids. Only entitled statuses count
 * (active, trialing); an active supporter also counts as a subscriber.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { creatorSupporters, followers, mapBookmarks, maps, platformSubscriptions, profiles, spotBookmarks } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import type { Viewer, ViewerCreatorLink, ViewerUser } from "./viewer";

export { ANONYMOUS } from "./viewer";
export type { Viewer, ViewerCreatorLink, ViewerProfile, ViewerUser } from "./viewer";

const entitled = [...ENTITLED_STATUSES];

/** Everything about a signed-in user the pages need, in parallel queries. */
export async function loadViewer(db: Database, authUser: ViewerUser): Promise<Viewer> {
  const creatorColumns = {
    handle: profiles.handle,
    displayName: profiles.displayName,
    profileImageUrl: profiles.profileImageUrl,
    mapsCount: sql<number>`(select count(*)::int from ${maps} where ${maps.ownerId} = ${profiles.id} and ${maps.isPublished})`,
  };
  const [profileRows, subscriptions, supports, follows, mapIds, spotIds] = await Promise.all([
    db
      .select({
        id: profiles.id,
        handle: profiles.handle,
        displayName: profiles.displayName,
        bioText: profiles.bioText,
        profileImageUrl: profiles.profileImageUrl,
        isCreator: profiles.isCreator,
        isOnboarded: profiles.isOnboarded,
        isPublished: profiles.isPublished,
        isAdmin: profiles.isAdmin,
      })
      .from(profiles)
      .where(eq(profiles.id, authUser.id))
      .limit(1),
    db
      .select({
        id: platformSubscriptions.id,
        status: platformSubscriptions.status,
        tier: platformSubscriptions.tier,
        interval: platformSubscriptions.interval,
        createdAt: platformSubscriptions.createdAt,
      })
      .from(platformSubscriptions)
      .where(and(eq(platformSubscriptions.userId, authUser.id), inArray(platformSubscriptions.status, entitled)))
      .orderBy(desc(platformSubscriptions.createdAt)),
    db
      .select({
        id: creatorSupporters.id,
        creatorId: creatorSupporters.creatorId,
        status: creatorSupporters.status,
        createdAt: creatorSupporters.createdAt,
        ...creatorColumns,
      })
      .from(creatorSupporters)
      .innerJoin(profiles, eq(profiles.id, creatorSupporters.creatorId))
      .where(and(eq(creatorSupporters.userId, authUser.id), inArray(creatorSupporters.status, entitled)))
      .orderBy(desc(creatorSupporters.createdAt)),
    db
      .select({
        id: followers.id,
        creatorId: followers.creatorId,
        status: followers.status,
        createdAt: followers.createdAt,
        ...creatorColumns,
      })
      .from(followers)
      .innerJoin(profiles, eq(profiles.id, followers.creatorId))
      .where(and(eq(followers.userId, authUser.id), eq(followers.status, "active")))
      .orderBy(desc(followers.createdAt)),
    db.select({ id: mapBookmarks.mapId }).from(mapBookmarks).where(eq(mapBookmarks.userId, authUser.id)).orderBy(desc(mapBookmarks.createdAt)),
    db.select({ id: spotBookmarks.spotId }).from(spotBookmarks).where(eq(spotBookmarks.userId, authUser.id)).orderBy(desc(spotBookmarks.createdAt)),
  ]);

  type LinkRow = { id: string; creatorId: string; status: string; createdAt: Date } & Omit<ViewerCreatorLink["creator"], never>;
  const link = (row: LinkRow): ViewerCreatorLink => ({
    id: row.id,
    creatorId: row.creatorId,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    creator: { handle: row.handle, displayName: row.displayName, profileImageUrl: row.profileImageUrl, mapsCount: row.mapsCount },
  });

  const isActiveSupporter = supports.length > 0;
  return {
    isLoggedIn: true,
    user: authUser,
    profile: profileRows[0] ?? null,
    subscriptions: subscriptions.map((s) => ({ ...s, createdAt: new Date(s.createdAt).toISOString() })),
    supports: supports.map(link),
    follows: follows.map(link),
    bookmarks: { maps: mapIds.map((r) => r.id), spots: spotIds.map((r) => r.id) },
    hasActiveSubscription: subscriptions.length > 0 || isActiveSupporter,
    isActiveSupporter,
  };
}
