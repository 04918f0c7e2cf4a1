/**
 * The monthly payout run (Creator Compensation, section 6; issue 23, item 10): every creator owed
 * at least PAYOUT_MINIMUM whose payouts are not held is paid their whole balance, plus the Spanish
 * VAT their self-billed invoices not yet paid charge (a VAT-registered creator resident in Spain:
 * 21% of each invoice's base; reverse charge and unregistered creators: none), less the Spanish
 * withholding of their tax settings on the balance (`withholdingFor`: IRPF, IRNR or none), by one
 * SEPA credit transfer of the run's pain.001.001.09 file, stored in the private `documents` bucket.
 *
 * Not obvious:
 * - One database transaction holds the run's row, every payout row, every "payout" ledger
 *   transaction (creator_payable +amount; vat_recoverable +VAT; bank −net; withholding_payable
 *   −withheld, under the key `payout:<month>:<creatorId>`), the invoices it pays (marked with the
 *   payout), the audit entry and the payout emails; the file is stored inside
 *   it, so a storage failure rolls everything back, and a failed commit removes the file. A run
 *   killed at any moment leaves nothing, and running it again completes it.
 * - A month is paid once: `payout_runs.month` is unique, so a second run (or two at once: the
 *   second waits on the first's insert, then finds it) answers with the first run, and the ledger's
 *   keys refuse a second payout of a creator for the month whatever happens.
 * - The balance paid is `owedTo` at the moment of the run (all months closed so far, carry-overs
 *   included), read again inside the transaction. A month in which nobody can be paid writes no run
 *   (a SEPA file needs a transfer), so it may be run again once someone can.
 * - The VAT paid is exactly the VAT of the invoices paid (each computed on its own base when the
 *   month closed, invoices.server.ts); the withholding is on the balance, as before. The tax
 *   settings used (the SEPA creditor's name and address, the withholding, the VAT treatment) are
 *   kept with the payout (`payouts.tax_snapshot`), so a later change rewrites nothing.
 * - The payout's ledger transaction counts in the month it is made (the statement of the month the
 *   money left), its key and the payout row name the month whose balance it pays.
 */
import { randomUUID } from "node:crypto";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { href } from "react-router";
import { payoutRuns, payouts, profiles, user } from "#db/schema";
import { ledgerPostings } from "#db/schema/ledger";
import type { Database, Transaction } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { siteUrl } from "~/lib/site-url.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { kickEmailDelivery, queueEmail } from "~/modules/email/index.server";
import { deletePrivateObject, putPrivateObject } from "~/modules/storage/index.server";
import { maskedIban } from "./bank-account";
import { cents, percentOf, type Cents } from "./cents";
import { PAYOUT_DAY_OF_MONTH, PAYOUT_MINIMUM } from "./compensation-rules";
import { formatEuros } from "./format";
import { claimUnpaidInvoices, issueMissingInvoices, markInvoicesPaid } from "./invoices.server";
import { monthOf, monthStart, nextMonth, owedTo, postBatch, type LedgerEntry } from "./ledger.server";
import { payoutAccount } from "./payout-details.server";
import { formatPayoutDay } from "./payout-readiness";
import { payoutReadiness } from "./payout-readiness.server";
import { sepaCreditTransferXml, type SepaAddress, type SepaParty } from "./sepa-transfer.server";
import { DOCUMENTS_BUCKET, loadTaxSettings, type TaxSettingsView } from "./tax-settings.server";
import type { WithholdingRule } from "./withholding";

