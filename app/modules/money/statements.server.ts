/**
 * What a creator reads of their money, all from the ledger: the monthly statement (`statementOf`),
 * earnings by month (`monthlyEarnings`) and the payments that earn them (`paymentsEarning`), for the
 * Studio's Revenue pages and the statement PDFs. Every figure is a sum of postings or the
 * computation the close kept in its transactions' details; nothing here writes.
 *
 * A statement of month M lists the ledger transactions of M that touch the creator's payable
 * (the close's Supporter and pool earnings, refunds and chargebacks, and whatever else is posted
 * to it: withholdings, payouts, adjustments, read by kind), between the balance before M and the
 * balance after it. Only the creator's own money is read: every query is by their id.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { cents, percentOf, type Cents } from "./cents";
import { closeOf } from "./close.server";
import { CREATOR_SUPPORTER_SHARE_PERCENT, PREMIUM_POOL_SHARE_PERCENT } from "./compensation-rules";
import { monthOf, monthStart, type LedgerKind } from "./ledger.server";
import { addMonths, lastClosedMonth, previousMonth } from "./months.server";
import { LARGEST_REMAINDER_RULE } from "./portions";

/** One earned portion of a Supporter payment, as the close computed it. */
export interface SupporterLine {
  paymentId: string;
  paidAt: string;
  tier: "supporter";
  interval: "monthly" | "yearly";
  /** The member's country (ISO alpha-2), null when none was recorded (Spain's VAT then applied). */
  country: string | null;
  vatRate: number;
  /** The whole payment: gross, VAT and fee. */
  gross: Cents;
  vat: Cents;
  fee: Cents;
  /** Portion k of n (1..12 of 12 for a yearly payment; 1 of 1 for a monthly one) and its month. */
  portion: number;
  portions: number;
  month: string;
  grossPortion: Cents;
  vatPortion: Cents;
  /** Cancelled by a refund before the portion was earned. */
  refundedBeforeEarned: Cents;
  afterVat: Cents;
  feePortion: Cents;
  net: Cents;
  share: Cents;
}

export interface PoolStatement {
  netPremiumRevenue: Cents;
  poolPercent: number;
  pool: Cents;
  totalPoints: number;
  points: number;
  /** floor(pool × points ÷ total points), and whether one of the leftover cents came on top. */
  base: Cents;
  extraCent: boolean;
  share: Cents;
  rule: string;
  /** Said when the month had no points: the pool went to platform revenue. */
  note: string | null;
}

/** A ledger transaction on the statement: its effect on the creator's balance (negative: deducted). */
export interface StatementEntry {
  transactionId: string;
  kind: LedgerKind;
  date: Date;
  description: string;
  amount: Cents;
  details: Record<string, unknown>;
}

export interface Statement {
  creatorId: string;
  month: string;
  /** Whether the month is closed (its earnings are in); an open month shows what has happened so far. */
  closed: boolean;
  closedAt: Date | null;
  openingBalance: Cents;
  supporter: { lines: SupporterLine[]; gross: Cents; vat: Cents; fees: Cents; net: Cents; share: Cents };
  /** The pool's whole computation (null while the month is open). */
  pool: PoolStatement | null;
  /** Refunds and chargebacks (a refund of a portion not yet earned is listed at 0: it was never earned). */
  adjustments: StatementEntry[];
  withholdings: StatementEntry[];
  payouts: StatementEntry[];
  /** Anything else posted to the creator's payable (an admin's correction). */
  other: StatementEntry[];
  /** closingBalance − openingBalance: what the month changed. */
  netChange: Cents;
  closingBalance: Cents;
}

type EntryRow = {
  id: string;
  kind: LedgerKind;
  occurred_at: Date;
  description: string;
  details: Record<string, unknown> | string;
  payable: number | null;
};

const json = (value: Record<string, unknown> | string): Record<string, unknown> =>
  typeof value === "string" ? (JSON.parse(value) as Record<string, unknown>) : value;

/** The creator's balance (what is owed to them) at the end of the months before `month`. */
async function balanceBefore(db: Database, creatorId: string, month: string): Promise<Cents> {
  const { rows } = await db.execute<{ owed: number }>(sql`
    select (-coalesce(sum(p.amount_cents), 0))::float8 as owed
    from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account = 'creator_payable' and p.account_ref = ${creatorId} and t.month < ${monthStart(month)}::date`);
  return cents(rows[0].owed);
}

