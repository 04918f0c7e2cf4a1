/**
 * The month close at scale (part of `npm run bench`, BENCH_ONLY=close; alone:
 * `npx tsx scripts/bench/month-close.ts`). Issue 23's aim: under 30 s on PostgreSQL for 10,000
 * creators, 100,000 members and 1,000,000 engagement events.
 *
 * In a fresh database (real migrations), generated in set-based statements (generate_series; the
 * seeding is not what is measured):
 * - BENCH_CLOSE_CREATORS published creators (default 10,000), each with a map of 10 spots;
 * - BENCH_CLOSE_MEMBERS paying members (default 100,000), each with one payment whose period starts
 *   in the month: seven in ten Premium (one in ten of those yearly), three in ten supporting a creator
 *   (one in five yearly), from ten countries (VAT at each one's rate, none outside the EU), with the
 *   local provider's fee. They are booked as `postMemberPayment` books one (a payment transaction,
 *   its four postings, its `ledger_payments` row), in bulk; the ledger's own triggers check that
 *   every transaction balances when the seeding commits;
 * - BENCH_CLOSE_EVENTS engagement events (default 1,000,000) of those members over the month: spot
 *   views, one in twenty a first bookmark (`spot_saved`).
 * Then the close of that month, timed: `closeMonth`, the function the CLI and the back office call.
 *
 *   BENCH_CLOSE_DRIVERS  which databases (default "postgres"; "postgres,pglite" for both)
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { closeMonth, localProviderFee, monthOf, previousMonth, vatIncluded, vatRateOf } from "../../app/modules/money/index.server";
import { cents } from "../../app/modules/money";
import { onEachDatabase } from "./bench-db";
import type { Report } from "./stats";

const CREATORS = Number(process.env.BENCH_CLOSE_CREATORS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_CLOSE_MEMBERS ?? 100_000);
const EVENTS = Number(process.env.BENCH_CLOSE_EVENTS ?? 1_000_000);
const SPOTS_PER_CREATOR = 10;
const COUNTRIES = ["ES", "FR", "DE", "IT", "NL", "PT", "BE", "IE", "US", "GB"];
/** Plan prices in cents, VAT included: Premium and Supporter, monthly and yearly. */
const PRICES = { premium: { month: 5_00, year: 48_00 }, supporter: { month: 10_00, year: 100_00 } };

