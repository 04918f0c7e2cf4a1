/**
 * Engagement points (Creator Compensation terms, section 3), counted by the month close from what
 * is already recorded, in one set-based statement:
 *
 * - 1 point per spot of the creator viewed by a paying member, once per member, spot and day
 *   (Europe/Madrid): `spot_viewed` events (recorded by the spot page's loader, never for a
 *   creator's own spots);
 * - 3 points per map or spot of the creator bookmarked by a paying member, in the month the bookmark
 *   is first made: `map_saved` / `spot_saved` events (recorded by modules/atlas when a save adds a
 *   bookmark) and, for bookmarks made before those events existed, the bookmark rows themselves.
 *   Whichever is earliest is the first making, so removing a bookmark and making it again in a later
 *   month earns nothing more;
 * - at most 100 points per member per creator per month.
 *
 * Not counted: the creator's own account, staff (`profiles.is_admin`), members who were not paying
 * at the moment (a paying member has a succeeded Premium or Supporter payment of more than nothing
 * whose paid period covers that moment: a trial's €0 invoice does not), members flagged as automated
 * or fraudulent (`engagement_exclusions`, flagged by an admin: `flagEngagement`), and creators who
 * are not published creators (`publishedCreatorSql`).
 */
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { user } from "#db/schema";
import { engagementExclusions } from "#db/schema/ledger";
import { MAX_POINTS_PER_MEMBER_PER_CREATOR, POINTS_PER_BOOKMARK, POINTS_PER_SPOT_VIEW } from "./compensation-rules";

/** The events modules/atlas records when a save adds a bookmark (target "map" or "spot"). */
export const BOOKMARK_EVENT_TYPES = ["map_saved", "spot_saved"] as const;

/** The month's bounds as instants: its first moment in Madrid, and the next month's. */
export function monthBounds(month: string) {
  const start = sql`((${`${month}-01`}::date)::timestamp at time zone 'Europe/Madrid')`;
  const end = sql`(((${`${month}-01`}::date + interval '1 month')::date)::timestamp at time zone 'Europe/Madrid')`;
  return { start, end };
}

/**
 * Creates (for the transaction) the temporary table `close_points (creator_id, points)`: each
 * published creator's points in `month`, capped per member. Returns nothing; the close reads it.
 */
export async function countPoints(tx: Transaction, month: string): Promise<void> {
  const { start, end } = monthBounds(month);
  const bookmarkTypes = sql.raw(`('${BOOKMARK_EVENT_TYPES.join("', '")}')`);
  await tx.execute(sql`
    create temporary table close_points on commit drop as
    with paying as materialized (
      -- Paid periods overlapping the month: a member is paying at a moment one of them covers.
      select p.user_id, p.period_start, p.period_end
      from payments p
      where p.status = 'succeeded' and p.amount_cents > 0 and p.user_id is not null
        and p.period_start < ${end} and p.period_end > ${start}
    ),
    views as (
      select v.user_id, v.creator_id, count(*) as n
      from (
        select distinct e.user_id, m.owner_id as creator_id, e.target_id,
               (e.created_at at time zone 'Europe/Madrid')::date as day
        from events e
        join spots s on s.id::text = e.target_id
        join maps m on m.id = s.map_id
        where e.type = 'spot_viewed' and e.target_type = 'spot'
          and e.created_at >= ${start} and e.created_at < ${end}
          and e.user_id is not null
          and exists (select 1 from paying p where p.user_id = e.user_id and p.period_start <= e.created_at and p.period_end > e.created_at)
      ) v
      group by v.user_id, v.creator_id
    ),
    first_bookmarks as (
      -- Bookmarks whose first making falls in the month: nothing of the same member and item before it.
      select b.user_id, b.target_type, b.target_id, min(b.at) as at
      from (
        select e.user_id, e.target_type, e.target_id, e.created_at as at
        from events e
        where e.type in ${bookmarkTypes} and e.created_at >= ${start} and e.created_at < ${end} and e.user_id is not null
        union all
        select mb.user_id, 'map', mb.map_id::text, mb.created_at from map_bookmarks mb where mb.created_at >= ${start} and mb.created_at < ${end}
        union all
        select sb.user_id, 'spot', sb.spot_id::text, sb.created_at from spot_bookmarks sb where sb.created_at >= ${start} and sb.created_at < ${end}
      ) b
      where not exists (
        select 1 from events e
        where e.target_type = b.target_type and e.target_id = b.target_id and e.type in ${bookmarkTypes}
          and e.user_id = b.user_id and e.created_at < ${start}
      )
      group by b.user_id, b.target_type, b.target_id
    ),
    bookmarks as (
      select f.user_id, coalesce(mm.owner_id, sm.owner_id) as creator_id, count(*) as n
      from first_bookmarks f
      left join maps mm on f.target_type = 'map' and mm.id::text = f.target_id
      left join spots s on f.target_type = 'spot' and s.id::text = f.target_id
      left join maps sm on sm.id = s.map_id
      where exists (select 1 from paying p where p.user_id = f.user_id and p.period_start <= f.at and p.period_end > f.at)
      group by 1, 2
    ),
    member_points as (
      select x.user_id, x.creator_id, least(${MAX_POINTS_PER_MEMBER_PER_CREATOR}::bigint, sum(x.points)) as points
      from (
        select user_id, creator_id, n * ${POINTS_PER_SPOT_VIEW}::bigint as points from views
        union all
        select user_id, creator_id, n * ${POINTS_PER_BOOKMARK}::bigint from bookmarks
      ) x
      join profiles on profiles.id = x.creator_id and ${publishedCreatorSql}
      where x.creator_id is not null
        and x.user_id <> x.creator_id
        and not exists (select 1 from profiles staff where staff.id = x.user_id and staff.is_admin)
        and not exists (select 1 from engagement_exclusions ex where ex.user_id = x.user_id)
      group by x.user_id, x.creator_id
    )
    select creator_id, sum(points)::bigint as points
    from member_points
    group by creator_id
    having sum(points) > 0`);
}

export type FlagResult = { ok: true; flagged: boolean } | { ok: false; status: 404 | 400; error: string };

/**
 * Flag a member's engagement as automated or fraudulent: no close from now on counts their points.
 * `flagged: false` lifts the flag. An admin action, audited in the same transaction.
 */
export async function flagEngagement(
  db: Database,
  userId: string,
  input: { flagged: boolean; reason?: string },
  options: { actor: AuditActor },
): Promise<FlagResult> {
  const reason = (input.reason ?? "").trim();
  if (input.flagged && (reason.length === 0 || reason.length > 500))
    return { ok: false, status: 400, error: "Say why this member's engagement is excluded (up to 500 characters)." };
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
    if (!member) return { ok: false, status: 404, error: "This member was not found." };
    const [before] = await tx.select().from(engagementExclusions).where(eq(engagementExclusions.userId, userId));
    if (input.flagged) {
      await tx
        .insert(engagementExclusions)
        .values({ userId, reason, createdBy: options.actor.userId })
        .onConflictDoUpdate({ target: engagementExclusions.userId, set: { reason, createdBy: options.actor.userId, createdAt: new Date() } });
    } else {
      await tx.delete(engagementExclusions).where(eq(engagementExclusions.userId, userId));
    }
    await record(
      tx,
      options.actor,
      input.flagged ? "engagement.excluded" : "engagement.included",
      { type: "user", id: userId },
      before ? { reason: before.reason } : null,
      input.flagged ? { reason } : null,
    );
    return { ok: true, flagged: input.flagged };
  });
}
