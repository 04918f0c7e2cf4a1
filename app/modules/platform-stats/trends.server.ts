/**
 * The back office's 90-day trends (issue 25, item 1): one figure per UTC day for each of the
 * overview's numbers, so an admin sees whether sign-ups, creators, maps, members, money and mail are
 * growing or stalling. Each series is one grouped count over an indexed timestamp; days with nothing
 * are zeros, so every series has the same 90 days. Published maps and spots are counted with the
 * same gate as the public pages (a spot of a private map is published to nobody).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { monthOf, monthStart, previousMonth } from "~/modules/money/index.server";

export const TREND_DAYS = 90;

export const TREND_KEYS = [
  "signups",
  "creators",
  "applications",
  "maps",
  "spots",
  "premium",
  "supporters",
  "payments",
  "emailSent",
  "emailFailed",
  "emailBounced",
] as const;
export type TrendKey = (typeof TREND_KEYS)[number];

export interface AdminTrends {
  /** The 90 UTC days, oldest first ("2026-08-28" … today). */
  days: string[];
  series: Record<TrendKey, number[]>;
  members: { premium: number; supporters: number; supportedCreators: number };
  /** Member payments booked (gross, VAT included) less refunds, and the platform's revenue posted, this month and last (Europe/Madrid). */
  revenue: { thisMonth: MonthRevenue; lastMonth: MonthRevenue };
}

export interface MonthRevenue {
  month: string;
  grossCents: number;
  refundedCents: number;
  platformCents: number;
}

function utcDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: TREND_DAYS }, (_, i) => new Date(today - (TREND_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export async function adminTrends(db: Database, now: Date = new Date()): Promise<AdminTrends> {
  const days = utcDays(now);
  const from = `${days[0]}T00:00:00Z`;
  const day = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const since = (column: SQL) => sql`${column} >= ${from}::timestamptz`;
  const entitled = sql.raw(`(${ENTITLED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

  // One query: each series is a labelled grouped count, then spread over the days below.
  const parts: Record<TrendKey, SQL> = {
    signups: sql`select ${day(sql`created_at`)} as d, count(*)::float8 as n from "user" where ${since(sql`created_at`)} group by 1`,
    creators: sql`select ${day(sql`reviewed_at`)}, count(*)::float8 from creator_applications where status = 'approved' and ${since(sql`reviewed_at`)} group by 1`,
    applications: sql`select ${day(sql`created_at`)}, count(*)::float8 from creator_applications where ${since(sql`created_at`)} group by 1`,
    maps: sql`select ${day(sql`maps.published_at`)}, count(*)::float8 from maps join profiles on profiles.id = maps.owner_id
                where maps.is_published and ${canSeeSql(NO_ENTITLEMENTS, mapItem)} and ${since(sql`maps.published_at`)} group by 1`,
    spots: sql`select ${day(sql`spots.created_at`)}, count(*)::float8 from spots join maps on maps.id = spots.map_id join profiles on profiles.id = maps.owner_id
                where spots.is_published and maps.is_published and ${canSeeSql(NO_ENTITLEMENTS, mapItem)} and ${since(sql`spots.created_at`)} group by 1`,
    premium: sql`select ${day(sql`created_at`)}, count(*)::float8 from platform_subscriptions where ${since(sql`created_at`)} group by 1`,
    supporters: sql`select ${day(sql`created_at`)}, count(*)::float8 from creator_supporters where ${since(sql`created_at`)} group by 1`,
    payments: sql`select ${day(sql`paid_at`)}, sum(gross_cents)::float8 from ledger_payments where ${since(sql`paid_at`)} group by 1`,
    emailSent: sql`select ${day(sql`sent_at`)}, count(*)::float8 from email_outbox where status = 'sent' and ${since(sql`sent_at`)} group by 1`,
    emailFailed: sql`select ${day(sql`created_at`)}, count(*)::float8 from email_outbox where status = 'failed' and ${since(sql`created_at`)} group by 1`,
    // Refused for good by the server (5xx), by the day it bounced; suppressed messages never reached a server and are not bounces.
    emailBounced: sql`select ${day(sql`bounced_at`)}, count(*)::float8 from email_outbox where status = 'bounced' and ${since(sql`bounced_at`)} group by 1`,
  };
  const union = sql.join(
    TREND_KEYS.map((key) => sql`select ${key}::text as k, d, n from (${parts[key]}) as ${sql.identifier(`t_${key}`)}(d, n)`),
    sql` union all `,
  );
  const this_ = monthOf(now);
  const last = previousMonth(this_);
  const [{ rows: figures }, { rows: members }, { rows: revenue }] = await Promise.all([
    db.execute<{ k: TrendKey; d: string; n: number }>(union),
    db.execute<{ premium: number; supporters: number; creators: number }>(sql`
      select (select count(distinct user_id) from platform_subscriptions where status in ${entitled})::int as premium,
             (select count(distinct user_id) from creator_supporters where status in ${entitled})::int as supporters,
             (select count(distinct creator_id) from creator_supporters where status in ${entitled})::int as creators`),
    db.execute<{ month: string; gross: number; refunded: number; platform: number }>(sql`
      with months(month) as (values (${monthStart(last)}::date), (${monthStart(this_)}::date))
      select to_char(m.month, 'YYYY-MM') as month,
        (select coalesce(sum(gross_cents), 0) from ledger_payments
          where paid_at >= (m.month::timestamp at time zone 'Europe/Madrid') and paid_at < ((m.month + interval '1 month')::timestamp at time zone 'Europe/Madrid'))::float8 as gross,
        (select coalesce(sum(amount_cents), 0) from payment_refunds where month = m.month)::float8 as refunded,
        (select -coalesce(sum(p.amount_cents), 0) from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
          where p.account = 'platform_revenue' and t.month = m.month)::float8 as platform
      from months m`),
  ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = Object.fromEntries(TREND_KEYS.map((k) => [k, days.map(() => 0)])) as Record<TrendKey, number[]>;
  for (const f of figures) {
    const i = index.get(f.d);
    if (i !== undefined) series[f.k][i] = Number(f.n);
  }
  const monthRevenue = (month: string): MonthRevenue => {
    const r = revenue.find((row) => row.month === month);
    return { month, grossCents: Number(r?.gross ?? 0), refundedCents: Number(r?.refunded ?? 0), platformCents: Number(r?.platform ?? 0) };
  };
  return {
    days,
    series,
    members: { premium: members[0].premium, supporters: members[0].supporters, supportedCreators: members[0].creators },
    revenue: { thisMonth: monthRevenue(this_), lastMonth: monthRevenue(last) },
  };
}
