/**
 * Self-billed invoices as issued (db/schema/ledger.ts, `self_billed_invoices`; ADR "statements and
 * self-billed invoices"): written once, at the moment of issue, with the figures and both parties'
 * details as they were then, so a later change of tax settings never rewrites an invoice.
 *
 * - Issued by the close of the month (`issueSelfBilledInvoices`, inside the close's transaction),
 *   for every creator with a statement of the month who had agreed to self-billing by then and
 *   whose month earned more than zero (self-billing.ts computes the figures).
 * - A month closed before invoices were kept has none: the first payout run that pays the creator
 *   issues it (`issueMissingInvoices`), dated the close, from the tax settings in force at the run.
 * - The payout run pays an invoice's VAT with the creator's balance and marks the invoice paid
 *   (`claimUnpaidInvoices` then `markInvoicesPaid`, in the run's transaction).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { taxSettings } from "#db/schema";
import { selfBilledInvoices } from "#db/schema/ledger";
import type { Database, Transaction } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { cents, type Cents } from "./cents";
import { monthStart } from "./ledger.server";
import { invoiceAmounts, invoiceVat, selfBilledInvoiceNumber, type InvoiceAmounts, type InvoiceVat } from "./self-billing";
import { taxSettingsView, withholdingProfile, type TaxSettingsView } from "./tax-settings.server";
import { withholdingFor, type WithholdingRule } from "./withholding";

/** The supplier (the creator) as the invoice names them, from their tax settings at issue. */
export interface InvoiceSupplierSnapshot {
  legalName: string;
  entityType: TaxSettingsView["entityType"];
  taxResidenceCountry: string;
  taxId: string;
  taxIdKind: TaxSettingsView["taxIdKind"];
  vatNumber: string | null;
  address: string;
  postalCode: string | null;
  city: string;
  region: string | null;
  addressCountry: string;
}

/** The recipient (the company) as the invoice names it at issue. */
export interface InvoiceRecipientSnapshot {
  legalName: string;
  taxId: string;
  /** The company's EU VAT number: "ES" and its NIF. */
  vatNumber: string;
  address: string;
  productName: string;
}

export interface IssuedInvoice {
  id: string;
  creatorId: string;
  month: string;
  number: string;
  issuedAt: Date;
  parts: { supporters: Cents; pool: Cents; adjustments: Cents; base: Cents };
  amounts: InvoiceAmounts;
  supplier: InvoiceSupplierSnapshot;
  recipient: InvoiceRecipientSnapshot;
  selfBillingAgreedAt: Date;
  payoutId: string | null;
}

type Row = typeof selfBilledInvoices.$inferSelect;

export function companyRecipient(): InvoiceRecipientSnapshot {
  const e = env();
  return {
    legalName: e.COMPANY_LEGAL_NAME,
    taxId: e.COMPANY_TAX_ID,
    vatNumber: `ES${e.COMPANY_TAX_ID}`,
    address: e.COMPANY_ADDRESS,
    productName: e.PRODUCT_NAME,
  };
}

function supplierOf(s: TaxSettingsView): InvoiceSupplierSnapshot {
  return {
    legalName: s.legalName,
    entityType: s.entityType,
    taxResidenceCountry: s.taxResidenceCountry,
    taxId: s.taxId,
    taxIdKind: s.taxIdKind,
    vatNumber: s.vatNumber,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    region: s.region,
    addressCountry: s.addressCountry,
  };
}

function toIssued(row: Row): IssuedInvoice {
  const vat = { kind: row.vatKind, percent: row.vatPercent, text: row.vatText } as InvoiceVat;
  const withholding = { kind: row.withholdingKind, percent: row.withholdingPercent, reason: row.withholdingReason } as WithholdingRule;
  return {
    id: row.id,
    creatorId: row.creatorId,
    month: row.month.slice(0, 7),
    number: row.number,
    issuedAt: row.issuedAt,
    parts: { supporters: cents(row.supporterCents), pool: cents(row.poolCents), adjustments: cents(row.adjustmentsCents), base: cents(row.baseCents) },
    amounts: {
      base: cents(row.baseCents),
      vat,
      vatAmount: cents(row.vatCents),
      total: cents(row.totalCents),
      withholding,
      withheld: cents(row.withheldCents),
      payable: cents(row.payableCents),
    },
    supplier: row.supplier as unknown as InvoiceSupplierSnapshot,
    recipient: row.recipient as unknown as InvoiceRecipientSnapshot,
    selfBillingAgreedAt: row.selfBillingAgreedAt,
    payoutId: row.payoutId,
  };
}

