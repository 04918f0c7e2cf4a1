/**
 * A creator's side of payouts (/studio/payouts): what they are owed now, whether it reaches the
 * minimum, when the next payout leaves, what holds it, the VAT of self-billed invoices it will add
 * and what it will withhold, and the payouts made to them (balance, VAT, withheld, net paid). Everything is selected by the creator's id: a creator never reads another's.
 */
import { desc, eq } from "drizzle-orm";
import { payoutRuns, payouts } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { maskedIban } from "./bank-account";
import { cents, percentOf, type Cents } from "./cents";
import { PAYOUT_MINIMUM } from "./compensation-rules";
import { monthOf, owedTo } from "./ledger.server";
import { unpaidInvoiceVat } from "./invoices.server";
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
  /** The balance paid. */
  amount: Cents;
  /** Spanish VAT of self-billed invoices paid on top of the balance. */
  vat: Cents;
  vatKind: string | null;
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
  /** The VAT of self-billed invoices not paid yet: the next payout adds it to the balance. */
  vatOwed: Cents;
  /** What the next payout would be made of, were it made now (null while the withholding is unknown). */
  next: { balance: Cents; vat: Cents; withheld: Cents; net: Cents } | null;
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
    vat: cents(p.vatCents),
    vatKind: p.vatKind,
    withheld: cents(p.withholdingCents),
    withholdingKind: p.withholdingKind,
    withholdingPercent: p.withholdingPercent,
    net: cents(p.netCents ?? p.amountCents + p.vatCents - p.withholdingCents),
    status: p.status,
    account: p.ibanLast4 ? maskedIban(details?.ibanCountry ?? null, p.ibanLast4) : null,
    reference: p.endToEndId,
  }));
}

/** Everything /studio/payouts shows, for the signed-in creator. */
export async function creatorPayoutsOverview(db: Database, creatorId: string, now: Date = new Date()): Promise<CreatorPayoutsOverview> {
  const [owed, vatOwed, readiness, history, next] = await Promise.all([
    owedTo(db, creatorId),
    unpaidInvoiceVat(db, creatorId),
    payoutReadiness(db, creatorId, now),
    creatorPayouts(db, creatorId),
    nextPayoutDate(db, now),
  ]);
  // As the payout run computes it: the balance, the unpaid invoices' VAT on top, the withholding on the balance.
  const withheld = readiness.withholding ? percentOf(owed, readiness.withholding.percent) : null;
  return {
    owed,
    vatOwed,
    next: withheld === null || owed <= 0 ? null : { balance: owed, vat: vatOwed, withheld, net: cents(owed + vatOwed - withheld) },
    minimum: PAYOUT_MINIMUM,
    reachesMinimum: owed >= PAYOUT_MINIMUM,
    nextPayoutDate: next,
    readiness,
    history,
  };
}
