/**
 * Creator Studio money: payments received (per invoice), payouts to creators,
 * payout bank details, tax settings and monthly revenue statements.
 *
 * Amounts are integer cents with an ISO 4217 currency (EUR by default).
 * Financial records outlive accounts (bookkeeping retention): their user and
 * creator references become NULL on deletion. Personal data (bank details,
 * tax settings) is deleted with the creator.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { sqlList, timestamps, timestamptz } from "./columns";
import { creatorSupporters, PAYMENT_PROVIDERS, platformSubscriptions } from "./memberships";
import { profiles } from "./profiles";

const currency = () => text("currency").notNull().default("EUR");
const currencyCheck = (name: string) => check(name, sql`currency ~ '^[A-Z]{3}$'`);

export const PAYMENT_KINDS = ["platform", "supporter"] as const;
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The creator credited (supporter payments, or attribution of a platform payment). */
    creatorId: text("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    platformSubscriptionId: uuid("platform_subscription_id").references(() => platformSubscriptions.id, {
      onDelete: "set null",
    }),
    creatorSupporterId: uuid("creator_supporter_id").references(() => creatorSupporters.id, {
      onDelete: "set null",
    }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Invoice / payment intent id at the provider; unique so webhook replays are idempotent. */
    providerPaymentId: text("provider_payment_id").unique(),
    /** Gross amount paid, VAT included. */
    amountCents: integer("amount_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    /** Refunded so far (a partial refund keeps status "succeeded"; a whole one makes it "refunded"). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: currency(),
    /** The member's country (ISO alpha-2) as the checkout recorded it: the card's or billing country with Stripe, the form's with the local provider. Its VAT applies. */
    country: text("country"),
    /** Stripe's charge the invoice was paid by (its fee, card country, refunds and disputes). */
    providerChargeId: text("provider_charge_id"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    paidAt: timestamptz("paid_at"),
    /** The service period the payment pays for (the trial, or one month or year). */
    periodStart: timestamptz("period_start"),
    periodEnd: timestamptz("period_end"),
    /** The provider's own receipt page (Stripe's hosted invoice); null when the receipt is ours. */
    receiptUrl: text("receipt_url"),
    ...timestamps(),
  },
  (t) => [
    index("payments_user_id_idx").on(t.userId),
    index("payments_creator_paid_idx").on(t.creatorId, t.paidAt),
    index("payments_platform_subscription_id_idx").on(t.platformSubscriptionId),
    index("payments_creator_supporter_id_idx").on(t.creatorSupporterId),
    index("payments_provider_charge_idx").on(t.providerChargeId),
    index("payments_user_period_idx").on(t.userId, t.periodStart),
    check("payments_kind_check", sql.raw(`kind in ${sqlList(PAYMENT_KINDS)}`)),
    check("payments_provider_check", sql.raw(`provider in ${sqlList(PAYMENT_PROVIDERS)}`)),
    check("payments_status_check", sql.raw(`status in ${sqlList(PAYMENT_STATUSES)}`)),
    check("payments_amounts_check", sql`amount_cents >= 0 and tax_cents >= 0 and fee_cents >= 0 and refunded_cents between 0 and amount_cents`),
    check("payments_country_check", sql`country is null or country ~ '^[A-Z]{2}$'`),
    currencyCheck("payments_currency_check"),
  ],
);

export const PAYOUT_STATUSES = ["pending", "processing", "paid", "failed", "canceled"] as const;

/**
 * One monthly payout run (modules/money/payout-run.server.ts): the month paid (unique: a month is
 * run once, a second run answers with the first), its totals and the SEPA credit-transfer file
 * written for the bank (a key in the private `documents` bucket). Written in the same transaction
 * as its payouts and their ledger postings.
 */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The month whose balances are paid, first day ("2026-11-01"). */
    month: date("month", { mode: "string" }).notNull().unique(),
    /** The day the bank is asked to execute the transfers. */
    executionDate: date("execution_date", { mode: "string" }).notNull(),
    /** The admin who ran it; null from the command line. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    transfers: integer("transfers").notNull(),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    withheldCents: bigint("withheld_cents", { mode: "number" }).notNull(),
    /** Spanish VAT of self-billed invoices paid with the balances (on top of gross). */
    vatCents: bigint("vat_cents", { mode: "number" }).notNull().default(0),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    /** The SEPA file's message id (GrpHdr/MsgId) and its key in the private `documents` bucket. */
    messageId: text("message_id").notNull().unique(),
    fileKey: text("file_key").notNull(),
    /** Creators not paid and why: held (with the holds' reasons) or below the minimum (carried over). */
    skipped: jsonb("skipped")
      .$type<{ creatorId: string; owed: number; reason: "held" | "below-minimum"; why: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  () => [
    check("payout_runs_month_check", sql`extract(day from month) = 1`),
    check(
      "payout_runs_amounts_check",
      sql`transfers > 0 and net_cents > 0 and withheld_cents >= 0 and vat_cents >= 0 and gross_cents + vat_cents = net_cents + withheld_cents`,
    ),
  ],
);

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: currency(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    provider: text("provider"),
    providerPayoutId: text("provider_payout_id").unique(),
    paidAt: timestamptz("paid_at"),
    failureReason: text("failure_reason"),
    /** The run that paid it (null for payouts made otherwise). `amount_cents` is the balance paid, before withholding. */
    runId: uuid("run_id").references(() => payoutRuns.id),
    /** Spanish tax withheld (IRPF or IRNR) and what reached the bank account: amount + vat = withholding + net. */
    withholdingCents: integer("withholding_cents").notNull().default(0),
    /**
     * Spanish VAT (IVA) of the creator's self-billed invoices this payout paid, on top of the
     * balance (`amount_cents`); 0 for anyone not charging it (reverse charge, not registered).
     */
    vatCents: integer("vat_cents").notNull().default(0),
    /** The VAT treatment ("spanish-vat", "reverse-charge", "none") and rate at the payout. */
    vatKind: text("vat_kind"),
    vatPercent: integer("vat_percent"),
    /** The tax settings the payout was computed from (residence, entity, VAT number, legal name), as they were then. */
    taxSnapshot: jsonb("tax_snapshot").$type<Record<string, unknown>>(),
    netCents: integer("net_cents"),
    /** The withholding rule applied ("irpf", "irnr", "none") and its rate. */
    withholdingKind: text("withholding_kind"),
    withholdingPercent: integer("withholding_percent"),
    /** The SEPA transfer's EndToEndId (on the creator's bank statement) and the account's last 4. */
    endToEndId: text("end_to_end_id").unique(),
    ibanLast4: text("iban_last4"),
    ...timestamps(),
  },
  (t) => [
    index("payouts_creator_period_idx").on(t.creatorId, t.periodStart.desc()),
    // One payout per creator per run: a run repeated in any way cannot pay anyone twice.
    unique("payouts_run_creator_unique").on(t.runId, t.creatorId),
    check("payouts_net_check", sql`net_cents is null or (net_cents >= 0 and vat_cents >= 0 and amount_cents + vat_cents = net_cents + withholding_cents)`),
    check("payouts_status_check", sql.raw(`status in ${sqlList(PAYOUT_STATUSES)}`)),
    check("payouts_amount_check", sql`amount_cents >= 0`),
    check("payouts_period_check", sql`period_end >= period_start`),
    currencyCheck("payouts_currency_check"),
  ],
);