/** Where the run's file goes: the private `documents` bucket unless a caller (a test) gives another. */
export interface PayoutFileStore {
  put(key: string, body: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
}

const documents: PayoutFileStore = {
  put: (key, body) => putPrivateObject(DOCUMENTS_BUCKET, key, body),
  remove: (key) => deletePrivateObject(DOCUMENTS_BUCKET, key),
};

const RUN_FOLDER = "payout-runs";

export interface PayoutRunOptions {
  /** The month whose balances are paid, "2026-11"; it must be over. */
  month: string;
  now?: Date;
  /** Who ran it (an admin, or `{ userId: null, ip: null }` from the command line), for the audit log. */
  actor: AuditActor;
  storage?: PayoutFileStore;
  /** The site's address for the emails' links. */
  origin?: string;
}

export interface PaidCreator {
  creatorId: string;
  name: string;
  payoutId: string;
  /** The balance paid. */
  amount: Cents;
  /** The Spanish VAT of the self-billed invoices paid with it (on top of the balance). */
  vat: Cents;
  /** The self-billed invoices whose VAT it paid. */
  invoices: string[];
  withheld: Cents;
  /** amount + vat − withheld: what the transfer carries. */
  net: Cents;
  withholding: WithholdingRule;
  endToEndId: string;
}

export interface SkippedCreator {
  creatorId: string;
  name: string;
  owed: Cents;
  /** held: a payout hold (the reasons in `why`); below-minimum: carried over to the next run. */
  reason: "held" | "below-minimum";
  why: string[];
}

export interface PayoutRunView {
  id: string;
  month: string;
  executionDate: string;
  actorId: string | null;
  transfers: number;
  gross: Cents;
  vat: Cents;
  withheld: Cents;
  net: Cents;
  messageId: string;
  fileKey: string;
  skipped: SkippedCreator[];
  createdAt: Date;
}

export type PayoutRunResult =
  | {
      ok: true;
      /** True when the month had been run before: `run` is that run, and nobody was paid now. */
      alreadyRun: boolean;
      /** Null when nobody could be paid (no file, no run written). */
      run: PayoutRunView | null;
      paid: PaidCreator[];
      skipped: SkippedCreator[];
    }
  | { ok: false; status: 400; error: string };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const madridDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" });

/** "2026-11" -> "November 2026". */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${monthStart(month)}T00:00:00Z`));
}

/** The calendar day (Europe/Madrid) of an instant, "2026-12-15". */
export function madridDate(instant: Date): string {
  return madridDay.format(instant);
}

/** The day a month's balances are paid: the PAYOUT_DAY_OF_MONTH of the month after. */
export function payoutDayOf(month: string): string {
  return `${nextMonth(month)}-${String(PAYOUT_DAY_OF_MONTH).padStart(2, "0")}`;
}

/**
 * The company, as the debtor of the file: its legal name, its account (COMPANY_IBAN, COMPANY_BIC)
 * and its registered office as a structured address, read from COMPANY_ADDRESS written as
 * "Street Number, Postal code Town, Country" (the company is Spanish: the country is ES).
 */
export function companyDebtor(): SepaParty {
  const e = env();
  return { name: e.COMPANY_LEGAL_NAME, iban: e.COMPANY_IBAN, bic: e.COMPANY_BIC ?? null, address: structuredAddress(e.COMPANY_ADDRESS) };
}

export function structuredAddress(line: string): SepaAddress {
  const [streetPart = "", townPart = ""] = line.split(",").map((p) => p.trim());
  const street = streetPart.match(/^(.*?)\s+(\d+[A-Za-z]?(?:[-/]\d+)?)$/);
  const town = townPart.match(/^(\S+)\s+(.+)$/);
  if (!streetPart || !town) throw new Error(`COMPANY_ADDRESS is not "Street Number, Postal code Town, Country": ${line}`);
  return {
    street: street ? street[1] : streetPart,
    buildingNumber: street ? street[2] : null,
    postalCode: town[1],
    town: town[2],
    country: "ES",
  };
}

type RunRow = typeof payoutRuns.$inferSelect;

function toView(row: RunRow): PayoutRunView {
  return {
    id: row.id,
    month: row.month.slice(0, 7),
    executionDate: row.executionDate,
    actorId: row.actorId,
    transfers: row.transfers,
    gross: cents(row.grossCents),
    vat: cents(row.vatCents),
    withheld: cents(row.withheldCents),
    net: cents(row.netCents),
    messageId: row.messageId,
    fileKey: row.fileKey,
    skipped: row.skipped as SkippedCreator[],
    createdAt: row.createdAt,
  };
}

/** The creators with a positive balance, with what the run needs to name and email them. */
async function creatorsOwed(db: Database) {
  const owed = sql<string>`(-sum(${ledgerPostings.amountCents}))::text`;
  const rows = await db
    .select({ creatorId: ledgerPostings.accountRef, owed })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.account, "creator_payable"))
    .groupBy(ledgerPostings.accountRef)
    .having(sql`sum(${ledgerPostings.amountCents}) < 0`)
    .orderBy(asc(ledgerPostings.accountRef));
  if (rows.length === 0) return [];
  const people = await db
    .select({ id: profiles.id, handle: profiles.handle, displayName: profiles.displayName, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(
      inArray(
        profiles.id,
        rows.map((r) => r.creatorId),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const person = byId.get(r.creatorId);
    // A balance of an account that is gone waits for an admin (it is still in the ledger).
    return person
      ? [
          {
            creatorId: r.creatorId,
            owed: cents(Number(r.owed)),
            email: person.email,
            name: person.displayName || (person.handle ? `@${person.handle}` : r.creatorId),
          },
        ]
      : [];
  });
}

/** The run of a month, or null. */
export async function payoutRunOf(db: Database | Transaction, month: string): Promise<PayoutRunView | null> {
  const [row] = await db
    .select()
    .from(payoutRuns)
    .where(eq(payoutRuns.month, monthStart(month)))
    .limit(1);
  return row ? toView(row) : null;
}

/** Every run, newest month first (the back office). */
export async function listPayoutRuns(db: Database): Promise<PayoutRunView[]> {
  return (await db.select().from(payoutRuns).orderBy(desc(payoutRuns.month))).map(toView);
}

/** A run's SEPA file: its key in the `documents` bucket and a download name; null for an unknown run. */
export async function payoutRunFile(db: Database, runId: string): Promise<{ bucket: typeof DOCUMENTS_BUCKET; key: string; name: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(runId)) return null;
  const [row] = await db.select({ key: payoutRuns.fileKey, month: payoutRuns.month }).from(payoutRuns).where(eq(payoutRuns.id, runId)).limit(1);
  return row ? { bucket: DOCUMENTS_BUCKET, key: row.key, name: `spotfolio-payouts-${row.month.slice(0, 7)}.xml` } : null;
}

class AlreadyRun extends Error {}

/** Pay a month's balances (see the header). */
export async function runPayouts(db: Database, options: PayoutRunOptions): Promise<PayoutRunResult> {
  const { month, actor } = options;
  const now = options.now ?? new Date();
  const store = options.storage ?? documents;
  if (!MONTH.test(month)) return { ok: false, status: 400, error: `Not a month: "${month}" (write it as 2026-11)` };
  if (month >= monthOf(now))
    return { ok: false, status: 400, error: `${monthLabel(month)} is not over yet: its payouts can run from the 1st of the month after.` };

  const existing = await payoutRunOf(db, month);
  if (existing) return { ok: true, alreadyRun: true, run: existing, paid: [], skipped: existing.skipped };

  // Who can be paid, read before the transaction (holds read tax and bank details; nothing here writes).
  const skipped: SkippedCreator[] = [];
  const payees: {
    creatorId: string;
    name: string;
    email: string;
    withholding: WithholdingRule;
    tax: TaxSettingsView;
    creditor: SepaParty;
    last4: string;
    country: string;
  }[] = [];
  for (const creator of await creatorsOwed(db)) {
    if (creator.owed < PAYOUT_MINIMUM) {
      skipped.push({
        creatorId: creator.creatorId,
        name: creator.name,
        owed: creator.owed,
        reason: "below-minimum",
        why: [
          `A balance of ${formatEuros(creator.owed, { decimals: "always" })} is below the ${formatEuros(PAYOUT_MINIMUM, { currency: "code" })} minimum: it is carried over to the next month.`,
        ],
      });
      continue;
    }
    const readiness = await payoutReadiness(db, creator.creatorId, now);
    const [tax, account] =
      readiness.holds.length === 0 ? await Promise.all([loadTaxSettings(db, creator.creatorId), payoutAccount(db, creator.creatorId)]) : [null, null];
    if (readiness.holds.length > 0 || !tax || !account || !readiness.withholding) {
      skipped.push({
        creatorId: creator.creatorId,
        name: creator.name,
        owed: creator.owed,
        reason: "held",
        why:
          readiness.holds.length > 0 ? readiness.holds.map((h) => h.why) : ["The bank account on file could not be read: ask the creator to enter it again."],
      });
      continue;
    }
    payees.push({
      creatorId: creator.creatorId,
      name: tax.legalName,
      email: creator.email,
      withholding: readiness.withholding,
      tax,
      last4: account.iban.slice(-4),
      country: account.country,
      creditor: {
        name: tax.legalName,
        iban: account.iban,
        bic: account.bic,
        address: { street: tax.address, postalCode: tax.postalCode ?? "", town: tax.city, country: tax.addressCountry },
      },
    });
  }
  if (payees.length === 0) return { ok: true, alreadyRun: false, run: null, paid: [], skipped };

  const runId = randomUUID();
  const fileKey = `${RUN_FOLDER}/${month}-${runId}.xml`;
  const messageId = `PAYOUT-${month}-${runId.slice(0, 8)}`;
  const today = madridDate(now);
  const payday = payoutDayOf(month);
  const executionDate = today > payday ? today : payday;
  const { PRODUCT_NAME } = env();
  const origin = options.origin ?? siteUrl();
  let stored = false;
  let paid: PaidCreator[] = [];

  try {
    const run = await db.transaction(async (tx) => {
      // The balances again, now: a close or a refund may have posted since the list was read.
      const lines: (PaidCreator & {
        email: string;
        creditor: SepaParty;
        last4: string;
        country: string;
        tax: TaxSettingsView;
        invoiceIds: string[];
        vatKind: string | null;
        vatPercent: number | null;
      })[] = [];
      for (const payee of payees) {
        const amount = await owedTo(tx, payee.creatorId);
        if (amount < PAYOUT_MINIMUM) continue;
        // The VAT of the invoices this payout pays: months closed before invoices were kept get theirs now.
        await issueMissingInvoices(tx, payee.creatorId);
        const invoices = await claimUnpaidInvoices(tx, payee.creatorId);
        const vat = cents(invoices.reduce((total, i) => total + i.amounts.vatAmount, 0));
        const latest = invoices.at(-1)?.amounts.vat;
        const withheld = percentOf(amount, payee.withholding.percent);
        const payoutId = randomUUID();
        lines.push({
          ...payee,
          payoutId,
          amount,
          vat,
          invoices: invoices.map((i) => i.number),
          invoiceIds: invoices.map((i) => i.id),
          vatKind: latest?.kind ?? null,
          vatPercent: latest?.percent ?? null,
          withheld,
          net: cents(amount + vat - withheld),
          endToEndId: `PO-${payoutId.replace(/-/g, "")}`,
        });
      }
      if (lines.length === 0) return null;
      const total = (pick: (l: (typeof lines)[number]) => number) => cents(lines.reduce((sum, l) => sum + pick(l), 0));

      // The month's claim: a run of the same month at the same time waits here, then finds this one.
      const [runRow] = await tx
        .insert(payoutRuns)
        .values({
          id: runId,
          month: monthStart(month),
          executionDate,
          actorId: actor.userId,
          transfers: lines.length,
          grossCents: total((l) => l.amount),
          vatCents: total((l) => l.vat),
          withheldCents: total((l) => l.withheld),
          netCents: total((l) => l.net),
          messageId,
          fileKey,
          skipped,
          createdAt: now,
        })
        .onConflictDoNothing({ target: payoutRuns.month })
        .returning();
      if (!runRow) throw new AlreadyRun();

      const [periodStart, periodEnd] = [monthStart(month), lastDayOf(month)];
      await tx.insert(payouts).values(
        lines.map((l) => ({
          id: l.payoutId,
          creatorId: l.creatorId,
          amountCents: l.amount,
          periodStart,
          periodEnd,
          status: "paid" as const,
          provider: "sepa",
          paidAt: now,
          runId,
          withholdingCents: l.withheld,
          netCents: l.net,
          withholdingKind: l.withholding.kind,
          withholdingPercent: l.withholding.percent,
          vatCents: l.vat,
          vatKind: l.vatKind,
          vatPercent: l.vatPercent,
          taxSnapshot: {
            legalName: l.tax.legalName,
            entityType: l.tax.entityType,
            taxResidenceCountry: l.tax.taxResidenceCountry,
            taxId: l.tax.taxId,
            vatNumber: l.tax.vatNumber,
            irpfPercent: l.tax.irpfPercent,
            irpfActivityStartYear: l.tax.irpfActivityStartYear,
            residenceCertificate: l.tax.residenceCertificate !== null,
            selfBillingAgreedAt: l.tax.selfBillingAgreedAt,
            address: l.creditor.address,
            withholding: l.withholding,
            invoices: l.invoices,
          },
          endToEndId: l.endToEndId,
          ibanLast4: l.last4,
          createdAt: now,
          updatedAt: now,
        })),
      );
      for (const l of lines) await markInvoicesPaid(tx, l.invoiceIds, l.payoutId);
      const entries: LedgerEntry[] = lines.map((l) => ({
        idempotencyKey: `payout:${month}:${l.creatorId}`,
        kind: "payout",
        cause: { type: "payout", id: l.payoutId },
        month: monthOf(now),
        creatorId: l.creatorId,
        description: `Payout of your balance of ${monthLabel(month)}`,
        details: {
          runId,
          month,
          amount: l.amount,
          vat: l.vat,
          vatKind: l.vatKind,
          invoices: l.invoices,
          withheld: l.withheld,
          net: l.net,
          withholding: { kind: l.withholding.kind, percent: l.withholding.percent, reason: l.withholding.reason },
          endToEndId: l.endToEndId,
        },
        occurredAt: now,
        postings: [
          { account: "creator_payable", ref: l.creatorId, amount: l.amount },
          // Input VAT of the creator's invoices: paid to them, deducted from what we owe the tax agency.
          { account: "vat_recoverable", ref: "ES", amount: l.vat },
          { account: "bank", amount: cents(-l.net) },
          { account: "withholding_payable", amount: cents(-l.withheld) },
        ],
      }));
      const posted = await postBatch(tx, entries);
      const twice = posted.findIndex((p) => !p.posted);
      if (twice >= 0) throw new Error(`Payout run ${month}: ${entries[twice].idempotencyKey} was posted before`);

      const xml = sepaCreditTransferXml({
        messageId,
        createdAt: now,
        executionDate,
        debtor: companyDebtor(),
        transfers: lines.map((l) => ({ endToEndId: l.endToEndId, amount: l.net, creditor: l.creditor, remittance: `${PRODUCT_NAME} payout ${month}` })),
      });
      await store.put(fileKey, new TextEncoder().encode(xml));
      stored = true;

      await record(tx, actor, "money.payout_run", { type: "payout_run", id: runId }, null, {
        month,
        executionDate,
        transfers: lines.length,
        gross: runRow.grossCents,
        vat: runRow.vatCents,
        withheld: runRow.withheldCents,
        net: runRow.netCents,
        fileKey,
        held: skipped.filter((s) => s.reason === "held").length,
        carriedOver: skipped.filter((s) => s.reason === "below-minimum").length,
      });
      for (const l of lines) {
        await queueEmail(tx, {
          to: l.email,
          template: "payout-sent",
          payload: {
            month: monthLabel(month),
            amount: formatEuros(l.amount, { decimals: "always" }),
            vat: l.vat > 0 ? formatEuros(l.vat, { decimals: "always" }) : null,
            withheld: l.withheld > 0 ? formatEuros(l.withheld, { decimals: "always" }) : null,
            withholdingReason: l.withheld > 0 ? l.withholding.reason : null,
            net: formatEuros(l.net, { decimals: "always" }),
            account: maskedIban(l.country, l.last4),
            executionDate: formatPayoutDay(executionDate),
            reference: `${PRODUCT_NAME} payout ${month}`,
            payoutsUrl: origin + href("/studio/payouts"),
          },
        });
      }
      paid = lines.map(({ creatorId, name, payoutId, amount, vat, invoices, withheld, net, withholding, endToEndId }) => ({
        creatorId,
        name,
        payoutId,
        amount,
        vat,
        invoices,
        withheld,
        net,
        withholding,
        endToEndId,
      }));
      return toView(runRow);
    });
    if (!run) return { ok: true, alreadyRun: false, run: null, paid: [], skipped };
    kickEmailDelivery();
    return { ok: true, alreadyRun: false, run, paid, skipped };
  } catch (error) {
    // Rolled back: a file stored for it must not be taken for a run's.
    if (stored) await store.remove(fileKey).catch(() => undefined);
    if (error instanceof AlreadyRun) {
      const first = await payoutRunOf(db, month);
      if (first) return { ok: true, alreadyRun: true, run: first, paid: [], skipped: first.skipped };
    }
    throw error;
  }
}

function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, "0")}`;
}
