/**
 * The money ledger (issue 23): double-entry, append-only, integer cents. Kept out of the
 * `#db/schema` barrel on purpose: only `modules/money` imports it (lint checks it), so no other
 * code can post, change or delete a posting. `db/schema/all.ts` adds it back for drizzle-kit.
 *
 * A money event (a payment, its VAT and fee, a month's earnings, a refund, a payout) is one
 * `ledger_transactions` row and two or more `ledger_postings` whose amounts sum to zero. The
 * database enforces what the code promises (migration `ledger`): a deferred constraint trigger
 * refuses a commit whose postings for a transaction do not sum to zero, and triggers refuse
 * UPDATE, DELETE and TRUNCATE on both tables. A balance is a sum of postings; nothing else holds
 * an amount that could drift from them.
 *
 * Sign: debits are positive, credits negative. Assets and expenses (bank, provider fees) grow with
 * debits; liabilities and income (VAT payable, member payments awaiting their month, creator
 * payable, withholding payable, platform revenue) grow with credits, so their balances are
 * negative sums and the readers flip them.
 */
import { sql } from "drizzle-orm";
import { bigint, check, date, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sqlList, timestamptz } from "./columns";
import { profiles } from "./profiles";

/** What caused a transaction. */
export const LEDGER_KINDS = [
  // A member's payment: cash (net of the provider's fee), the fee, VAT, and the rest held in member payments.
  "payment",
  // The month close: member payments earned in the month become creator shares, the Premium pool and platform revenue.
  "earning",
  // A refund or a chargeback reverses what its payment posted (and, when earned, what the close made of it).
  "refund",
  "chargeback",
  // Money leaving for a creator's bank account, with the tax withheld from it.
  "payout",
  "withholding",
  // A correction an admin makes, with its reason in the description.
  "adjustment",
] as const;

/**
 * The named accounts. Some are kept per country (`vat_payable`) or per creator (`creator_payable`,
 * `member_payments` of a supporter subscription); `account_ref` says which (a country code, a
 * creator id, or '' for none), so a creator's balance is one indexed sum.
 */
export const LEDGER_ACCOUNTS = [
  "bank",
  "provider_fees",
  "member_payments",
  "vat_payable",
  "creator_payable",
  "withholding_payable",
  "platform_revenue",
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Unique: the same event posted twice (a webhook replayed, a close run again after a kill) finds
     * its key taken and adds nothing. E.g. "payment:<paymentId>", "close:2026-11:supporter:<creatorId>".
     */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** What it came from: ("payment", payments.id), ("month", "2026-11"), ("payout", payouts.id)… */
    causeType: text("cause_type").notNull(),
    causeId: text("cause_id").notNull(),
    /** The calendar month (Europe/Madrid, first day) the transaction counts in, on statements. */
    month: date("month", { mode: "string" }).notNull(),
    /** The creator it concerns, if one: statements and the Studio read by it. Kept when the creator leaves. */
    creatorId: text("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Plain words for statements and the back office. */
    description: text("description").notNull(),
    /** The computation behind it (rates, points, portions), shown to the creator on statements. */
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    occurredAt: timestamptz("occurred_at").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("ledger_transactions_kind_check", sql.raw(`kind in ${sqlList(LEDGER_KINDS)}`)),
    check("ledger_transactions_month_check", sql`extract(day from month) = 1`),
    index("ledger_transactions_creator_month_idx").on(t.creatorId, t.month),
    index("ledger_transactions_cause_idx").on(t.causeType, t.causeId),
    index("ledger_transactions_month_kind_idx").on(t.month, t.kind),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    /** A country code (vat_payable), a creator id (creator_payable, member_payments of a supporter), or ''. */
    accountRef: text("account_ref").notNull().default(""),
    /** Debit positive, credit negative; never zero. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    check("ledger_postings_account_check", sql.raw(`account in ${sqlList(LEDGER_ACCOUNTS)}`)),
    check("ledger_postings_amount_check", sql`amount_cents <> 0`),
    index("ledger_postings_transaction_idx").on(t.transactionId),
    index("ledger_postings_account_idx").on(t.account, t.accountRef),
  ],
);
