/**
 * The month close: what members paid becomes what creators earned (Creator Compensation terms,
 * sections 2–4), in one database transaction, deterministic and idempotent.
 *
 * Closing month M (`npm run money -- close 2026-11`, or the back office's button):
 * 1. Portions. Every booked payment's portions whose month is M or earlier and which no close has
 *    earned yet (a payment booked after its month closed is earned by the next close). A monthly
 *    payment is one portion, in the month its paid period starts (Europe/Madrid); a yearly one is
 *    twelve, months 0..11 from its start, portion k of an amount A = floor(A·(k+1)/12) − floor(A·k/12).
 *    Of each portion: after VAT = portion of (gross − VAT), less what refunds cancelled before it was
 *    earned (they cancel the last portions first); fee = portion of the fee (in proportion, when
 *    partly cancelled); net = after VAT − fee.
 * 2. Supporter earnings, per creator X: share = 70% of each portion's net (nearest cent, halves away
 *    from zero), posted as member_payments[X] +Σ after VAT, creator_payable[X] −Σ shares,
 *    platform_revenue −the rest. Key `close:M:supporter:X`.
 * 3. The Premium pool: 50% of the month's net Premium revenue (Σ net of the Premium portions, less
 *    the net of refunds of Premium portions already earned, booked in M; never below zero), shared
 *    by engagement points (engagement.server.ts) with the largest-remainder rule (portions.ts).
 *    Per creator: member_payments["premium"] +share, creator_payable[X] −share (`close:M:pool:X`);
 *    the rest of the Premium portions to platform_revenue (`close:M:pool-platform`). With no points
 *    at all in M, the whole of it is platform revenue.
 * 4. `earned_portions` (what was earned, line by line), `revenue_statements` (each creator's
 *    figures) and `money_closes` (the month's totals): a second run finds that row and changes
 *    nothing. The admin audit log records who closed it.
 * 5. The month's self-billed invoices (invoices.server.ts), each with the creator's tax settings as
 *    they are at the close, so a later change of settings never rewrites one.
 *
 * All of it is set-based SQL (a handful of statements whatever the number of creators and
 * members). A close killed at any point rolls back whole; run again, it posts everything once.
 * Months close in order, and only once over.
 */
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { cents, percentOf, type Cents } from "./cents";
import { CREATOR_SUPPORTER_SHARE_PERCENT, PREMIUM_POOL_SHARE_PERCENT } from "./compensation-rules";
import { countPoints } from "./engagement.server";
import { issueSelfBilledInvoices } from "./invoices.server";
import { monthOf, monthStart, nextMonth } from "./ledger.server";
import { lastClosedMonth, lockMoney } from "./months.server";
import { LARGEST_REMAINDER_RULE } from "./portions";

export interface CloseTotals {
  month: string;
  /** Supporter portions earned, after VAT, and the creators' shares of them. */
  supporterAfterVat: Cents;
  supporterShares: Cents;
  /** Premium portions earned, after VAT. */
  premiumAfterVat: Cents;
  /** Net Premium revenue of the month (after fees, less refunds of earned Premium portions). */
  netPremium: Cents;
  pool: Cents;
  /** What the pool paid creators: the pool, or 0 in a month without points. */
  poolPaid: Cents;
  totalPoints: number;
  creatorsPaid: number;
  portions: number;
  closedAt: Date;
}

export type CloseResult =
  { ok: true; closed: true; totals: CloseTotals } | { ok: true; closed: false; totals: CloseTotals } | { ok: false; status: 400 | 409; error: string };

