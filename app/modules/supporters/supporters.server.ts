/**
 * A creator's supporters, read from the memberships' `creator_supporters` rows of that creator
 * only (`creator_id` = the signed-in creator's id, in every query): who supports them now, who
 * did, and the last 12 months' starts, ends and churn. A supporter is named by their handle and a
 * display name they chose; their email and user id never leave the database (the name rule is
 * memberships' `publicDisplayNameSql`).
 *
 * A support starts when its subscription row is made (the trial's first day) and ends at its
 * `ended_at`; a subscription that never ran (a first payment that never came) counts for nothing.
 * Months are UTC calendar months ending with `now`'s.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { ENDED_STATUSES, NEVER_STARTED_STATUSES, RENEWING_STATUSES } from "~/modules/memberships";
import { publicDisplayNameSql } from "~/modules/memberships/index.server";
import { creatorSupporters, profiles, user } from "#db/schema";
import { churnOf, SUPPORTER_MONTHS, type CurrentSupporter, type FormerSupporter, type SupporterMonth, type SupportersOverview } from "./supporters";

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The first time this member started supporting this creator (any of their subscriptions that ran). */
const firstStart = sql`(
  select min(f.created_at) from ${creatorSupporters} f
  where f.creator_id = ${creatorSupporters.creatorId} and f.user_id = ${creatorSupporters.userId}
    and f.status not in (${list(NEVER_STARTED_STATUSES)}))`.mapWith(creatorSupporters.createdAt);

const who = {
  key: creatorSupporters.id,
  handle: profiles.handle,
  displayName: publicDisplayNameSql(profiles.displayName, user.email),
  interval: creatorSupporters.interval,
  since: firstStart,
};

/** Who supports the creator now (one row per member: their running subscription) and who did, newest first. */
export async function supporterLists(db: Database, creatorId: string): Promise<{ current: CurrentSupporter[]; former: FormerSupporter[] }> {
  const [running, ended] = await Promise.all([
    db
      .selectDistinctOn([creatorSupporters.userId], {
        ...who,
        status: creatorSupporters.status,
        trialEnd: creatorSupporters.trialEnd,
        currentPeriodEnd: creatorSupporters.currentPeriodEnd,
        cancelAtPeriodEnd: creatorSupporters.cancelAtPeriodEnd,
      })
      .from(creatorSupporters)
      .innerJoin(user, eq(user.id, creatorSupporters.userId))
      .leftJoin(profiles, eq(profiles.id, creatorSupporters.userId))
      .where(and(eq(creatorSupporters.creatorId, creatorId), inArray(creatorSupporters.status, [...RENEWING_STATUSES])))
      .orderBy(creatorSupporters.userId, desc(creatorSupporters.createdAt)),
    db
      .selectDistinctOn([creatorSupporters.userId], { ...who, endedAt: creatorSupporters.endedAt, updatedAt: creatorSupporters.updatedAt })
      .from(creatorSupporters)
      .innerJoin(user, eq(user.id, creatorSupporters.userId))
      .leftJoin(profiles, eq(profiles.id, creatorSupporters.userId))
      .where(
        and(
          eq(creatorSupporters.creatorId, creatorId),
          inArray(
            creatorSupporters.status,
            ENDED_STATUSES.filter((s) => !(NEVER_STARTED_STATUSES as readonly string[]).includes(s)),
          ),
          // Supporting again makes them a current supporter, not a former one.
          sql`not exists (select 1 from ${creatorSupporters} c where c.creator_id = ${creatorSupporters.creatorId}
                and c.user_id = ${creatorSupporters.userId} and c.status in (${list(RENEWING_STATUSES)}))`,
        ),
      )
      .orderBy(creatorSupporters.userId, sql`${creatorSupporters.endedAt} desc nulls last`),
  ]);

  const current = running.map(({ status, trialEnd, currentPeriodEnd, cancelAtPeriodEnd, ...s }): CurrentSupporter => {
    const state = cancelAtPeriodEnd ? "cancelling" : status === "past_due" ? "past_due" : status === "trialing" ? "trial" : "active";
    const trial = status === "trialing" ? trialEnd : null;
    return {
      ...s,
      status: state,
      trialEnd: trial,
      endsOn: cancelAtPeriodEnd ? currentPeriodEnd : null,
      nextRenewal: cancelAtPeriodEnd ? null : (trial ?? currentPeriodEnd),
    };
  });
  const former = ended.map(({ endedAt, updatedAt, ...s }): FormerSupporter => ({ ...s, ended: endedAt ?? updatedAt }));
  current.sort((a, b) => b.since.getTime() - a.since.getTime() || a.key.localeCompare(b.key));
  former.sort((a, b) => b.ended.getTime() - a.ended.getTime() || a.key.localeCompare(b.key));
  return { current, former };
}

/** Starts, ends and supporters running at each month's start and end, for the 12 UTC months up to `now`'s. */
export async function supporterMonths(db: Database, creatorId: string, now: Date): Promise<SupporterMonth[]> {
  const { rows } = await db.execute<{ month: string; started: number; ended: number; activeAtStart: number; activeAtEnd: number }>(sql`
    with months as (
      select (g at time zone 'UTC') as starts, ((g + interval '1 month') at time zone 'UTC') as ends
      from generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(months => ${SUPPORTER_MONTHS - 1}),
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC'),
        interval '1 month') as g
    ),
    supports as (
      select created_at as started, ended_at as ended from ${creatorSupporters}
      where creator_id = ${creatorId} and status not in (${list(NEVER_STARTED_STATUSES)})
    )
    select to_char(m.starts at time zone 'UTC', 'YYYY-MM') as month,
      count(s.started) filter (where s.started >= m.starts and s.started < m.ends)::int as started,
      count(s.started) filter (where s.ended >= m.starts and s.ended < m.ends)::int as ended,
      count(s.started) filter (where s.started < m.starts and (s.ended is null or s.ended >= m.starts))::int as "activeAtStart",
      count(s.started) filter (where s.started < m.ends and (s.ended is null or s.ended >= m.ends))::int as "activeAtEnd"
    from months m left join supports s on true
    group by m.starts
    order by m.starts`);
  return rows.map((r) => {
    const [started, ended, activeAtStart, activeAtEnd] = [r.started, r.ended, r.activeAtStart, r.activeAtEnd].map(Number);
    return { month: r.month, started, ended, activeAtStart, activeAtEnd, churn: churnOf(ended, activeAtStart) };
  });
}

/** Everything /studio/supporters shows. */
export async function supportersOverview(db: Database, creatorId: string, now: Date): Promise<SupportersOverview> {
  const [{ current, former }, months] = await Promise.all([supporterLists(db, creatorId), supporterMonths(db, creatorId, now)]);
  const count = (status: CurrentSupporter["status"]) => current.filter((s) => s.status === status).length;
  return {
    counts: {
      active: current.length - count("past_due"),
      trial: count("trial"),
      cancelling: count("cancelling"),
      pastDue: count("past_due"),
      former: former.length,
    },
    current,
    former,
    months,
  };
}
