/**
 * VAT on member payments. Prices include VAT, so the VAT of a payment is taken out of its gross:
 * VAT = gross − round(gross / (1 + rate)), to the nearest cent (halves away from zero), at the
 * standard rate of the member's country on the day of the payment. The terms' example: EUR 10.00
 * in Spain at 21% → 10.00 − round(8.264…) = 1.74.
 *
 * Rates: the EU's 27 member states' standard rates from the `vatrates` package, dated, with the
 * changes it does not have yet (RATE_CHANGES, each with its effective date). Outside the EU no EU
 * VAT is charged (the platform, established in Spain, does not collect VAT for third countries
 * here): rate 0. A payment with no country evidence at all is charged Spain's rate, the
 * platform's own establishment (never less VAT than the likeliest).
 */
import VATRates from "vatrates";
import { cents, shareOf, type Cents } from "./cents";

/** The EU member states (ISO alpha-2; Greece is GR here, EL in VIES). The United Kingdom is not one. */
export const EU_COUNTRIES = [
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE",
  "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
] as const; // prettier-ignore

/** The platform's own country: its rate applies when a payment carries no country. */
export const HOME_COUNTRY = "ES";

/**
 * Standard rates changed after the installed `vatrates` data (2.0.3) was published. Newest first
 * per country; a date is the first day (in the country) the rate applies.
 */
const RATE_CHANGES: Record<string, { from: string; rate: number }[]> = {
  EE: [
    { from: "2025-07-01", rate: 24 },
    { from: "2024-01-01", rate: 22 },
  ],
  FI: [{ from: "2024-09-01", rate: 25.5 }],
  RO: [{ from: "2025-08-01", rate: 21 }],
  SK: [{ from: "2025-01-01", rate: 23 }],
};

const eu = new Set<string>(EU_COUNTRIES);

export function isEuCountry(country: string | null | undefined): boolean {
  return Boolean(country && eu.has(country));
}

/** The standard VAT rate in percent (21, 25.5) of a member's country on a day; 0 outside the EU. */
export function vatRateOf(country: string | null | undefined, on: Date): number {
  const code = country ?? HOME_COUNTRY;
  if (!eu.has(code)) return 0;
  const day = on.toISOString().slice(0, 10);
  const changed = RATE_CHANGES[code]?.find((change) => change.from <= day);
  if (changed) return changed.rate;
  const rate = new VATRates(on).getStandardRate(code);
  if (rate === undefined) throw new Error(`vatrates has no standard rate for ${code}`);
  return rate;
}

/** The VAT included in a gross amount at `ratePercent` (two decimals at most): gross − round(gross / (1 + rate)). */
export function vatIncluded(gross: Cents, ratePercent: number): Cents {
  const basisPoints = Math.round(ratePercent * 100);
  if (basisPoints === 0) return cents(0);
  return cents(gross - shareOf(gross, 10_000, 10_000 + basisPoints));
}