type Candidate = { creator_id: string; supporters: number; pool: number; adjustments: number };

/**
 * Issue the self-billed invoices of a closed `month`, dated `issuedAt` (the close), from the tax
 * settings in force now: one per creator with a statement of the month, self-billing agreed by
 * `issuedAt` and earnings above zero, that has none yet. Answers how many were issued.
 */
export async function issueSelfBilledInvoices(tx: Transaction, month: string, issuedAt: Date, options: { creatorIds?: string[] } = {}): Promise<number> {
  const m = sql`${monthStart(month)}::date`;
  const only = options.creatorIds
    ? sql`and rs.creator_id in (${sql.join(
        options.creatorIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (options.creatorIds?.length === 0) return 0;
  const { rows } = await tx.execute<Candidate>(sql`
    select rs.creator_id,
           coalesce(sum(-p.amount_cents) filter (where t.kind = 'earning' and t.details ->> 'part' = 'supporter'), 0)::float8 as supporters,
           coalesce(sum(-p.amount_cents) filter (where t.kind = 'earning' and t.details ->> 'part' = 'pool'), 0)::float8 as pool,
           coalesce(sum(-p.amount_cents) filter (where t.kind in ('refund', 'chargeback', 'adjustment')), 0)::float8 as adjustments
    from revenue_statements rs
    join tax_settings ts on ts.creator_id = rs.creator_id
    join ledger_postings p on p.account = 'creator_payable' and p.account_ref = rs.creator_id
    join ledger_transactions t on t.id = p.transaction_id and t.month = ${m} and t.kind in ('earning', 'refund', 'chargeback', 'adjustment')
    where rs.period_start = ${m} and ts.self_billing_agreed_at <= ${issuedAt.toISOString()}::timestamptz ${only}
      and not exists (select 1 from self_billed_invoices i where i.creator_id = rs.creator_id and i.month = ${m})
    group by rs.creator_id
    having sum(-p.amount_cents) > 0
    order by rs.creator_id`);
  if (rows.length === 0) return 0;
  const settings = await tx
    .select()
    .from(taxSettings)
    .where(
      inArray(
        taxSettings.creatorId,
        rows.map((r) => r.creator_id),
      ),
    );
  const byCreator = new Map(settings.map((row) => [row.creatorId, taxSettingsView(row)]));
  const recipient = companyRecipient();
  const values = rows.flatMap((r) => {
    const s = byCreator.get(r.creator_id);
    if (!s?.selfBillingAgreedAt) return [];
    const parts = { supporters: cents(r.supporters), pool: cents(r.pool), adjustments: cents(r.adjustments) };
    const base = cents(parts.supporters + parts.pool + parts.adjustments);
    const a = invoiceAmounts(base, invoiceVat(s), withholdingFor(withholdingProfile(s), issuedAt));
    return [
      {
        creatorId: r.creator_id,
        month: monthStart(month),
        number: selfBilledInvoiceNumber(r.creator_id, month),
        issuedAt,
        supporterCents: parts.supporters,
        poolCents: parts.pool,
        adjustmentsCents: parts.adjustments,
        baseCents: base,
        vatKind: a.vat.kind,
        vatPercent: a.vat.percent,
        vatText: a.vat.text,
        vatCents: a.vatAmount,
        totalCents: a.total,
        withholdingKind: a.withholding.kind,
        withholdingPercent: a.withholding.percent,
        withholdingReason: a.withholding.reason,
        withheldCents: a.withheld,
        payableCents: a.payable,
        supplier: supplierOf(s) as unknown as Record<string, unknown>,
        recipient: recipient as unknown as Record<string, unknown>,
        selfBillingAgreedAt: new Date(s.selfBillingAgreedAt),
      },
    ];
  });
  if (values.length === 0) return 0;
  const inserted = await tx
    .insert(selfBilledInvoices)
    .values(values)
    .onConflictDoNothing({ target: [selfBilledInvoices.creatorId, selfBilledInvoices.month] })
    .returning({ id: selfBilledInvoices.id });
  return inserted.length;
}

/**
 * A creator's invoices for months closed before invoices were kept (no row, though the month would
 * have one): issued now, dated their close, from the tax settings in force. Answers how many.
 */
export async function issueMissingInvoices(tx: Transaction, creatorId: string): Promise<number> {
  const { rows } = await tx.execute<{ month: string; closed_at: Date }>(sql`
    select to_char(mc.month, 'YYYY-MM') as month, mc.closed_at
    from money_closes mc
    join revenue_statements rs on rs.period_start = mc.month and rs.creator_id = ${creatorId}
    join tax_settings ts on ts.creator_id = ${creatorId} and ts.self_billing_agreed_at <= mc.closed_at
    where not exists (select 1 from self_billed_invoices i where i.creator_id = ${creatorId} and i.month = mc.month)
    order by mc.month`);
  let issued = 0;
  for (const r of rows) issued += await issueSelfBilledInvoices(tx, r.month, new Date(r.closed_at), { creatorIds: [creatorId] });
  return issued;
}

/** The invoice of a creator's month, as issued; null when none was. */
export async function issuedInvoiceOf(db: Database | Transaction, creatorId: string, month: string): Promise<IssuedInvoice | null> {
  const [row] = await db
    .select()
    .from(selfBilledInvoices)
    .where(and(eq(selfBilledInvoices.creatorId, creatorId), eq(selfBilledInvoices.month, monthStart(month))))
    .limit(1);
  return row ? toIssued(row) : null;
}

/** A creator's invoices, newest month first. */
export async function issuedInvoices(db: Database | Transaction, creatorId: string): Promise<IssuedInvoice[]> {
  const rows = await db
    .select()
    .from(selfBilledInvoices)
    .where(eq(selfBilledInvoices.creatorId, creatorId))
    .orderBy(sql`${selfBilledInvoices.month} desc`);
  return rows.map(toIssued);
}

/**
 * The creator's invoices no payout has paid yet, locked for the caller's transaction (a payout run
 * of another month at the same moment waits, then finds them paid). Oldest first.
 */
export async function claimUnpaidInvoices(tx: Transaction, creatorId: string): Promise<IssuedInvoice[]> {
  const rows = await tx
    .select()
    .from(selfBilledInvoices)
    .where(and(eq(selfBilledInvoices.creatorId, creatorId), isNull(selfBilledInvoices.payoutId)))
    .orderBy(selfBilledInvoices.month)
    .for("update");
  return rows.map(toIssued);
}

/** Mark invoices paid by a payout (their VAT paid with it). */
export async function markInvoicesPaid(tx: Transaction, invoiceIds: string[], payoutId: string): Promise<void> {
  if (invoiceIds.length === 0) return;
  const updated = await tx
    .update(selfBilledInvoices)
    .set({ payoutId })
    .where(and(inArray(selfBilledInvoices.id, invoiceIds), isNull(selfBilledInvoices.payoutId)))
    .returning({ id: selfBilledInvoices.id });
  if (updated.length !== invoiceIds.length) throw new Error(`Payout ${payoutId}: an invoice it pays was paid by another payout`);
}

/** The VAT of the creator's invoices not paid yet (what their next payout adds to the balance). */
export async function unpaidInvoiceVat(db: Database | Transaction, creatorId: string): Promise<Cents> {
  const [row] = await db
    .select({ vat: sql<string>`coalesce(sum(${selfBilledInvoices.vatCents}), 0)::text` })
    .from(selfBilledInvoices)
    .where(and(eq(selfBilledInvoices.creatorId, creatorId), isNull(selfBilledInvoices.payoutId)));
  return cents(Number(row.vat));
}

/**
 * The VAT of the creator's invoices of months up to `month` that were not yet paid at the end of
 * `month` (a payout made in a later month pays them): what the statement of `month` shows as owed
 * on top of the balance.
 */
export async function vatOwedAtEndOf(db: Database | Transaction, creatorId: string, month: string): Promise<Cents> {
  const { rows } = await db.execute<{ vat: number }>(sql`
    select coalesce(sum(i.vat_cents), 0)::float8 as vat
    from self_billed_invoices i left join payouts po on po.id = i.payout_id
    where i.creator_id = ${creatorId} and i.month <= ${monthStart(month)}::date
      and (i.payout_id is null or (po.paid_at at time zone 'Europe/Madrid') >= (${monthStart(month)}::date + interval '1 month'))`);
  return cents(rows[0].vat);
}