export interface CloseOptions {
  /** Who closes: the admin (back office) or no one (the CLI, a schedule). Audited. */
  actor: AuditActor;
  /** The clock (tests); a month closes only once it is over. */
  now?: Date;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${monthStart(month)}T00:00:00Z`));

type CloseRow = {
  month: string;
  supporter_after_vat_cents: number;
  supporter_shares_cents: number;
  premium_after_vat_cents: number;
  net_premium_cents: number;
  pool_cents: number;
  total_points: number;
  creators_paid: number;
  portions: number;
  closed_at: Date;
  pool_paid: number;
};

const closeColumns = sql` to_char(c.month, 'YYYY-MM') as month, c.supporter_after_vat_cents::float8 as supporter_after_vat_cents,
      c.supporter_shares_cents::float8 as supporter_shares_cents, c.premium_after_vat_cents::float8 as premium_after_vat_cents,
      c.net_premium_cents::float8 as net_premium_cents, c.pool_cents::float8 as pool_cents, c.total_points::float8 as total_points,
      c.creators_paid, c.portions, c.closed_at,
      case when c.total_points > 0 then c.pool_cents else 0 end::float8 as pool_paid`;

async function closeRow(db: Database | Transaction, month: string): Promise<CloseTotals | null> {
  const { rows } = await db.execute<CloseRow>(sql`select ${closeColumns} from money_closes c where c.month = ${monthStart(month)}::date`);
  return rows[0] ? toTotals(rows[0]) : null;
}

/** Every closed month, the latest first (the back office and `npm run money -- closes`). */
export async function listCloses(db: Database): Promise<CloseTotals[]> {
  const { rows } = await db.execute<CloseRow>(sql`select ${closeColumns} from money_closes c order by c.month desc`);
  return rows.map(toTotals);
}

function toTotals(r: CloseRow): CloseTotals {
  return {
    month: r.month,
    supporterAfterVat: cents(r.supporter_after_vat_cents),
    supporterShares: cents(r.supporter_shares_cents),
    premiumAfterVat: cents(r.premium_after_vat_cents),
    netPremium: cents(r.net_premium_cents),
    pool: cents(r.pool_cents),
    poolPaid: cents(r.pool_paid),
    totalPoints: r.total_points,
    creatorsPaid: r.creators_paid,
    portions: r.portions,
    closedAt: new Date(r.closed_at),
  };
}

/** A closed month's totals, or null while it is open. */
export function closeOf(db: Database, month: string): Promise<CloseTotals | null> {
  return closeRow(db, month);
}

/** Close `month` ("2026-11"). Twice is once: the second run answers `closed: false` with the first run's totals. */
export async function closeMonth(db: Database, month: string, options: CloseOptions): Promise<CloseResult> {
  if (!MONTH.test(month)) return { ok: false, status: 400, error: `Not a month: "${month}" (expected YYYY-MM).` };
  const now = options.now ?? new Date();
  if (month >= monthOf(now)) return { ok: false, status: 409, error: `${monthName(month)} is not over yet (Central European Time).` };
  return db.transaction(async (tx) => {
    await lockMoney(tx, "close");
    const done = await closeRow(tx, month);
    if (done) return { ok: true, closed: false, totals: done };
    const last = await lastClosedMonth(tx);
    if (last && last > month)
      return { ok: false, status: 409, error: `${monthName(month)} comes before the last closed month, ${monthName(last)}, and was never closed.` };
    if (last && nextMonth(last) !== month) return { ok: false, status: 409, error: `Close ${monthName(nextMonth(last))} first: months close in order.` };
    const totals = await runClose(tx, month, now, options.actor);
    await record(tx, options.actor, "money.month_closed", { type: "money_close", id: month }, null, {
      ...totals,
      closedAt: totals.closedAt.toISOString(),
    } as unknown as Record<string, unknown>);
    return { ok: true, closed: true, totals };
  });
}

async function runClose(tx: Transaction, month: string, now: Date, actor: AuditActor): Promise<CloseTotals> {
  const m = sql`${monthStart(month)}::date`;
  const name = monthName(month);

  // 1. The portions this close earns.
  await tx.execute(sql`
    create temporary table close_portions on commit drop as
    with candidates as (
      select lp.payment_id, lp.kind, lp.ref, lp.creator_id, lp.country, lp.vat_rate, lp.paid_at,
             lp.gross_cents as g, lp.vat_cents as v, lp.fee_cents as f, lp.gross_cents - lp.vat_cents as a,
             lp.portions::bigint as n, lp.first_month,
             coalesce((select sum(r.from_open_cents) from payment_refunds r where r.payment_id = lp.payment_id), 0)::bigint as c
      from ledger_payments lp
      where lp.first_month <= ${m} and (lp.last_month >= ${m} or lp.booked_month >= ${m})
    ),
    portions as (
      select c.*, k.k::int as portion, (c.first_month + make_interval(months => k.k))::date as month,
             (c.g * (k.k + 1)) / c.n - (c.g * k.k) / c.n as pg,
             (c.a * (k.k + 1)) / c.n - (c.a * k.k) / c.n as pa,
             (c.f * (k.k + 1)) / c.n - (c.f * k.k) / c.n as pf,
             c.a - (c.a * k.k) / c.n as suffix
      from candidates c cross join lateral generate_series(0, c.n::int - 1) as k(k)
      where (c.first_month + make_interval(months => k.k))::date <= ${m}
        and not exists (select 1 from earned_portions ep where ep.payment_id = c.payment_id and ep.portion = k.k)
    ),
    earned as (
      -- Refunds cancel a payment's last portions first: what is left of this one.
      select p.*, least(p.pa, greatest(0, p.suffix - p.c))::bigint as e from portions p
    ),
    netted as (
      select e.*,
             (case when e.e = e.pa then e.pf when e.pa = 0 then 0 else round(e.pf::numeric * e.e / e.pa) end)::bigint as fee_part
      from earned e
    )
    select t.*, t.e - t.fee_part as net,
           (case when t.kind = 'supporter' then round((t.e - t.fee_part)::numeric * ${CREATOR_SUPPORTER_SHARE_PERCENT} / 100) else 0 end)::bigint as share
    from netted t`);
  await tx.execute(sql`
    insert into earned_portions (payment_id, portion, month, close_month, kind, creator_id, after_vat_cents, fee_cents, net_cents, share_cents)
    select payment_id, portion, month, ${m}, kind, creator_id, e, fee_part, net, share from close_portions`);

  // 2. Points, and the pool.
  await countPoints(tx, month);
  const { rows: figures } = await tx.execute<{
    supporter_after_vat: number;
    supporter_shares: number;
    premium_after_vat: number;
    premium_net: number;
    portions: number;
    deductions: number;
    total_points: number;
  }>(sql`
    select coalesce(sum(e) filter (where kind = 'supporter'), 0)::float8 as supporter_after_vat,
           coalesce(sum(share) filter (where kind = 'supporter'), 0)::float8 as supporter_shares,
           coalesce(sum(e) filter (where kind = 'premium'), 0)::float8 as premium_after_vat,
           coalesce(sum(net) filter (where kind = 'premium'), 0)::float8 as premium_net,
           count(*)::int as portions,
           (select coalesce(sum(pool_deduction_cents), 0) from payment_refunds where month = ${m})::float8 as deductions,
           (select coalesce(sum(points), 0) from close_points)::float8 as total_points
    from close_portions`);
  const f = figures[0];
  const premiumAfterVat = cents(f.premium_after_vat);
  const netPremium = cents(Math.max(0, f.premium_net - f.deductions));
  const pool = percentOf(netPremium, PREMIUM_POOL_SHARE_PERCENT);
  const totalPoints = f.total_points;
  const poolPaid = totalPoints > 0 ? pool : cents(0);

  // The largest-remainder split (portions.ts says the rule), creator ids compared byte by byte.
  await tx.execute(sql`
    create temporary table close_pool on commit drop as
    with s as (
      select creator_id, points,
             (${poolPaid}::bigint * points) / greatest(${totalPoints}::bigint, 1) as base,
             (${poolPaid}::bigint * points) % greatest(${totalPoints}::bigint, 1) as remainder
      from close_points
    ),
    r as (
      select s.*, row_number() over (order by remainder desc, creator_id collate "C" asc) as rank,
             ${poolPaid}::bigint - sum(base) over () as leftover
      from s
    )
    select creator_id, points, base, remainder, rank <= leftover as extra_cent,
           (base + case when rank <= leftover then 1 else 0 end)::bigint as share
    from r`);

  // 3. The ledger: one transaction per creator and part, built and posted in two statements.
  const poolDetails = sql`jsonb_build_object(
    'month', ${month}::text,
    'netPremiumRevenue', ${netPremium}::bigint,
    'poolPercent', ${PREMIUM_POOL_SHARE_PERCENT}::int,
    'pool', ${pool}::bigint,
    'totalPoints', ${totalPoints}::bigint,
    'rule', ${LARGEST_REMAINDER_RULE}::text)`;
  await tx.execute(sql`
    create temporary table close_entries on commit drop as
    select 'supporter' as part, 'close:' || ${month}::text || ':supporter:' || ref as key, ref as creator_id,
           ${`Supporter earnings, ${name}`}::text as description,
           jsonb_build_object(
             'part', 'supporter', 'month', ${month}::text, 'sharePercent', ${CREATOR_SUPPORTER_SHARE_PERCENT}::int,
             'afterVat', sum(e), 'fees', sum(fee_part), 'net', sum(net), 'share', sum(share),
             'lines', jsonb_agg(jsonb_build_object(
               'paymentId', payment_id, 'paidAt', paid_at, 'tier', 'supporter',
               'interval', case when n = 12 then 'yearly' else 'monthly' end,
               'country', country, 'vatRate', vat_rate, 'gross', g, 'vat', v, 'fee', f,
               'portion', portion + 1, 'portions', n, 'month', to_char(month, 'YYYY-MM'),
               'grossPortion', pg, 'vatPortion', pg - pa, 'refundedBeforeEarned', pa - e,
               'afterVat', e, 'feePortion', fee_part, 'net', net, 'share', share)
               order by paid_at, payment_id, portion)) as details,
           sum(e)::bigint as after_vat, sum(share)::bigint as share
    from close_portions
    where kind = 'supporter'
    group by ref
    having sum(e) <> 0 or sum(share) <> 0`);
  await tx.execute(sql`
    insert into close_entries (part, key, creator_id, description, details, after_vat, share)
    select 'pool', 'close:' || ${month}::text || ':pool:' || creator_id, creator_id, ${`Premium pool share, ${name}`}::text,
           ${poolDetails} || jsonb_build_object('part', 'pool', 'points', points, 'base', base, 'remainder', remainder, 'extraCent', extra_cent, 'share', share),
           0, share
    from close_pool where share > 0`);
  await tx.execute(sql`
    insert into close_entries (part, key, creator_id, description, details, after_vat, share)
    select 'pool-platform', 'close:' || ${month}::text || ':pool-platform', null, ${`Premium revenue kept by the platform, ${name}`}::text,
           ${poolDetails} || jsonb_build_object(
             'part', 'pool-platform', 'premiumAfterVat', ${premiumAfterVat}::bigint, 'premiumNet', ${cents(f.premium_net)}::bigint,
             'refundDeductions', ${cents(f.deductions)}::bigint, 'poolPaid', ${poolPaid}::bigint,
             'note', case when ${totalPoints}::bigint = 0 then 'No engagement points this month: the pool is platform revenue.' else null end),
           ${premiumAfterVat}::bigint, ${poolPaid}::bigint
    where ${premiumAfterVat}::bigint - ${poolPaid}::bigint <> 0`);
  await tx.execute(sql`
    with t as (
      insert into ledger_transactions (idempotency_key, kind, cause_type, cause_id, month, creator_id, description, details, occurred_at)
      select ce.key, 'earning', 'month', ${month}::text, ${m}, (select p.id from profiles p where p.id = ce.creator_id), ce.description, ce.details, ${now.toISOString()}::timestamptz
      from close_entries ce
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key
    ),
    postings as (
      select key, 'member_payments' as account, creator_id as ref, after_vat as amount from close_entries where part = 'supporter'
      union all select key, 'creator_payable', creator_id, -share from close_entries where part = 'supporter'
      union all select key, 'platform_revenue', '', -(after_vat - share) from close_entries where part = 'supporter'
      union all select key, 'member_payments', 'premium', share from close_entries where part = 'pool'
      union all select key, 'creator_payable', creator_id, -share from close_entries where part = 'pool'
      union all select key, 'member_payments', 'premium', after_vat - share from close_entries where part = 'pool-platform'
      union all select key, 'platform_revenue', '', -(after_vat - share) from close_entries where part = 'pool-platform'
    )
    insert into ledger_postings (transaction_id, account, account_ref, amount_cents)
    select t.id, p.account, p.ref, p.amount from t join postings p on p.key = t.idempotency_key where p.amount <> 0`);

  // 4. Each creator's statement figures, and the month's row.
  await tx.execute(sql`
    insert into revenue_statements (creator_id, period_start, period_end, currency, gross_cents, fees_cents, tax_cents, net_cents,
                                    supporter_share_cents, pool_share_cents, points, adjustments_cents, opening_balance_cents, closing_balance_cents)
    with balances as (
      select p.account_ref as creator_id,
             -coalesce(sum(p.amount_cents) filter (where t.month < ${m}), 0) as opening,
             -coalesce(sum(p.amount_cents), 0) as closing,
             -coalesce(sum(p.amount_cents) filter (where t.month = ${m} and t.kind in ('refund', 'chargeback')), 0) as adjustments
      from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
      where p.account = 'creator_payable' and t.month <= ${m}
      group by p.account_ref
    ),
    supporters as (
      select ref as creator_id, sum(pg) as gross, sum(pg - pa) as tax, sum(fee_part) as fees, sum(net) as net, sum(share) as share
      from close_portions where kind = 'supporter' group by ref
    ),
    creators as (
      select creator_id from balances where opening <> 0 or closing <> 0
      union select creator_id from supporters
      union select creator_id from close_pool
    )
    select c.creator_id, ${m}, (${m} + interval '1 month' - interval '1 day')::date, 'EUR',
           coalesce(s.gross, 0), coalesce(s.fees, 0), coalesce(s.tax, 0), coalesce(s.net, 0),
           coalesce(s.share, 0), coalesce(cp.share, 0), coalesce(cp.points, 0), coalesce(b.adjustments, 0),
           coalesce(b.opening, 0), coalesce(b.closing, 0)
    from creators c
    join profiles on profiles.id = c.creator_id
    left join balances b on b.creator_id = c.creator_id
    left join supporters s on s.creator_id = c.creator_id
    left join close_pool cp on cp.creator_id = c.creator_id
    on conflict (creator_id, period_start, period_end) do update set
      gross_cents = excluded.gross_cents, fees_cents = excluded.fees_cents, tax_cents = excluded.tax_cents, net_cents = excluded.net_cents,
      supporter_share_cents = excluded.supporter_share_cents, pool_share_cents = excluded.pool_share_cents, points = excluded.points,
      adjustments_cents = excluded.adjustments_cents, opening_balance_cents = excluded.opening_balance_cents,
      closing_balance_cents = excluded.closing_balance_cents, updated_at = now()`);

  // 5. The self-billed invoices of the month, with the tax settings in force now (invoices.server.ts).
  await issueSelfBilledInvoices(tx, month, now);

  const { rows: paid } = await tx.execute<{ n: number }>(sql`
    select count(distinct creator_id)::int as n from close_entries where part <> 'pool-platform' and share > 0`);
  const totals: Omit<CloseTotals, "closedAt"> = {
    month,
    supporterAfterVat: cents(f.supporter_after_vat),
    supporterShares: cents(f.supporter_shares),
    premiumAfterVat,
    netPremium,
    pool,
    poolPaid,
    totalPoints,
    creatorsPaid: paid[0].n,
    portions: f.portions,
  };
  const { rows: closed } = await tx.execute<{ closed_at: Date }>(sql`
    insert into money_closes (month, supporter_after_vat_cents, supporter_shares_cents, premium_after_vat_cents, net_premium_cents,
                              pool_cents, total_points, creators_paid, portions, closed_at, closed_by)
    values (${m}, ${totals.supporterAfterVat}, ${totals.supporterShares}, ${premiumAfterVat}, ${netPremium}, ${pool}, ${totalPoints},
            ${totals.creatorsPaid}, ${totals.portions}, ${now.toISOString()}::timestamptz, ${actor.userId})
    returning closed_at`);
  return { ...totals, closedAt: new Date(closed[0].closed_at) };
}
