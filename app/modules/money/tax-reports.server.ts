/**
 * The yearly tax paperwork an admin downloads from the back office (issue 23, item 10; Creator
 * Compensation, section 8): the data of the withholding certificates (what each creator was paid in
 * the year and the Spanish tax withheld from it) and of the DAC7 report (every creator paid in the
 * year: identity, tax id, address, date of birth, bank account, and per quarter what they earned,
 * the platform's commission, the tax withheld and the number of payments they earned from).
 *
 * Both read what the month close and the payout run wrote (revenue_statements, earned_portions,
 * payouts), never the payments themselves, so they agree with the statements to the cent. Years
 * and quarters are Spanish ones (Europe/Madrid), like every month in modules/money.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { csvText } from "~/lib/csv.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { decimalEuros as euros } from "./format";
import { payoutAccount } from "./payout-details.server";

/** The years a report can be asked for: from the platform's first year to next year's January filing. */
export const FIRST_REPORT_YEAR = 2024;

export function isReportYear(value: string, now: Date = new Date()): value is `${number}` {
  if (!/^\d{4}$/.test(value)) return false;
  const year = Number(value);
  return year >= FIRST_REPORT_YEAR && year <= now.getUTCFullYear();
}

/** Which annual return a withholding is declared on: IRPF of residents (Modelo 190) or non-resident income tax (Modelo 296). */
const RETURN_OF: Record<string, string> = { irpf: "190", irnr: "296" };

export interface WithholdingCertificateRow {
  creatorId: string;
  handle: string;
  legalName: string | null;
  taxId: string | null;
  taxIdKind: string | null;
  taxResidenceCountry: string | null;
  address: string;
  kind: string;
  percent: number;
  payouts: number;
  /** What the withholding was computed on (the balances paid), what was withheld, and what reached the bank. */
  baseCents: number;
  withheldCents: number;
  /** Output VAT of self-billed invoices paid with these payouts (a VAT-registered creator's). */
  vatCents: number;
  netCents: number;
}

/** One row per creator and withholding rule with tax withheld from payouts made in `year`. */
export async function withholdingCertificates(db: Database, year: number): Promise<WithholdingCertificateRow[]> {
  const { rows } = await db.execute<{
    creator_id: string;
    handle: string;
    legal_name: string | null;
    tax_id: string | null;
    tax_id_kind: string | null;
    tax_residence_country: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    region: string | null;
    address_country: string | null;
    kind: string;
    percent: number;
    payouts: number;
    base: number;
    withheld: number;
    vat: number;
    net: number;
  }>(sql`
    select p.creator_id, pr.handle, ts.legal_name, ts.tax_id, ts.tax_id_kind, ts.tax_residence_country,
           ts.address, ts.postal_code, ts.city, ts.region, ts.address_country,
           p.withholding_kind as kind, coalesce(p.withholding_percent, 0)::int as percent, count(*)::int as payouts,
           sum(p.amount_cents)::float8 as base, sum(p.withholding_cents)::float8 as withheld,
           sum(p.vat_cents)::float8 as vat, sum(coalesce(p.net_cents, 0))::float8 as net
    from payouts p
    join profiles pr on pr.id = p.creator_id
    left join tax_settings ts on ts.creator_id = p.creator_id
    where p.status = 'paid' and p.withholding_cents > 0
      and p.paid_at >= (make_date(${year}::int, 1, 1)::timestamp at time zone 'Europe/Madrid')
      and p.paid_at < (make_date(${year}::int + 1, 1, 1)::timestamp at time zone 'Europe/Madrid')
    group by p.creator_id, pr.handle, ts.creator_id, p.withholding_kind, p.withholding_percent
    order by pr.handle, p.withholding_kind, percent`);
  return rows.map((r) => ({
    creatorId: r.creator_id,
    handle: r.handle,
    legalName: r.legal_name,
    taxId: r.tax_id,
    taxIdKind: r.tax_id_kind,
    taxResidenceCountry: r.tax_residence_country,
    address: [r.address, r.postal_code, r.city, r.region, r.address_country].filter(Boolean).join(", "),
    kind: r.kind,
    percent: Number(r.percent),
    payouts: Number(r.payouts),
    baseCents: Number(r.base),
    withheldCents: Number(r.withheld),
    vatCents: Number(r.vat),
    netCents: Number(r.net),
  }));
}

export const WITHHOLDING_CSV_HEADER = [
  "year",
  "return",
  "creator handle",
  "legal name",
  "tax id",
  "tax id kind",
  "country of tax residence",
  "address",
  "withholding",
  "rate %",
  "payouts",
  "base EUR",
  "withheld EUR",
  // base + VAT − withheld = paid: the VAT of self-billed invoices is paid on top of the base.
  "VAT EUR",
  "paid to bank EUR",
] as const;