/** Everything the statement of `month` shows for `creatorId`. */
export async function statementOf(db: Database, creatorId: string, month: string): Promise<Statement> {
  const m = monthStart(month);
  const [close, openingBalance, entries, pointsRow] = await Promise.all([
    closeOf(db, month),
    balanceBefore(db, creatorId, month),
    db.execute<EntryRow>(sql`
      select t.id, t.kind, t.occurred_at, t.description, t.details,
             (select (-sum(p.amount_cents))::float8 from ledger_postings p
              where p.transaction_id = t.id and p.account = 'creator_payable' and p.account_ref = ${creatorId}) as payable
      from ledger_transactions t
      where t.month = ${m}::date
        and (exists (select 1 from ledger_postings p where p.transaction_id = t.id and p.account = 'creator_payable' and p.account_ref = ${creatorId})
             or (t.creator_id = ${creatorId} and t.kind in ('refund', 'chargeback')))
      order by t.occurred_at, t.created_at, t.id`),
    db.execute<{ points: number }>(sql`
      select points::float8 as points from revenue_statements
      where creator_id = ${creatorId} and period_start = ${m}::date`),
  ]);

  const supporterLines: SupporterLine[] = [];
  let pool: PoolStatement | null = null;
  const adjustments: StatementEntry[] = [];
  const withholdings: StatementEntry[] = [];
  const payouts: StatementEntry[] = [];
  const other: StatementEntry[] = [];
  let netChange = 0;
  for (const row of entries.rows) {
    const details = json(row.details);
    const amount = cents(row.payable ?? 0);
    netChange += amount;
    const entry: StatementEntry = { transactionId: row.id, kind: row.kind, date: new Date(row.occurred_at), description: row.description, amount, details };
    if (row.kind === "earning" && details.part === "supporter") supporterLines.push(...((details.lines ?? []) as SupporterLine[]).map(normaliseLine));
    else if (row.kind === "earning" && details.part === "pool") pool = poolFrom(details);
    else if (row.kind === "refund" || row.kind === "chargeback") adjustments.push(entry);
    else if (row.kind === "withholding") withholdings.push(entry);
    else if (row.kind === "payout") payouts.push(entry);
    else other.push(entry);
  }
  if (!pool && close) {
    // No share (no points, or too few for a cent): the month's pool, with the creator's points.
    pool = {
      netPremiumRevenue: close.netPremium,
      poolPercent: PREMIUM_POOL_SHARE_PERCENT,
      pool: close.pool,
      totalPoints: close.totalPoints,
      points: pointsRow.rows[0]?.points ?? 0,
      base: cents(0),
      extraCent: false,
      share: cents(0),
      rule: LARGEST_REMAINDER_RULE,
      note: close.totalPoints === 0 ? "No engagement points this month: the pool is platform revenue." : null,
    };
  }
  const sum = (pick: (line: SupporterLine) => number) => cents(supporterLines.reduce((total, line) => total + pick(line), 0));
  return {
    creatorId,
    month,
    closed: Boolean(close),
    closedAt: close?.closedAt ?? null,
    openingBalance,
    supporter: {
      lines: supporterLines,
      gross: sum((l) => l.grossPortion),
      vat: sum((l) => l.vatPortion),
      fees: sum((l) => l.feePortion),
      net: sum((l) => l.net),
      share: sum((l) => l.share),
    },
    pool,
    adjustments,
    withholdings,
    payouts,
    other,
    netChange: cents(netChange),
    closingBalance: cents(openingBalance + netChange),
  };
}

/** jsonb numbers arrive as numbers, the rate as text (numeric): one shape for every reader. */
function normaliseLine(line: SupporterLine): SupporterLine {
  return { ...line, vatRate: Number(line.vatRate) };
}

function poolFrom(d: Record<string, unknown>): PoolStatement {
  return {
    netPremiumRevenue: cents(Number(d.netPremiumRevenue)),
    poolPercent: Number(d.poolPercent),
    pool: cents(Number(d.pool)),
    totalPoints: Number(d.totalPoints),
    points: Number(d.points),
    base: cents(Number(d.base)),
    extraCent: Boolean(d.extraCent),
    share: cents(Number(d.share)),
    rule: String(d.rule),
    note: null,
  };
}

export interface MonthEarnings {
  month: string;
  supporters: Cents;
  pool: Cents;
  /** Refunds and chargebacks (negative). */
  adjustments: Cents;
  /** supporters + pool + adjustments */
  total: Cents;
}

/**
 * The creator's earnings over the `months` months up to the last closed one (or, before any close,
 * up to the month before `now`), oldest first, every month present (zeros included): Supporter
 * earnings against pool earnings, for the Revenue chart and its table.
 */