async function seed(db: Database, month: string) {
  const start = sql`((${`${month}-01`}::date)::timestamp at time zone 'Europe/Madrid')`;
  const day = new Date(`${month}-15T12:00:00Z`);
  // The rates and fees the booking applies, per country and price: a small table the bulk insert joins.
  const charges = COUNTRIES.flatMap((country) =>
    Object.values(PRICES).flatMap((byInterval) =>
      Object.values(byInterval).map((gross) => {
        const rate = vatRateOf(country, day);
        const vat = vatIncluded(cents(gross), rate);
        return `('${country}', ${gross}, ${vat}, ${rate}, ${localProviderFee(cents(gross))})`;
      }),
    ),
  ).join(", ");

  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'c-' || g, 'Creator ' || g, 'c' || g || '@bench.example', true from generate_series(1, ${CREATORS}) g`);
  await db.execute(sql`
    insert into profiles (id, handle, display_name, is_creator, is_onboarded, is_published)
    select 'c-' || g, 'creator_' || g, 'Creator ' || g, true, true, true from generate_series(1, ${CREATORS}) g`);
  await db.execute(sql`
    insert into maps (owner_id, title, current_slug, is_published, published_at)
    select 'c-' || g, 'Map ' || g, 'bench-map-' || g, true, now() from generate_series(1, ${CREATORS}) g`);
  await db.execute(sql`
    insert into spots (map_id, slug, name, lat, lng, position, is_published)
    select m.id, 'spot-' || s, 'Spot ' || s, 41.3 + s * 0.001, 2.1 + s * 0.001, s, true
    from maps m, generate_series(1, ${SPOTS_PER_CREATOR}) s`);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'm-' || g, 'Member ' || g, 'm' || g || '@bench.example', true from generate_series(1, ${MEMBERS}) g`);

  // One payment per member, its period starting in the month.
  await db.execute(sql`
    create temporary table bench_payments as
    select g, 'm-' || g as user_id,
           case when g % 10 < 7 then 'premium' else 'supporter' end as tier,
           case when g % 10 < 7 then (case when g % 10 = 0 then 'year' else 'month' end) else (case when g % 5 = 0 then 'year' else 'month' end) end as interval,
           case when g % 10 < 7 then null else 'c-' || (g % ${CREATORS} + 1) end as creator_id,
           (array[${sql.raw(COUNTRIES.map((c) => `'${c}'`).join(","))}])[g % ${COUNTRIES.length} + 1] as country,
           ${start} + make_interval(days => g % 28, secs => g % 86400) as period_start
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    alter table bench_payments add column gross int, add column vat int, add column rate numeric, add column fee int, add column id uuid default gen_random_uuid()`);
  await db.execute(sql`
    update bench_payments b set gross = c.gross, vat = c.vat, rate = c.rate, fee = c.fee
    from (values ${sql.raw(charges)}) as c(country, gross, vat, rate, fee)
    where c.country = b.country
      and c.gross = case b.tier when 'premium' then (case b.interval when 'year' then ${PRICES.premium.year}::int else ${PRICES.premium.month}::int end)
                                else (case b.interval when 'year' then ${PRICES.supporter.year}::int else ${PRICES.supporter.month}::int end) end`);
  await db.execute(sql`
    insert into payments (id, user_id, creator_id, kind, provider, provider_payment_id, amount_cents, tax_cents, fee_cents, country, status, paid_at, period_start, period_end)
    select id, user_id, creator_id, case tier when 'premium' then 'platform' else 'supporter' end, 'local', 'bench-' || g, gross, vat, fee, country, 'succeeded',
           period_start, period_start, period_start + case interval when 'year' then interval '1 year' else interval '1 month' end
    from bench_payments`);
  // Booked as postMemberPayment books each: the transaction, its postings, the booked figures.
  await db.execute(sql`
    insert into ledger_transactions (idempotency_key, kind, cause_type, cause_id, month, creator_id, description, details, occurred_at)
    select 'payment:' || id, 'payment', 'payment', id::text, ${`${month}-01`}::date, creator_id,
           case tier when 'premium' then 'Premium payment' else 'Supporter payment' end,
           jsonb_build_object('gross', gross, 'vat', vat, 'vatRate', rate, 'fee', fee, 'country', country), period_start
    from bench_payments`);
  await db.execute(sql`
    insert into ledger_postings (transaction_id, account, account_ref, amount_cents)
    select t.id, p.account, p.ref, p.amount
    from bench_payments b
    join ledger_transactions t on t.idempotency_key = 'payment:' || b.id
    cross join lateral (values ('bank', '', b.gross - b.fee), ('provider_fees', '', b.fee), ('vat_payable', b.country, -b.vat),
                               ('member_payments', coalesce(b.creator_id, 'premium'), -(b.gross - b.vat))) as p(account, ref, amount)
    where p.amount <> 0`);
  await db.execute(sql`
    insert into ledger_payments (payment_id, kind, ref, creator_id, user_id, country, gross_cents, vat_cents, vat_rate, fee_cents, portions,
                                 first_month, last_month, booked_month, paid_at, period_start, period_end)
    select id, tier, coalesce(creator_id, 'premium'), creator_id, user_id, country, gross, vat, rate, fee,
           case interval when 'year' then 12 else 1 end,
           ${`${month}-01`}::date, (${`${month}-01`}::date + case interval when 'year' then interval '11 months' else interval '0 months' end)::date,
           ${`${month}-01`}::date, period_start, period_start, period_start + case interval when 'year' then interval '1 year' else interval '1 month' end
    from bench_payments`);

  // Engagement: views of spots by paying members after their payment, one in twenty a first bookmark.
  await db.execute(sql`create temporary table bench_spots as select row_number() over (order by id) as n, id::text as id from spots`);
  await db.execute(sql`
    insert into events (type, user_id, target_type, target_id, created_at)
    select case when e.i % 20 = 0 then 'spot_saved' else 'spot_viewed' end, b.user_id, 'spot', s.id,
           least(b.period_start + make_interval(secs => ((e.i * 7919) % (27 * 86400))::int), ${start} + interval '1 month' - interval '1 second')
    from generate_series(1, ${EVENTS}::bigint) as e(i)
    join bench_payments b on b.g = (e.i % ${MEMBERS}) + 1
    join bench_spots s on s.n = ((e.i * 104729) % ${CREATORS * SPOTS_PER_CREATOR}) + 1`);
  await db.execute(sql`drop table bench_spots`);
  await db.execute(sql`drop table bench_payments`);
  await db.execute(sql`analyze`);
}

async function benchClose(db: Database, where: string, report: Report) {
  const month = previousMonth(monthOf(new Date()));
  const seeding = performance.now();
  await seed(db, month);
  report(
    `month close: seeded ${CREATORS.toLocaleString("en")} creators, ${MEMBERS.toLocaleString("en")} members and payments, ${EVENTS.toLocaleString("en")} events ${where} (s)`,
    ((performance.now() - seeding) / 1000).toFixed(1),
  );
  const started = performance.now();
  const result = await closeMonth(db, month, { actor: { userId: null, ip: null } });
  const seconds = (performance.now() - started) / 1000;
  if (!result.ok) throw new Error(result.error);
  const t = result.totals;
  report(
    `month close of ${CREATORS.toLocaleString("en")} creators, ${MEMBERS.toLocaleString("en")} members, ${EVENTS.toLocaleString("en")} events ${where} (s)`,
    `${seconds.toFixed(2)} s (${t.portions.toLocaleString("en")} portions, ${t.totalPoints.toLocaleString("en")} points, ${t.creatorsPaid.toLocaleString("en")} creators paid)`,
  );
  const { rows } = await db.execute<{ n: number; total: string }>(sql`
    select count(*)::int as n, coalesce(sum(amount_cents), 0)::text as total from ledger_postings`);
  report(`month close: postings in the ledger after it, and their sum ${where}`, `${rows[0].n.toLocaleString("en")}, ${rows[0].total}`);
}

export async function runMonthClose(report: Report): Promise<void> {
  if (!process.env.BENCH_CLOSE_DRIVERS) process.env.BENCH_CLOSE_DRIVERS = "postgres";
  await onEachDatabase({ name: "spotfolio_bench_close", label: "month close", driversVariable: "BENCH_CLOSE_DRIVERS" }, report, (db, where) =>
    benchClose(db, where, report),
  );
}

if (process.argv[1]?.endsWith(`${path.sep}month-close.ts`)) {
  runMonthClose((name, value) => console.log(`  ${name}: ${value}`)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