export function withholdingCertificatesCsv(year: number, rows: WithholdingCertificateRow[]): string {
  return csvText(
    WITHHOLDING_CSV_HEADER,
    rows.map((r) => [
      year,
      RETURN_OF[r.kind] ?? "",
      r.handle,
      r.legalName,
      r.taxId,
      r.taxIdKind,
      r.taxResidenceCountry,
      r.address,
      r.kind.toUpperCase(),
      r.percent,
      r.payouts,
      euros(r.baseCents),
      euros(r.withheldCents),
      euros(r.vatCents),
      euros(r.netCents),
    ]),
  );
}

export interface Dac7Quarter {
  /** What the creator earned (Supporter shares and pool shares, less refunds and chargebacks). */
  considerationCents: number;
  /** The platform's commission: the part of the Supporter payments' net revenue the creator did not get. */
  feesCents: number;
  /** Spanish tax withheld from the quarter's payouts. */
  withheldCents: number;
  /** Payment portions earned, plus one for each month with a pool share. */
  activities: number;
}

export interface Dac7Row {
  creatorId: string;
  handle: string;
  entityType: string | null;
  legalName: string | null;
  taxId: string | null;
  taxIdKind: string | null;
  vatNumber: string | null;
  taxResidenceCountry: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  region: string | null;
  addressCountry: string | null;
  dateOfBirth: string | null;
  accountHolder: string | null;
  iban: string | null;
  bic: string | null;
  quarters: [Dac7Quarter, Dac7Quarter, Dac7Quarter, Dac7Quarter];
}

const emptyQuarter = (): Dac7Quarter => ({ considerationCents: 0, feesCents: 0, withheldCents: 0, activities: 0 });

/** Every creator who earned or was paid something in `year`, with their quarters (DAC7's reportable sellers). */
export async function dac7Report(db: Database, year: number): Promise<Dac7Row[]> {
  const yearStart = `${year}-01-01`;
  const nextYear = `${year + 1}-01-01`;
  const { rows: figures } = await db.execute<{ creator_id: string; q: number; consideration: number; fees: number; withheld: number; activities: number }>(sql`
    with months as (
      select creator_id, extract(quarter from period_start)::int as q,
             sum(supporter_share_cents + pool_share_cents + adjustments_cents)::float8 as consideration,
             sum(net_cents - supporter_share_cents)::float8 as fees,
             count(*) filter (where pool_share_cents > 0)::int as pool_months
      from revenue_statements
      where creator_id is not null and period_start >= ${yearStart}::date and period_start < ${nextYear}::date
      group by creator_id, q
    ),
    portions as (
      select creator_id, extract(quarter from close_month)::int as q, count(*)::int as n
      from earned_portions
      where kind = 'supporter' and creator_id is not null and close_month >= ${yearStart}::date and close_month < ${nextYear}::date
      group by creator_id, q
    ),
    withheld as (
      select creator_id, extract(quarter from (paid_at at time zone 'Europe/Madrid'))::int as q, sum(withholding_cents)::float8 as withheld
      from payouts
      where status = 'paid' and creator_id is not null
        and paid_at >= (${yearStart}::date::timestamp at time zone 'Europe/Madrid')
        and paid_at < (${nextYear}::date::timestamp at time zone 'Europe/Madrid')
      group by creator_id, q
    ),
    keys as (select creator_id, q from months union select creator_id, q from portions union select creator_id, q from withheld)
    select k.creator_id, k.q,
           coalesce(m.consideration, 0) as consideration, coalesce(m.fees, 0) as fees, coalesce(w.withheld, 0) as withheld,
           (coalesce(p.n, 0) + coalesce(m.pool_months, 0))::int as activities
    from keys k
    left join months m using (creator_id, q)
    left join portions p using (creator_id, q)
    left join withheld w using (creator_id, q)`);
  const byCreator = new Map<string, Dac7Row["quarters"]>();
  for (const f of figures) {
    const quarters = byCreator.get(f.creator_id) ?? [emptyQuarter(), emptyQuarter(), emptyQuarter(), emptyQuarter()];
    quarters[f.q - 1] = {
      considerationCents: Number(f.consideration),
      feesCents: Number(f.fees),
      withheldCents: Number(f.withheld),
      activities: Number(f.activities),
    };
    byCreator.set(f.creator_id, quarters);
  }
  // A creator whose quarters are all zero (earned nothing, paid nothing) is not reportable.
  for (const [id, quarters] of byCreator)
    if (quarters.every((q) => q.considerationCents === 0 && q.withheldCents === 0 && q.activities === 0)) byCreator.delete(id);
  if (byCreator.size === 0) return [];

  const ids = [...byCreator.keys()];
  const { rows: people } = await db.execute<{
    id: string;
    handle: string;
    entity_type: string | null;
    legal_name: string | null;
    tax_id: string | null;
    tax_id_kind: string | null;
    vat_number: string | null;
    tax_residence_country: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    region: string | null;
    address_country: string | null;
    date_of_birth: string | null;
  }>(sql`
    select pr.id, pr.handle, ts.entity_type, ts.legal_name, ts.tax_id, ts.tax_id_kind, ts.vat_number, ts.tax_residence_country,
           ts.address, ts.postal_code, ts.city, ts.region, ts.address_country, ts.date_of_birth::text as date_of_birth
    from profiles pr left join tax_settings ts on ts.creator_id = pr.id
    where pr.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by pr.handle`);
  const report: Dac7Row[] = [];
  for (const p of people) {
    // The whole IBAN is opened here only, for the report itself (ADR 0032).
    const account = await payoutAccount(db, p.id);
    report.push({
      creatorId: p.id,
      handle: p.handle,
      entityType: p.entity_type,
      legalName: p.legal_name,
      taxId: p.tax_id,
      taxIdKind: p.tax_id_kind,
      vatNumber: p.vat_number,
      taxResidenceCountry: p.tax_residence_country,
      address: p.address,
      postalCode: p.postal_code,
      city: p.city,
      region: p.region,
      addressCountry: p.address_country,
      dateOfBirth: p.date_of_birth,
      accountHolder: account?.holderName ?? null,
      iban: account?.iban ?? null,
      bic: account?.bic ?? null,
      quarters: byCreator.get(p.id)!,
    });
  }
  return report;
}