export async function monthlyEarnings(db: Database, creatorId: string, months = 12, options: { now?: Date } = {}): Promise<MonthEarnings[]> {
  const last = (await lastClosedMonth(db)) ?? previousMonth(monthOf(options.now ?? new Date()));
  const first = addMonths(last, -(months - 1));
  const { rows } = await db.execute<{ month: string; part: string; amount: number }>(sql`
    select to_char(t.month, 'YYYY-MM') as month,
           case when t.kind = 'earning' then coalesce(t.details ->> 'part', 'other') else 'adjustments' end as part,
           (-sum(p.amount_cents))::float8 as amount
    from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account = 'creator_payable' and p.account_ref = ${creatorId}
      and t.kind in ('earning', 'refund', 'chargeback')
      and t.month between ${monthStart(first)}::date and ${monthStart(last)}::date
    group by 1, 2`);
  return Array.from({ length: months }, (_, i) => {
    const month = addMonths(first, i);
    const of = (part: string) => cents(rows.filter((r) => r.month === month && r.part === part).reduce((s, r) => s + r.amount, 0));
    const supporters = of("supporter");
    const pool = of("pool");
    const adjustments = of("adjustments");
    return { month, supporters, pool, adjustments, total: cents(supporters + pool + adjustments) };
  });
}

export type PaymentEarningStatus = "pending" | "earning" | "earned" | "partly refunded" | "refunded";

/** A Supporter payment to the creator, with what it earned. */
export interface PaymentEarning {
  paymentId: string;
  date: Date;
  tier: "supporter";
  interval: "monthly" | "yearly";
  country: string | null;
  gross: Cents;
  vat: Cents;
  vatRate: number;
  fee: Cents;
  /** gross − VAT − fee */
  net: Cents;
  /** 70% of net: the creator's share of the whole payment. */
  share: Cents;
  /** What the closes so far have earned of it, less what refunds took back. */
  earned: Cents;
  portionsEarned: number;
  portions: number;
  refunded: Cents;
  /** pending: no portion earned yet; earning: a yearly payment part-way; earned; partly refunded; refunded. */
  status: PaymentEarningStatus;
}

/** The creator's Supporter payments, newest first, `pageSize` a page (pages from 1). */
export async function paymentsEarning(
  db: Database,
  creatorId: string,
  options: { page?: number; pageSize?: number } = {},
): Promise<{ payments: PaymentEarning[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? 25), 1), 200);
  const page = Math.max(Math.trunc(options.page ?? 1), 1);
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<{
      payment_id: string;
      paid_at: Date;
      portions: number;
      country: string | null;
      gross: number;
      vat: number;
      vat_rate: string;
      fee: number;
      earned: number;
      reversed: number;
      portions_earned: number;
      refunded: number;
    }>(sql`
      select lp.payment_id, lp.paid_at, lp.portions::int as portions, lp.country, lp.gross_cents::float8 as gross, lp.vat_cents::float8 as vat,
             lp.vat_rate::text as vat_rate, lp.fee_cents::float8 as fee,
             coalesce((select sum(ep.share_cents) from earned_portions ep where ep.payment_id = lp.payment_id), 0)::float8 as earned,
             coalesce((select count(*) from earned_portions ep where ep.payment_id = lp.payment_id), 0)::int as portions_earned,
             coalesce((select sum(r.creator_cents) from payment_refunds r where r.payment_id = lp.payment_id), 0)::float8 as reversed,
             coalesce((select sum(r.amount_cents) from payment_refunds r where r.payment_id = lp.payment_id), 0)::float8 as refunded
      from ledger_payments lp
      where lp.creator_id = ${creatorId} and lp.kind = 'supporter'
      order by lp.paid_at desc, lp.payment_id
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_payments where creator_id = ${creatorId} and kind = 'supporter'`),
  ]);
  return {
    payments: rows.map((r) => {
      const net = cents(r.gross - r.vat - r.fee);
      const refunded = cents(r.refunded);
      const status: PaymentEarningStatus =
        refunded >= r.gross
          ? "refunded"
          : refunded > 0
            ? "partly refunded"
            : r.portions_earned === 0
              ? "pending"
              : r.portions_earned < r.portions
                ? "earning"
                : "earned";
      return {
        paymentId: r.payment_id,
        date: new Date(r.paid_at),
        tier: "supporter" as const,
        interval: r.portions === 12 ? ("yearly" as const) : ("monthly" as const),
        country: r.country,
        gross: cents(r.gross),
        vat: cents(r.vat),
        vatRate: Number(r.vat_rate),
        fee: cents(r.fee),
        net,
        share: percentOf(net, CREATOR_SUPPORTER_SHARE_PERCENT),
        earned: cents(r.earned - r.reversed),
        portionsEarned: r.portions_earned,
        portions: r.portions,
        refunded,
        status,
      };
    }),
    total: count[0].n,
    page,
    pageSize,
  };
}
