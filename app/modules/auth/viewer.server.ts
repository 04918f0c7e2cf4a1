/**
 * The current-user state of spec section 3, loaded once per request on the
 * server: the auth user, the profile, active subscriptions and supports,
 * follows, and bookmarked map and spot ids. Only entitled statuses count
 * (active, trialing); an active supporter also counts as a subscriber.
 *
 * One statement reads all of it (issue 27: six parallel queries, each built, sent and parsed,
 * cost a signed-in page more than its own loader), either for a user id or, on the session
 * path, for a session token together with the session's expiry and whether a suspension is in force.
 */
import { sql, type SQL } from "drizzle-orm";
import { creatorSupporters, followers, mapBookmarks, maps, platformSubscriptions, profiles, session, spotBookmarks, user, userSuspensions } from "#db/schema";
import { executeKept, type Database } from "~/lib/db.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import type { Viewer, ViewerCreatorLink, ViewerUser } from "./viewer";

export { ANONYMOUS } from "./viewer";
export type { Viewer, ViewerCreatorLink, ViewerProfile, ViewerUser } from "./viewer";

const entitled = sql.join(
  ENTITLED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

type LinkJson = {
  id: string;
  creatorId: string;
  status: string;
  createdAt: string;
  handle: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
  mapsCount: number;
};

type ViewerRow = {
  profile: Viewer["profile"];
  subscriptions: { id: string; status: string; tier: string; interval: string; createdAt: string }[];
  supports: LinkJson[];
  follows: LinkJson[];
  mapIds: string[];
  spotIds: string[];
};

/** A creator the viewer supports or follows, with the creator's card fields, newest first. */
function linksOf(table: typeof creatorSupporters | typeof followers, userId: SQL, onlyWhen: SQL): SQL {
  return sql`coalesce((select json_agg(l order by l."createdAt" desc) from (
      select t.id, t.creator_id as "creatorId", t.status, t.created_at as "createdAt",
             p.handle, p.display_name as "displayName", p.profile_image_url as "profileImageUrl",
             (select count(*)::int from ${maps} m where m.owner_id = p.id and m.is_published) as "mapsCount"
      from ${table} t join ${profiles} p on p.id = t.creator_id
      where t.user_id = ${userId} and ${onlyWhen}) l), '[]'::json)`;
}

/** The viewer's columns for the user whose id is the SQL expression `userId`. */
function viewerColumns(userId: SQL): SQL {
  return sql`
    (select json_build_object('id', p.id, 'handle', p.handle, 'displayName', p.display_name, 'bioText', p.bio_text,
        'profileImageUrl', p.profile_image_url, 'isCreator', p.is_creator, 'isOnboarded', p.is_onboarded,
        'isPublished', p.is_published, 'isAdmin', p.is_admin)
      from ${profiles} p where p.id = ${userId}) as "profile",
    coalesce((select json_agg(s order by s."createdAt" desc) from (
        select ps.id, ps.status, ps.tier, ps.interval, ps.created_at as "createdAt"
        from ${platformSubscriptions} ps where ps.user_id = ${userId} and ps.status in (${entitled})) s), '[]'::json) as "subscriptions",
    ${linksOf(creatorSupporters, userId, sql`t.status in (${entitled})`)} as "supports",
    ${linksOf(followers, userId, sql`t.status = 'active'`)} as "follows",
    array(select b.map_id::text from ${mapBookmarks} b where b.user_id = ${userId} order by b.created_at desc) as "mapIds",
    array(select b.spot_id::text from ${spotBookmarks} b where b.user_id = ${userId} order by b.created_at desc) as "spotIds"`;
}

const iso = (value: string) => new Date(value).toISOString();

function toViewer(authUser: ViewerUser, row: ViewerRow): Viewer {
  const link = (l: LinkJson): ViewerCreatorLink => ({
    id: l.id,
    creatorId: l.creatorId,
    status: l.status,
    createdAt: iso(l.createdAt),
    creator: { handle: l.handle, displayName: l.displayName, profileImageUrl: l.profileImageUrl, mapsCount: l.mapsCount },
  });
  const isActiveSupporter = row.supports.length > 0;
  return {
    isLoggedIn: true,
    user: authUser,
    profile: row.profile ?? null,
    subscriptions: row.subscriptions.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
    supports: row.supports.map(link),
    follows: row.follows.map(link),
    bookmarks: { maps: row.mapIds.map(String), spots: row.spotIds.map(String) },
    hasActiveSubscription: row.subscriptions.length > 0 || isActiveSupporter,
    isActiveSupporter,
  };
}

/** Everything about a signed-in user the pages need, in one statement. */
export async function loadViewer(db: Database, authUser: ViewerUser): Promise<Viewer> {
  const { rows } = await db.execute<ViewerRow>(sql`select ${viewerColumns(sql`${authUser.id}`)}`);
  return toViewer(authUser, rows[0]!);
}

/** A session found by its token, with its user's viewer. */
export interface SessionViewer {
  expiresAt: Date;
  suspended: boolean;
  viewer: Viewer;
}

/**
 * The session by its token (a placeholder) and its user's viewer. Kept prepared (ADR 0049):
 * planning this join of eight tables cost ~1 ms of every signed-in request; and built once
 * (ADR 0064): it is the same statement for every request.
 */
const SESSION_VIEWER = sql`
    select s.expires_at as "expiresAt", u.id, u.email, u.email_verified as "emailVerified", u.name,
      exists(select 1 from ${userSuspensions} us where us.user_id = u.id and us.lifted_at is null) as "suspended",
      ${viewerColumns(sql`u.id`)}
    from ${session} s join ${user} u on u.id = s.user_id
    where s.token = ${sql.placeholder("token")}`;

/** The session with this token and its user's viewer in one statement; null when there is no such session. */
export async function loadSessionViewer(db: Database, token: string): Promise<SessionViewer | null> {
  const rows = await executeKept<ViewerRow & { expiresAt: string | Date; suspended: boolean; id: string; email: string; emailVerified: boolean; name: string }>(
    db,
    SESSION_VIEWER,
    { token },
  );
  const row = rows[0];
  if (!row) return null;
  const authUser: ViewerUser = { id: row.id, email: row.email, emailVerified: row.emailVerified, name: row.name };
  return { expiresAt: new Date(row.expiresAt), suspended: row.suspended, viewer: toViewer(authUser, row) };
}