const QUARTER_COLUMNS = [1, 2, 3, 4].flatMap((q) => [`Q${q} consideration EUR`, `Q${q} fees EUR`, `Q${q} tax withheld EUR`, `Q${q} activities`]);

export const DAC7_CSV_HEADER = [
  "year",
  "creator handle",
  "entity type",
  "legal name",
  "tax id",
  "tax id kind",
  "VAT number",
  "country of tax residence",
  "address",
  "postal code",
  "city",
  "region",
  "address country",
  "date of birth",
  "account holder",
  "IBAN",
  "BIC",
  ...QUARTER_COLUMNS,
  "year consideration EUR",
  "year fees EUR",
  "year tax withheld EUR",
  "year activities",
] as const;

export function dac7Csv(year: number, rows: Dac7Row[]): string {
  return csvText(
    DAC7_CSV_HEADER,
    rows.map((r) => {
      const total = r.quarters.reduce(
        (t, q) => ({
          considerationCents: t.considerationCents + q.considerationCents,
          feesCents: t.feesCents + q.feesCents,
          withheldCents: t.withheldCents + q.withheldCents,
          activities: t.activities + q.activities,
        }),
        emptyQuarter(),
      );
      return [
        year,
        r.handle,
        r.entityType,
        r.legalName,
        r.taxId,
        r.taxIdKind,
        r.vatNumber,
        r.taxResidenceCountry,
        r.address,
        r.postalCode,
        r.city,
        r.region,
        r.addressCountry,
        r.dateOfBirth,
        r.accountHolder,
        r.iban,
        r.bic,
        ...[...r.quarters, total].flatMap((q) => [euros(q.considerationCents), euros(q.feesCents), euros(q.withheldCents), q.activities]),
      ];
    }),
  );
}

export const TAX_REPORT_FILES = ["withholding.csv", "dac7.csv"] as const;
export type TaxReportFile = (typeof TAX_REPORT_FILES)[number];

export function isTaxReportFile(value: string): value is TaxReportFile {
  return (TAX_REPORT_FILES as readonly string[]).includes(value);
}

/**
 * A report as the admin downloads it, its download logged: the DAC7 file holds whole IBANs and dates
 * of birth, so who took which year's copy, and when, is in the audit log.
 */
export async function taxReportDownload(
  db: Database,
  year: number,
  file: TaxReportFile,
  actor: AuditActor,
): Promise<{ name: string; csv: string; rows: number }> {
  let csv: string;
  let rows: number;
  if (file === "dac7.csv") {
    const report = await dac7Report(db, year);
    [csv, rows] = [dac7Csv(year, report), report.length];
  } else {
    const report = await withholdingCertificates(db, year);
    [csv, rows] = [withholdingCertificatesCsv(year, report), report.length];
  }
  const name = file === "dac7.csv" ? `spotfolio-dac7-${year}.csv` : `spotfolio-withholding-${year}.csv`;
  await db.transaction((tx) => record(tx, actor, "money.tax_report_downloaded", { type: "tax_report", id: `${year}/${file}` }, null, { year, file, rows }));
  return { name, csv, rows };
}
