/**
 * The ledger's only writer and its balances (db/schema/ledger.ts). A money event is posted as one
 * transaction of postings that sum to zero, under an idempotency key: posting the same key again
 * (a webhook replayed, a close run again after a kill) adds nothing and answers with the
 * transaction already there. Callers pass the database transaction they are in, so a payment row
 * and its postings, or a month's close and its statements, commit together or not at all.
 *
 * The database holds the same rules on its own (migration 0022): a commit with an unbalanced
 * transaction fails, and postings are never updated or deleted.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { ledgerPostings, ledgerTransactions, type LedgerAccount, type LedgerKind } from "#db/schema/ledger";
import { cents, type Cents } from "./cents";

export type { LedgerAccount, LedgerKind };

export interface Posting {
  account: LedgerAccount;
  /** A country code (vat_payable), a creator id (creator_payable; member_payments of a supporter subscription), or none. */
  ref?: string;
  /** Debit positive, credit negative. Zero postings are dropped. */
  amount: Cents;
}

export interface LedgerEntry {
  idempotencyKey: string;
  kind: LedgerKind;
  cause: { type: string; id: string };
  /** The month it counts in, "2026-11" (see monthOf). */
  month: string;
  creatorId?: string | null;
  description: string;
  /** The computation behind it, for statements: rates, points, portions. */
  details?: Record<string, unknown>;
  occurredAt: Date;
  postings: Posting[];
}

export type PostResult = { posted: true; transactionId: string } | { posted: false; transactionId: string | null };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-11" -> "2026-11-01", the form the month column keeps. */
export function monthStart(month: string): string {
  if (!MONTH.test(month)) throw new RangeError(`Not a month: ${month}`);
  return `${month}-01`;
}

const madrid = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit" });

/**
 * The calendar month an instant falls in, in Central European Time as the Creator Compensation
 * terms define a month ("2026-11"): 2026-11-30T23:30Z is already December in Madrid.
 */
export function monthOf(instant: Date): string {
  const parts = madrid.formatToParts(instant);
  const year = parts.find((p) => p.type === "year")!.value;
  const month = parts.find((p) => p.type === "month")!.value;
  return `${year}-${month}`;
}

/** The month after ("2026-12" -> "2027-01"). */
export function nextMonth(month: string): string {
  monthStart(month);
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The postings without zeros, checked to balance: a bug here throws before anything is written. */
function checkedPostings(entry: LedgerEntry): Posting[] {
  const postings = entry.postings.filter((p) => p.amount !== 0);
  let total = 0n;
  for (const p of postings) {
    cents(p.amount);
    total += BigInt(p.amount);
  }
  if (total !== 0n) throw new Error(`Ledger entry ${entry.idempotencyKey} does not balance: its postings sum to ${total} cents`);
  return postings;
}

/**
 * Post one money event. Nothing is written when its postings are all zero (a free trial's €0
 * invoice), and nothing more when its key was posted before.
 */
export async function post(db: Database | Transaction, entry: LedgerEntry): Promise<PostResult> {
  const [result] = await postBatch(db, [entry]);
  return result;
}

/**
 * Post many events in two statements (the month close posts thousands): one insert of the
 * transactions whose keys are new, one of their postings. Answers in the order given.
 */
export async function postBatch(db: Database | Transaction, entries: LedgerEntry[]): Promise<PostResult[]> {
  const checked = entries.map((entry) => ({ entry, postings: checkedPostings(entry) }));
  const toInsert = checked.filter((c) => c.postings.length > 0);
  const inserted = new Map<string, string>();
  if (toInsert.length > 0) {
    const rows = await db
      .insert(ledgerTransactions)
      .values(
        toInsert.map(({ entry }) => ({
          idempotencyKey: entry.idempotencyKey,
          kind: entry.kind,
          causeType: entry.cause.type,
          causeId: entry.cause.id,
          month: monthStart(entry.month),
          creatorId: entry.creatorId ?? null,
          description: entry.description,
          details: entry.details ?? {},
          occurredAt: entry.occurredAt,
        })),
      )
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey });
    for (const row of rows) inserted.set(row.key, row.id);
    const postings = toInsert.flatMap(({ entry, postings }) => {
      const transactionId = inserted.get(entry.idempotencyKey);
      return transactionId ? postings.map((p) => ({ transactionId, account: p.account, accountRef: p.ref ?? "", amountCents: p.amount })) : [];
    });
    if (postings.length > 0) await db.insert(ledgerPostings).values(postings);
  }
  const already = checked.filter((c) => !inserted.has(c.entry.idempotencyKey)).map((c) => c.entry.idempotencyKey);
  const existing = new Map<string, string>();
  if (already.length > 0) {
    const rows = await db
      .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, already));
    for (const row of rows) existing.set(row.key, row.id);
  }
  return checked.map(({ entry }) => {
    const id = inserted.get(entry.idempotencyKey);
    return id ? { posted: true, transactionId: id } : { posted: false, transactionId: existing.get(entry.idempotencyKey) ?? null };
  });
}

/** Whether an event with this key has been posted. */
export async function isPosted(db: Database | Transaction, idempotencyKey: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey)).limit(1);
  return Boolean(row);
}

/**
 * An account's balance as its holder reads it: a sum of postings, debit positive. Liabilities and
 * income are credit balances, so "what we owe creator X" is `-balance("creator_payable", X)`;
 * `owedTo` says it the right way round.
 */
export async function balance(db: Database | Transaction, account: LedgerAccount, ref = ""): Promise<Cents> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amountCents}), 0)::text` })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.account, account), eq(ledgerPostings.accountRef, ref)));
  return cents(Number(row.total));
}

/** What the platform owes a creator now: their creator_payable credit balance, as a positive amount. */
export async function owedTo(db: Database | Transaction, creatorId: string): Promise<Cents> {
  return cents(-(await balance(db, "creator_payable", creatorId)));
}

/** The sum of every posting ever made: zero, always (the property the tests hold the ledger to). */
export async function ledgerTotal(db: Database | Transaction): Promise<Cents> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${ledgerPostings.amountCents}), 0)::text` }).from(ledgerPostings);
  return cents(Number(row.total));
}
