/**
 * Which month a new money event counts in, and the lock that keeps the close apart from it.
 *
 * A closed month never changes (its statements are published): an event that happens in a month
 * already closed (a refund webhook arriving after the close, a late payment) counts in the first
 * month not yet closed, as an adjustment there. `openMonth` says which that is.
 *
 * The close takes the money lock exclusively; booking a payment, a refund or a chargeback takes it
 * shared. So a close waits for the bookings in flight to commit (and then sees them), and a booking
 * waits for a running close to commit (and then counts in the next month): nothing is booked into
 * a month while it closes, and the close never misses what was booked before it.
 */
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { monthOf, nextMonth } from "./ledger.server";

/** One advisory lock key for the money room (hashtext of a fixed name: stable across versions). */
const MONEY_LOCK = sql`hashtext('spotfolio:money-close')`;

/** Hold the money lock until the transaction ends: "close" exclusively, "book" shared. */
export async function lockMoney(tx: Transaction | Database, mode: "close" | "book"): Promise<void> {
  await tx.execute(mode === "close" ? sql`select pg_advisory_xact_lock(${MONEY_LOCK})` : sql`select pg_advisory_xact_lock_shared(${MONEY_LOCK})`);
}

/** The last closed month ("2026-11"), or null before the first close. */
export async function lastClosedMonth(db: Database | Transaction): Promise<string | null> {
  const { rows } = await db.execute<{ month: string | null }>(sql`select to_char(max(month), 'YYYY-MM') as month from money_closes`);
  return rows[0]?.month ?? null;
}

/** The month an event at `instant` counts in: its own (Europe/Madrid), or the first one not yet closed. */
export async function openMonth(db: Database | Transaction, instant: Date): Promise<string> {
  const own = monthOf(instant);
  const last = await lastClosedMonth(db);
  return last && last >= own ? nextMonth(last) : own;
}

/** The month before ("2027-01" -> "2026-12"). */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** `month` plus `count` months ("2026-11", 3 -> "2027-02"). */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The month the back office offers to close at `now`: the one after the last closed month, or before
 * any close the first month anything was booked in (months close in order, so starting later would
 * leave it open forever); null when that month is not over yet.
 */
export async function monthToClose(db: Database, now: Date): Promise<string | null> {
  const last = await lastClosedMonth(db);
  let month: string;
  if (last) month = nextMonth(last);
  else {
    const { rows } = await db.execute<{ month: string | null }>(sql`select to_char(min(month), 'YYYY-MM') as month from ledger_transactions`);
    month = rows[0]?.month ?? previousMonth(monthOf(now));
  }
  return month < monthOf(now) ? month : null;
}
