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
 * Beside the ledger, the records the money room keeps of how it computed what it posted (all written in
 * the same database transaction as the postings they explain): each member payment as it was booked
 * (`ledger_payments`), each monthly portion of it a close earned (`earned_portions`), each refund or
 * chargeback (`payment_refunds`), each month's close (`money_closes`) and the members whose
 * engagement does not count (`engagement_exclusions`). ADR "creator money ledger" tells the model.
 *
 * Self-billed invoices (`self_billed_invoices`) are written by the close that issues them, with the
 * tax settings and the company's details as they were then, so an invoice never changes.
 *
 * Sign: debits are positive, credits negative. Assets and expenses (bank, provider fees) grow with
 * debits; liabilities and income (VAT payable, member payments awaiting their month, creator
 * payable, withholding payable, platform revenue) grow with credits, so their balances are
 * negative sums and the readers flip them.
 */
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { sqlList, timestamptz } from "./columns";
import { profiles } from "./profiles";
import { payments } from "./studio";

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
  // Input VAT a VAT-registered Spanish creator's self-billed invoice charges us, paid with their
  // payout and deducted from the VAT we owe the tax agency (an asset: debit balance). Ref "ES".
  "vat_recoverable",
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

/** What a member payment was booked as: a Supporter payment (earned by its creator) or a Premium one (feeds the pool). */
export const LEDGER_PAYMENT_KINDS = ["supporter", "premium"] as const;

/**
 * A succeeded member payment as the ledger booked it (kind "payment", key `payment:<payments.id>`),
 * written once with that transaction and never changed: the close and refunds read these figures,
 * not the payments row (which the provider's later reports may update).
 */