/**
 * Where a creator is paid: the SEPA account in force. The full IBAN is never stored in clear
 * (modules/money/payout-details.server.ts seals it with AES-256-GCM); pages show its last 4
 * characters and country only. A change is written here only once the creator confirms it by
 * the link emailed to them (payout_detail_changes).
 */
export const payoutDetails = pgTable(
  "payout_details",
  {
    creatorId: text("creator_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    method: text("method").notNull().default("bank_transfer"),
    holderName: text("holder_name").notNull(),
    ibanLast4: text("iban_last4"),
    /** ISO alpha-2 of the IBAN. */
    ibanCountry: text("iban_country"),
    /** The IBAN encrypted by the application (never plaintext); null when paid through the provider. */
    ibanCiphertext: text("iban_ciphertext"),
    /** The bank's BIC, when the creator gave it (a SEPA transfer needs only the IBAN). */
    bic: text("bic"),
    /** e.g. a Stripe connected account id. */
    providerAccountId: text("provider_account_id"),
    ...timestamps(),
  },
  () => [
    check("payout_details_iban_last4_check", sql`iban_last4 is null or char_length(iban_last4) = 4`),
    check("payout_details_bic_check", sql`bic is null or bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'`),
  ],
);

export const PAYOUT_DETAIL_CHANGE_KINDS = ["first", "change"] as const;

/**
 * Every entry and change of a creator's bank details: when, from which IP, the account's last 4
 * before and after, and when it was confirmed. A first entry is applied (and confirmed) at once; a
 * change waits for the emailed link: only the link token's SHA-256 is kept, and the sealed new
 * IBAN only until the change is confirmed, superseded or expired. A confirmed change holds the
 * next payout for PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE (modules/money/payout-readiness.server.ts).
 */
export const payoutDetailChanges = pgTable(
  "payout_detail_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYOUT_DETAIL_CHANGE_KINDS }).notNull(),
    /** The client IP the request came from. */
    requestIp: text("request_ip"),
    oldLast4: text("old_last4"),
    newLast4: text("new_last4").notNull(),
    newCountry: text("new_country").notNull(),
    newHolderName: text("new_holder_name").notNull(),
    newBic: text("new_bic"),
    /** The new IBAN, sealed, while the change waits for its link; null once confirmed, superseded or expired. */
    newIbanCiphertext: text("new_iban_ciphertext"),
    /** SHA-256 (hex) of the emailed link's token; null for a first entry applied at once. */
    tokenHash: text("token_hash").unique(),
    expiresAt: timestamptz("expires_at"),
    confirmedAt: timestamptz("confirmed_at"),
    /** A newer request replaced this one before it was confirmed. */
    supersededAt: timestamptz("superseded_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("payout_detail_changes_creator_idx").on(t.creatorId, t.createdAt.desc()),
    check("payout_detail_changes_kind_check", sql.raw(`kind in ${sqlList(PAYOUT_DETAIL_CHANGE_KINDS)}`)),
    check("payout_detail_changes_last4_check", sql`char_length(new_last4) = 4 and (old_last4 is null or char_length(old_last4) = 4)`),
    check("payout_detail_changes_pending_check", sql`confirmed_at is not null or (token_hash is not null and expires_at is not null)`),
  ],
);

export const TAX_ENTITY_TYPES = ["individual", "company"] as const;
/** Which kind of tax id `tax_id` is: Spanish DNI (NIF of a Spanish national), NIE, the NIF of an entity (formerly CIF), a VAT number, or another country's TIN. */
export const TAX_ID_KINDS = ["nif", "nie", "cif", "vat", "other"] as const;
export const VIES_STATUSES = ["valid", "invalid", "unavailable"] as const;

/**
 * What a creator's payouts need on the tax side (Creator Compensation, sections 7–8) and DAC7
 * reporting asks for: who they are for tax (individual or company, legal name, tax id, country of
 * tax residence, address, date of birth), VAT registration, the IRPF rate of Spanish-resident
 * individuals, the self-billing agreement and, for non-residents, a certificate of tax residence
 * (a file in the private `documents` bucket). Written whole by the tax settings form, which
 * refuses anything incomplete or invalid.
 */
export const taxSettings = pgTable(
  "tax_settings",
  {
    creatorId: text("creator_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    entityType: text("entity_type", { enum: TAX_ENTITY_TYPES }).notNull().default("individual"),
    legalName: text("legal_name"),
    /** ISO alpha-2 country of tax residence. */
    taxResidenceCountry: text("tax_residence_country").notNull(),
    taxId: text("tax_id"),
    taxIdKind: text("tax_id_kind", { enum: TAX_ID_KINDS }),
    vatRegistered: boolean("vat_registered").notNull().default(false),
    vatNumber: text("vat_number"),
    /** The EU's VIES register's answer about `vat_number`, when it was asked (null: not asked). */
    vatViesStatus: text("vat_vies_status", { enum: VIES_STATUSES }),
    vatViesCheckedAt: timestamptz("vat_vies_checked_at"),
    /** IRPF withheld from a Spanish-resident individual's payouts (15 or 7); null where IRPF does not apply. */
    irpfPercent: integer("irpf_percent"),
    /** The 7% rate: the year the professional activity started (that year and the two following qualify). */
    irpfActivityStartYear: integer("irpf_activity_start_year"),
    /** Street and number (the address's first line). */
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    /** Province, state or region, where the country uses one. */
    region: text("region"),
    /** ISO alpha-2 country of the address. */
    addressCountry: text("address_country"),
    /** Individuals only (DAC7). */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    /** When the creator agreed to self-billing (terms, section 8); null: they issue their own invoices. */
    selfBillingAgreedAt: timestamptz("self_billing_agreed_at"),
    /** Key of the certificate of tax residence in the private `documents` bucket (non-residents of Spain). */
    residenceCertificateKey: text("residence_certificate_key"),
    residenceCertificateUploadedAt: timestamptz("residence_certificate_uploaded_at"),
    ...timestamps(),
  },
  () => [
    check("tax_settings_entity_type_check", sql.raw(`entity_type in ${sqlList(TAX_ENTITY_TYPES)}`)),
    check("tax_settings_country_check", sql`char_length(tax_residence_country) = 2`),
    check("tax_settings_tax_id_kind_check", sql.raw(`tax_id_kind is null or tax_id_kind in ${sqlList(TAX_ID_KINDS)}`)),
    check("tax_settings_vies_status_check", sql.raw(`vat_vies_status is null or vat_vies_status in ${sqlList(VIES_STATUSES)}`)),
    check("tax_settings_irpf_check", sql`irpf_percent is null or irpf_percent between 0 and 100`),
    check("tax_settings_address_country_check", sql`address_country is null or char_length(address_country) = 2`),
  ],
);

export const STATEMENT_STATUSES = ["draft", "issued"] as const;

export const revenueStatements = pgTable(
  "revenue_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    currency: currency(),
    grossCents: integer("gross_cents").notNull().default(0),
    feesCents: integer("fees_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    netCents: integer("net_cents").notNull().default(0),
    /**
     * Written by the month close (modules/money): the creator's figures for the month, from the
     * ledger. gross/tax/fees/net above are their Supporter portions'; the statement itself is
     * `statementOf` (modules/money), which these repeat for lists and documents.
     */
    supporterShareCents: bigint("supporter_share_cents", { mode: "number" }).notNull().default(0),
    poolShareCents: bigint("pool_share_cents", { mode: "number" }).notNull().default(0),
    points: bigint("points", { mode: "number" }).notNull().default(0),
    /** Refunds and chargebacks of the month (negative: deducted). */
    adjustmentsCents: bigint("adjustments_cents", { mode: "number" }).notNull().default(0),
    openingBalanceCents: bigint("opening_balance_cents", { mode: "number" }).notNull().default(0),
    closingBalanceCents: bigint("closing_balance_cents", { mode: "number" }).notNull().default(0),
    /** Path of the generated PDF in the private `documents` bucket. */
    objectPath: text("object_path"),
    status: text("status", { enum: STATEMENT_STATUSES }).notNull().default("draft"),
    issuedAt: timestamptz("issued_at"),
    ...timestamps(),
  },
  (t) => [
    unique("revenue_statements_creator_period_unique").on(t.creatorId, t.periodStart, t.periodEnd),
    check("revenue_statements_status_check", sql.raw(`status in ${sqlList(STATEMENT_STATUSES)}`)),
    check("revenue_statements_period_check", sql`period_end >= period_start`),
    currencyCheck("revenue_statements_currency_check"),
  ],
);
