/**
 * A creator's money documents (Studio, Revenue, Documents): per closed month, the statement PDF
 * and, where the creator agreed to self-billing, the self-billed invoice PDF. Everything is read by
 * the creator's id, so one creator never reaches another's month; the route decides who may ask
 * (the creator, or an admin for any creator).
 *
 * Publication (ADR "statements and self-billed invoices"): a month's documents are published when
 * the month is closed. The terms promise them "by the 10th day" of the following month (a
 * deadline, STATEMENT_DAY_OF_MONTH); the close is what makes them final (a later refund is an
 * adjustment of the next month), so nothing is gained by holding them back until the 10th. An open
 * month has no documents. A creator with nothing in a closed month (no earnings, no balance) has no
 * statement for it: the close writes none.
 *
 * Invoices: a month whose earnings are above zero, closed once the creator had agreed to
 * self-billing (an agreement covers the months published after it; before it the creator invoices
 * us themselves). The close issues them (invoices.server.ts) with the tax settings of that moment,
 * and the PDF is drawn from that record alone: a later change of settings rewrites nothing. A month
 * closed before invoices were kept has no record until the payout run that pays it issues one;
 * until then its invoice is drawn from the current settings, as it always was. Statements are
 * drawn on request from the ledger.
 */
import { eq, sql } from "drizzle-orm";
import { profiles } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { countryName } from "~/lib/country";
import { cents, type Cents } from "./cents";
import { invoicePdf } from "./invoice-pdf.server";
import { monthStart } from "./ledger.server";
import {
  companyRecipient,
  issuedInvoiceOf,
  issuedInvoices,
  vatOwedAtEndOf,
  type InvoiceRecipientSnapshot,
  type InvoiceSupplierSnapshot,
  type IssuedInvoice,
} from "./invoices.server";
import { invoiceAmounts, invoiceVat, selfBilledInvoiceNumber, type InvoiceAmounts } from "./self-billing";
import { statementOf, type Statement } from "./statements.server";
import { statementPdf, type DocumentCompany } from "./statement-pdf.server";
import { loadTaxSettings, withholdingProfile, type TaxSettingsView } from "./tax-settings.server";
import { withholdingFor } from "./withholding";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string | undefined): value is string => typeof value === "string" && MONTH.test(value);

const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" });
const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

/** "3 December 2026": a day as the documents write it (Europe/Madrid). */
export const documentDay = (instant: Date) => longDay.format(instant);

/** The company, as the documents name it (from config). */
export function documentCompany(): DocumentCompany {
  const e = env();
  return { productName: e.PRODUCT_NAME, legalName: e.COMPANY_LEGAL_NAME, taxId: e.COMPANY_TAX_ID, address: e.COMPANY_ADDRESS, infoEmail: e.INFO_EMAIL };
}

export interface MonthDocuments {
  month: string;
  /** When the month closed: the documents' publication. */
  publishedAt: Date;
  /** What the month earned (Supporter share + pool share + refunds, chargebacks and corrections). */
  earned: Cents;
  closingBalance: Cents;
  /** The self-billed invoice's number, or null when the month has none. */
  invoice: string | null;
  /** Its figures (base, VAT, withholding, payable) and whether a payout has paid it. */
  invoiceAmounts: { base: Cents; vat: Cents; vatKind: string; withheld: Cents; payable: Cents; paid: boolean } | null;
}

type Published = { month: string; closed_at: Date; earned: number; closing: number };

async function publishedMonths(db: Database, creatorId: string, month?: string): Promise<Published[]> {
  const { rows } = await db.execute<Published>(sql`
    select to_char(rs.period_start, 'YYYY-MM') as month, mc.closed_at, rs.closing_balance_cents::float8 as closing,
           coalesce((select (-sum(p.amount_cents))::float8
                     from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
                     where p.account = 'creator_payable' and p.account_ref = ${creatorId} and t.month = rs.period_start
                       and t.kind in ('earning', 'refund', 'chargeback', 'adjustment')), 0) as earned
    from revenue_statements rs join money_closes mc on mc.month = rs.period_start
    where rs.creator_id = ${creatorId} ${month ? sql`and rs.period_start = ${monthStart(month)}::date` : sql``}
    order by rs.period_start desc`);
  return rows;
}

/** Whether a month closed at `closedAt` with `earned` has a self-billed invoice under these settings. */
function invoiced(settings: TaxSettingsView | null, closedAt: Date, earned: number): boolean {
  if (!settings?.selfBillingAgreedAt || earned <= 0) return false;
  return new Date(settings.selfBillingAgreedAt) <= closedAt;
}