export const ledgerPayments = pgTable(
  "ledger_payments",
  {
    paymentId: uuid("payment_id")
      .primaryKey()
      .references(() => payments.id),
    kind: text("kind", { enum: LEDGER_PAYMENT_KINDS }).notNull(),
    /** The member_payments account's ref: the supported creator's id, or "premium". */
    ref: text("ref").notNull(),
    /** The supported creator (no foreign key: the record outlives the profile). */
    creatorId: text("creator_id"),
    userId: text("user_id"),
    /** The member's country (ISO alpha-2) whose VAT applies; null when no evidence was recorded. */
    country: text("country"),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    /** The VAT rate applied, in percent ("21", "25.5"); 0 outside the EU. */
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    /** 1 (a monthly payment) or 12 (a yearly one, earned in twelve monthly portions). */
    portions: smallint("portions").notNull(),
    /** The month (Europe/Madrid, first day) of the paid period's start: portion 0's month. */
    firstMonth: date("first_month", { mode: "string" }).notNull(),
    /** The month of the last portion. */
    lastMonth: date("last_month", { mode: "string" }).notNull(),
    /**
     * The month its ledger transaction counts in (the first month not yet closed when booked). A
     * payment booked after the close of some of its portions' months has those portions earned by
     * the next close.
     */
    bookedMonth: date("booked_month", { mode: "string" }).notNull(),
    paidAt: timestamptz("paid_at").notNull(),
    periodStart: timestamptz("period_start").notNull(),
    periodEnd: timestamptz("period_end"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("ledger_payments_kind_check", sql.raw(`kind in ${sqlList(LEDGER_PAYMENT_KINDS)}`)),
    check("ledger_payments_portions_check", sql`portions in (1, 12)`),
    check("ledger_payments_amounts_check", sql`gross_cents > 0 and vat_cents >= 0 and fee_cents >= 0 and vat_cents <= gross_cents`),
    index("ledger_payments_last_month_idx").on(t.lastMonth),
    index("ledger_payments_booked_month_idx").on(t.bookedMonth),
    index("ledger_payments_creator_idx").on(t.creatorId, t.paidAt),
  ],
);

/**
 * One monthly portion of a payment, earned by a close: what it was (after VAT, fee, net) and what
 * the creator got (a Supporter payment's share; Premium portions feed the month's pool instead).
 * The primary key makes a portion earned once; the close reads it to skip what is earned already.
 */
export const earnedPortions = pgTable(
  "earned_portions",
  {
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => ledgerPayments.paymentId),
    /** 0..11 (0 for a monthly payment). */
    portion: smallint("portion").notNull(),
    /** The month the portion belongs to (its paid month). */
    month: date("month", { mode: "string" }).notNull(),
    /** The close that earned it (later than `month` only for a payment booked after its month was closed). */
    closeMonth: date("close_month", { mode: "string" }).notNull(),
    kind: text("kind", { enum: LEDGER_PAYMENT_KINDS }).notNull(),
    creatorId: text("creator_id"),
    /** The portion of gross minus VAT, less what refunds cancelled before it was earned. */
    afterVatCents: bigint("after_vat_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    /** The creator's share (Supporter portions); 0 for Premium ones. */
    shareCents: bigint("share_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "earned_portions_pk", columns: [t.paymentId, t.portion] }),
    index("earned_portions_close_idx").on(t.closeMonth, t.creatorId),
    index("earned_portions_creator_idx").on(t.creatorId, t.closeMonth),
  ],
);

export const REFUND_KINDS = ["refund", "chargeback"] as const;

/**
 * A refund or a lost chargeback of a booked payment and how it was reversed (ledger kind "refund" or
 * "chargeback", key `refund:<id>` / `chargeback:<id>`): from member payments for portions not yet
 * earned (`from_open_cents`, which the close then no longer earns), from the creator's payable and
 * platform revenue for portions already earned.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => ledgerPayments.paymentId),
    kind: text("kind", { enum: REFUND_KINDS }).notNull(),
    /** The provider's id (Stripe's re_… or du_…), or the local provider's generated lre_… id. */
    providerRefundId: text("provider_refund_id").notNull().unique(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    fromOpenCents: bigint("from_open_cents", { mode: "number" }).notNull(),
    fromClosedCents: bigint("from_closed_cents", { mode: "number" }).notNull(),
    /** Deducted from the creator's payable (a Supporter payment's earned share). */
    creatorCents: bigint("creator_cents", { mode: "number" }).notNull(),
    /** Net Premium revenue taken off the pool of `month` (a Premium payment's earned portions). */
    poolDeductionCents: bigint("pool_deduction_cents", { mode: "number" }).notNull().default(0),
    /** The provider's chargeback fee: the platform's expense, never the creator's. */
    feeCents: bigint("fee_cents", { mode: "number" }).notNull().default(0),
    /** The month it counts in (the month it happened, or the first month not yet closed). */
    month: date("month", { mode: "string" }).notNull(),
    occurredAt: timestamptz("occurred_at").notNull(),
    /** The admin who refunded (local provider); null for a provider's webhook. */
    createdBy: text("created_by"),
    reason: text("reason"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("payment_refunds_kind_check", sql.raw(`kind in ${sqlList(REFUND_KINDS)}`)),
    check("payment_refunds_amount_check", sql`amount_cents > 0 and fee_cents >= 0`),
    index("payment_refunds_payment_idx").on(t.paymentId),
    index("payment_refunds_month_idx").on(t.month),
  ],
);

/**
 * A closed month: one row, written by the close in its own transaction with everything it posted, so
 * a second run finds it and changes nothing. Months close in order.
 */
export const moneyCloses = pgTable(
  "money_closes",
  {
    month: date("month", { mode: "string" }).primaryKey(),
    /** Supporter portions earned, after VAT, and the creators' shares of them. */
    supporterAfterVatCents: bigint("supporter_after_vat_cents", { mode: "number" }).notNull(),
    supporterSharesCents: bigint("supporter_shares_cents", { mode: "number" }).notNull(),
    /** Premium portions earned, after VAT; their net (after fees, less refunds of earned Premium portions); the pool. */
    premiumAfterVatCents: bigint("premium_after_vat_cents", { mode: "number" }).notNull(),
    netPremiumCents: bigint("net_premium_cents", { mode: "number" }).notNull(),
    poolCents: bigint("pool_cents", { mode: "number" }).notNull(),
    totalPoints: bigint("total_points", { mode: "number" }).notNull(),
    creatorsPaid: integer("creators_paid").notNull(),
    portions: integer("portions").notNull(),
    closedAt: timestamptz("closed_at").notNull(),
    closedBy: text("closed_by"),
  },
  () => [check("money_closes_month_check", sql`extract(day from month) = 1`)],
);

/** Members whose engagement earns no pool points (automation, fraud): no close run after the flag counts any of it. */
export const engagementExclusions = pgTable("engagement_exclusions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  createdBy: text("created_by"),
});

export const INVOICE_VAT_KINDS = ["spanish-vat", "reverse-charge", "none"] as const;

/**
 * A self-billed invoice (modules/money/invoices.server.ts; ADR "statements and self-billed
 * invoices"): one per creator and closed month at most, issued by the close of that month (or, for
 * a month closed before invoices were kept, by the first payout run that pays it), with every
 * figure and the parties' details as they were at issue. The PDF is drawn from this row alone: a
 * later change of tax settings (or of the company's address) does not rewrite it. Written once,
 * never updated except `payout_id`, set by the payout run that pays it (and with it its VAT).
 */
export const selfBilledInvoices = pgTable(
  "self_billed_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The supplier (no foreign key: tax records outlive the profile). */
    creatorId: text("creator_id").notNull(),
    /** The month invoiced, first day. */
    month: date("month", { mode: "string" }).notNull(),
    /** "SB-8E97B992-2026-11" (selfBilledInvoiceNumber). */
    number: text("number").notNull().unique(),
    /** The day of issue: the close of the month. */
    issuedAt: timestamptz("issued_at").notNull(),
    supporterCents: bigint("supporter_cents", { mode: "number" }).notNull(),
    poolCents: bigint("pool_cents", { mode: "number" }).notNull(),
    adjustmentsCents: bigint("adjustments_cents", { mode: "number" }).notNull(),
    baseCents: bigint("base_cents", { mode: "number" }).notNull(),
    vatKind: text("vat_kind", { enum: INVOICE_VAT_KINDS }).notNull(),
    vatPercent: integer("vat_percent").notNull(),
    vatText: text("vat_text").notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    withholdingKind: text("withholding_kind").notNull(),
    withholdingPercent: integer("withholding_percent").notNull(),
    withholdingReason: text("withholding_reason").notNull(),
    withheldCents: bigint("withheld_cents", { mode: "number" }).notNull(),
    payableCents: bigint("payable_cents", { mode: "number" }).notNull(),
    /** The supplier's tax settings at issue: legal name, tax id, VAT number, residence, address. */
    supplier: jsonb("supplier").$type<Record<string, unknown>>().notNull(),
    /** The recipient (the company) at issue: legal name, NIF, VAT number, address. */
    recipient: jsonb("recipient").$type<Record<string, unknown>>().notNull(),
    selfBillingAgreedAt: timestamptz("self_billing_agreed_at").notNull(),
    /** The payout that paid it (its VAT included); null until then. */
    payoutId: uuid("payout_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("self_billed_invoices_creator_month_unique").on(t.creatorId, t.month),
    index("self_billed_invoices_unpaid_idx")
      .on(t.creatorId)
      .where(sql`payout_id is null`),
    check("self_billed_invoices_month_check", sql`extract(day from month) = 1`),
    check("self_billed_invoices_vat_kind_check", sql.raw(`vat_kind in ${sqlList(INVOICE_VAT_KINDS)}`)),
    check(
      "self_billed_invoices_amounts_check",
      sql`base_cents > 0 and vat_cents >= 0 and withheld_cents >= 0 and total_cents = base_cents + vat_cents and payable_cents = total_cents - withheld_cents and base_cents = supporter_cents + pool_cents + adjustments_cents and (vat_kind = 'spanish-vat' or vat_cents = 0)`,
    ),
  ],
);
