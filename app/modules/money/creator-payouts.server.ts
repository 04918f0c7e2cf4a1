/**
 * A creator's side of payouts (/studio/payouts): what they are owed now, whether it reaches the
 * minimum, when the next payout leaves, what holds it and what will be withheld, and the payouts
 * made to them. Everything is selected by the creator's id: a creator never reads another's.
 */
import { desc, eq } from "drizzle-orm";
import { payoutRuns, payouts } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { maskedIban } from "./bank-account";
import { cents, type Cents } from "./cents";
import { PAYOUT_MINIMUM } from "./compensation-rules";
import { monthOf, owedTo } from "./ledger.server";
import { loadPayoutDetails } from "./payout-details.server";
import type { PayoutReadiness } from "./payout-readiness";
import { payoutReadiness } from "./payout-readiness.server";
import { madridDate, payoutDayOf, payoutRunOf } from "./payout-run.server";

export interface CreatorPayout {
  id: string;
  /** The month whose balance it paid, "2026-11". */
  month: string;
  /** The day the transfer was asked for ("2026-12-20"), or the day it was paid. */
  date: string;
  amount: Cents;
  withheld: Cents;
  withholdingKind: string | null;
  withholdingPercent: number | null;
  net: Cents;
  status: string;
  account: string | null;
  reference: string | null;
}

export interface CreatorPayoutsOverview {
  owed: Cents;
  minimum: Cents;
  reachesMinimum: boolean;
  /** The next payout day, "2026-12-20". */
  nextPayoutDate: string;
  readiness: PayoutReadiness;
  history: CreatorPayout[];
}

/** The previous month of "2026-12": "2026-11". */
function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/**
 * The next payout day at `now`: the payout day of this month (for last month's balance) until
 * it has passed or last month's run has been made, then the payout day of next month.
 */
export async function nextPayoutDate(db: Database, now: Date): Promise<string> {
  const current = monthOf(now);
  const thisMonthsDay = payoutDayOf(previousMonth(current));
  if (madridDate(now) <= thisMonthsDay && !(await payoutRunOf(db, previousMonth(current)))) return thisMonthsDay;
  return payoutDayOf(current);
}

/** The payouts made to a creator, newest first. */
export async function creatorPayouts(db: Database, creatorId: string): Promise<CreatorPayout[]> {
  const rows = await db
    .select({ payout: payouts, executionDate: payoutRuns.executionDate })
    .from(payouts)
    .leftJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .where(eq(payouts.creatorId, creatorId))
    .orderBy(desc(payouts.periodStart), desc(payouts.createdAt));
  const details = await loadPayoutDetails(db, creatorId);
  return rows.map(({ payout: p, executionDate }) => ({
    id: p.id,
    month: p.periodStart.slice(0, 7),
    date: executionDate ?? (p.paidAt ?? p.createdAt).toISOString().slice(0, 10),
    amount: cents(p.amountCents),
    withheld: cents(p.withholdingCents),
    withholdingKind: p.withholdingKind,
    withholdingPercent: p.withholdingPercent,
    net: cents(p.netCents ?? p.amountCents - p.withholdingCents),
    status: p.status,
    account: p.ibanLast4 ? maskedIban(details?.ibanCountry ?? null, p.ibanLast4) : null,
    reference: p.endToEndId,
  }));
}

/** Everything /studio/payouts shows, for the signed-in creator. */
export async function creatorPayoutsOverview(db: Database, creatorId: string, now: Date = new Date()): Promise<CreatorPayoutsOverview> {
  const [owed, readiness, history, next] = await Promise.all([
    owedTo(db, creatorId),
    payoutReadiness(db, creatorId, now),
    creatorPayouts(db, creatorId),
    nextPayoutDate(db, now),
  ]);
  return { owed, minimum: PAYOUT_MINIMUM, reachesMinimum: owed >= PAYOUT_MINIMUM, nextPayoutDate: next, readiness, history };
}