/** The creator's published months, newest first, with their documents. */
export async function revenueDocuments(db: Database, creatorId: string): Promise<{ months: MonthDocuments[]; selfBilling: boolean }> {
  const [rows, settings, issued] = await Promise.all([publishedMonths(db, creatorId), loadTaxSettings(db, creatorId), issuedInvoices(db, creatorId)]);
  const byMonth = new Map(issued.map((i) => [i.month, i]));
  return {
    selfBilling: Boolean(settings?.selfBillingAgreedAt),
    months: rows.map((r) => {
      const publishedAt = new Date(r.closed_at);
      const invoice = byMonth.get(r.month) ?? (invoiced(settings, publishedAt, r.earned) ? legacyInvoice(creatorId, r.month, settings!, publishedAt, r) : null);
      return {
        month: r.month,
        publishedAt,
        earned: cents(r.earned),
        closingBalance: cents(r.closing),
        invoice: invoice?.number ?? null,
        invoiceAmounts: invoice
          ? {
              base: invoice.amounts.base,
              vat: invoice.amounts.vatAmount,
              vatKind: invoice.amounts.vat.kind,
              withheld: invoice.amounts.withheld,
              payable: invoice.amounts.payable,
              paid: invoice.payoutId !== null,
            }
          : null,
      };
    }),
  };
}

export interface DocumentFile {
  bytes: Uint8Array<ArrayBuffer>;
  filename: string;
}

async function creatorOf(db: Database, creatorId: string) {
  const [row] = await db.select({ handle: profiles.handle, displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, creatorId)).limit(1);
  return row ? { handle: row.handle ?? creatorId, displayName: row.displayName } : null;
}

/**
 * An account by handle ("@ana" or "ana", any case), for the back office's documents page; null when
 * nobody has it. Not only current creators: one who has left keeps their statements (tax records).
 */
