/**
 * Which Spanish withholding applies to a creator's payouts (Creator Compensation, section 8), from
 * their tax settings alone: IRPF for individuals resident in Spain at the rate they chose (the 7%
 * of a new activity only while it lasts, then 15%); non-resident income tax (IRNR) for anyone
 * resident elsewhere, unless a certificate of tax residence is on file; nothing for companies
 * resident in Spain (IRPF is not withheld from companies). Statements, invoices and the payout run
 * read the rule from here. Pure and browser-safe.
 */
import {
  EU_EEA_COUNTRIES,
  IRNR_EU_EEA_PERCENT,
  IRNR_GENERAL_PERCENT,
  IRPF_GENERAL_PERCENT,
  IRPF_NEW_ACTIVITY_PERCENT,
  IRPF_NEW_ACTIVITY_YEARS,
} from "./compensation-rules";

/** What withholding needs to know of the tax settings. */
export interface WithholdingProfile {
  entityType: "individual" | "company";
  taxResidenceCountry: string;
  irpfPercent: number | null;
  irpfActivityStartYear: number | null;
  hasResidenceCertificate: boolean;
}

export type WithholdingRule =
  { kind: "irpf"; percent: number; reason: string } | { kind: "irnr"; percent: number; reason: string } | { kind: "none"; percent: 0; reason: string };

/** Whether the 7% new-activity rate still applies in `year` to an activity started in `startYear`. */
export function newActivityRateApplies(startYear: number | null, year: number): boolean {
  return startYear !== null && year >= startYear && year < startYear + IRPF_NEW_ACTIVITY_YEARS;
}

/** The last year the 7% rate applies to an activity started in `startYear`. */
export function lastNewActivityYear(startYear: number): number {
  return startYear + IRPF_NEW_ACTIVITY_YEARS - 1;
}

/** The rule for payouts made on `at` (the year decides whether a new activity's 7% still applies; Spain's calendar year, UTC is close enough at a year's edge of a monthly payout). */
export function withholdingFor(settings: WithholdingProfile, at: Date = new Date()): WithholdingRule {
  const resident = settings.taxResidenceCountry === "ES";
  if (resident) {
    if (settings.entityType === "company") return { kind: "none", percent: 0, reason: "IRPF is not withheld from companies resident in Spain" };
    const year = at.getUTCFullYear();
    if (settings.irpfPercent === IRPF_NEW_ACTIVITY_PERCENT && newActivityRateApplies(settings.irpfActivityStartYear, year)) {
      return {
        kind: "irpf",
        percent: IRPF_NEW_ACTIVITY_PERCENT,
        reason: `IRPF at ${IRPF_NEW_ACTIVITY_PERCENT}%: a professional activity started in ${settings.irpfActivityStartYear} (until the end of ${lastNewActivityYear(settings.irpfActivityStartYear!)})`,
      };
    }
    return { kind: "irpf", percent: IRPF_GENERAL_PERCENT, reason: `IRPF at the general ${IRPF_GENERAL_PERCENT}% rate` };
  }
  if (settings.hasResidenceCertificate) {
    return { kind: "none", percent: 0, reason: "No Spanish withholding: a certificate of tax residence is on file" };
  }
  const euEea = EU_EEA_COUNTRIES.includes(settings.taxResidenceCountry);
  const percent = euEea ? IRNR_EU_EEA_PERCENT : IRNR_GENERAL_PERCENT;
  return {
    kind: "irnr",
    percent,
    reason: `Spanish non-resident income tax (IRNR) at ${percent}%${euEea ? " (resident in the EU or EEA)" : ""}, until a certificate of tax residence is on file`,
  };
}