export async function creatorByHandle(db: Database, handle: string): Promise<{ id: string; handle: string; displayName: string | null } | null> {
  const wanted = handle.trim().replace(/^@/, "").toLowerCase();
  if (!wanted) return null;
  const [row] = await db
    .select({ id: profiles.id, handle: profiles.handle, displayName: profiles.displayName })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = ${wanted}`)
    .limit(1);
  return row?.handle ? { id: row.id, handle: row.handle, displayName: row.displayName } : null;
}

/** The statement PDF of a published month of the creator's, or null (not theirs, not published, nothing in it). */
export async function statementDocument(db: Database, creatorId: string, month: string): Promise<DocumentFile | null> {
  if (!isMonth(month)) return null;
  const [[published], creator, settings] = await Promise.all([publishedMonths(db, creatorId, month), creatorOf(db, creatorId), loadTaxSettings(db, creatorId)]);
  if (!published || !creator) return null;
  const [statement, invoice, vatOwed] = await Promise.all([
    statementOf(db, creatorId, month),
    selfBilledInvoiceOf(db, creatorId, month),
    vatOwedAtEndOf(db, creatorId, month),
  ]);
  const bytes = await statementPdf({
    statement,
    creator: { ...creator, legalName: invoice?.supplier.legalName || settings?.legalName || null },
    company: documentCompany(),
    publishedOn: documentDay(new Date(published.closed_at)),
    withholding: invoice?.amounts.withholding ?? (settings ? withholdingFor(withholdingProfile(settings), new Date(published.closed_at)) : null),
    invoice: invoice ? { number: invoice.number, amounts: invoice.amounts } : null,
    vatOwed,
  });
  return { bytes, filename: `statement-${creator.handle}-${month}.pdf` };
}

/** The invoice's parts, from the statement: its base is what the month earned. */
export function invoiceParts(statement: Statement): { supporters: Cents; pool: Cents; adjustments: Cents; base: Cents } {
  const supporters = statement.supporter.share;
  const pool = statement.pool?.share ?? cents(0);
  const adjustments = cents([...statement.adjustments, ...statement.other].reduce((total, e) => total + e.amount, 0));
  return { supporters, pool, adjustments, base: cents(supporters + pool + adjustments) };
}

export interface SelfBilledInvoice {
  number: string;
  issuedAt: Date;
  parts: ReturnType<typeof invoiceParts>;
  amounts: InvoiceAmounts;
  supplier: InvoiceSupplierSnapshot;
  recipient: InvoiceRecipientSnapshot;
  selfBillingAgreedAt: Date;
  /** The payout that paid it; null while unpaid (or for a month closed before invoices were kept). */
  payoutId: string | null;
  /** False for a month closed before invoices were kept, not yet issued: drawn from the current settings. */
  issued: boolean;
}

function fromIssued(i: IssuedInvoice): SelfBilledInvoice {
  return { ...i, issued: true };
}

/** The invoice of a month closed before invoices were kept, as it was always drawn: from the current settings. */
function legacyInvoice(
  creatorId: string,
  month: string,
  settings: TaxSettingsView,
  issuedAt: Date,
  parts: { supporters: Cents; pool: Cents; adjustments: Cents; base: Cents } | { earned: number },
): SelfBilledInvoice {
  const p = "base" in parts ? parts : { supporters: cents(parts.earned), pool: cents(0), adjustments: cents(0), base: cents(parts.earned) };
  return {
    number: selfBilledInvoiceNumber(creatorId, month),
    issuedAt,
    parts: p,
    amounts: invoiceAmounts(p.base, invoiceVat(settings), withholdingFor(withholdingProfile(settings), issuedAt)),
    supplier: {
      legalName: settings.legalName,
      entityType: settings.entityType,
      taxResidenceCountry: settings.taxResidenceCountry,
      taxId: settings.taxId,
      taxIdKind: settings.taxIdKind,
      vatNumber: settings.vatNumber,
      address: settings.address,
      postalCode: settings.postalCode,
      city: settings.city,
      region: settings.region,
      addressCountry: settings.addressCountry,
    },
    recipient: companyRecipient(),
    selfBillingAgreedAt: new Date(settings.selfBillingAgreedAt!),
    payoutId: null,
    issued: false,
  };
}

/** The self-billed invoice of a published month, or null when the month has none (see the rule above). */
export async function selfBilledInvoiceOf(db: Database, creatorId: string, month: string): Promise<SelfBilledInvoice | null> {
  if (!isMonth(month)) return null;
  const [[published], issued] = await Promise.all([publishedMonths(db, creatorId, month), issuedInvoiceOf(db, creatorId, month)]);
  if (!published) return null;
  if (issued) return fromIssued(issued);
  const settings = await loadTaxSettings(db, creatorId);
  const issuedAt = new Date(published.closed_at);
  if (!settings || !invoiced(settings, issuedAt, published.earned)) return null;
  return legacyInvoice(creatorId, month, settings, issuedAt, invoiceParts(await statementOf(db, creatorId, month)));
}

const TAX_ID_LABELS: Record<TaxSettingsView["taxIdKind"], string> = { nif: "NIF", nie: "NIE", cif: "NIF", vat: "VAT number", other: "Tax id" };

/** The self-billed invoice PDF of a published month, or null. */
export async function invoiceDocument(db: Database, creatorId: string, month: string): Promise<DocumentFile | null> {
  const [invoice, creator] = await Promise.all([selfBilledInvoiceOf(db, creatorId, month), creatorOf(db, creatorId)]);
  if (!invoice || !creator) return null;
  const s = invoice.supplier;
  const [year, m] = month.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const bytes = await invoicePdf({
    number: invoice.number,
    issuedOn: documentDay(invoice.issuedAt),
    period: `1–${lastDay} ${monthName(month)}`,
    monthLabel: monthName(month),
    supplier: {
      legalName: s.legalName,
      taxId: s.taxId,
      taxIdLabel: TAX_ID_LABELS[s.taxIdKind],
      vatNumber: s.vatNumber,
      addressLines: [s.address, [s.postalCode, s.city].filter(Boolean).join(" "), [s.region, countryName(s.addressCountry)].filter(Boolean).join(", ")].filter(
        Boolean,
      ),
      handle: creator.handle,
    },
    company: { ...documentCompany(), legalName: invoice.recipient.legalName, taxId: invoice.recipient.taxId, address: invoice.recipient.address },
    recipientVatNumber: invoice.recipient.vatNumber,
    agreedOn: documentDay(invoice.selfBillingAgreedAt),
    parts: invoice.parts,
    amounts: invoice.amounts,
  });
  return { bytes, filename: `invoice-${invoice.number}.pdf` };
}

/**
 * A creator's document downloaded by an admin: the same file as the creator's, and an entry in the
 * audit log (an admin reading a creator's tax identity and earnings, like the tax reports'
 * downloads). Nothing is logged for a document that does not exist.
 */
export async function adminDocumentDownload(
  db: Database,
  creatorId: string,
  month: string,
  file: "statement" | "invoice",
  actor: AuditActor,
): Promise<DocumentFile | null> {
  const document = await (file === "invoice" ? invoiceDocument : statementDocument)(db, creatorId, month);
  if (!document) return null;
  await db.transaction((tx) =>
    record(tx, actor, "money.creator_document_downloaded", { type: "creator", id: creatorId }, null, { month, file, filename: document.filename }),
  );
  return document;
}
