/**
 * The one way amounts are written. Pages and receipts write "€5" and "€4.80";
 * the legal documents write "EUR 50" and, in their worked examples, "EUR 10.00".
 * Built from the integer cents rather than Intl's currency style so the server
 * and every browser print the same characters (no ICU-dependent spaces) and no
 * float division can turn 29 cents into €0.28.
 */
import type { Cents } from "./cents";

export interface EuroFormat {
  /** "symbol" (default): "€5", as pages, receipts and plan prices show it. "code": "EUR 5", as the legal documents write it. */
  currency?: "symbol" | "code";
  /** "auto" (default): whole euros without decimals ("€5"), else two ("€4.80"). "always": two even when whole ("EUR 10.00"), for worked examples and statements. */
  decimals?: "auto" | "always";
}

/** "€5", "€4.80", "-€12.50", "€20,000"; with `{ currency: "code" }` "EUR 5". */
export function formatEuros(amount: Cents, { currency = "symbol", decimals = "auto" }: EuroFormat = {}): string {
  const magnitude = Math.abs(amount);
  const euros = Math.floor(magnitude / 100);
  const rest = magnitude % 100;
  const fraction = rest === 0 && decimals === "auto" ? "" : `.${String(rest).padStart(2, "0")}`;
  const number = `${thousands(euros)}${fraction}`;
  return `${amount < 0 ? "-" : ""}${currency === "code" ? `EUR ${number}` : `€${number}`}`;
}

/** "1234.50", "-0.07": an amount in files read by machines and spreadsheets (CSV), integer arithmetic like the rest. */
export function decimalEuros(amount: Cents | number): string {
  const magnitude = Math.abs(amount);
  return `${amount < 0 ? "-" : ""}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** "70%": rates as the terms and pages write them. */
export function formatPercent(value: number): string {
  return `${value}%`;
}

/** "20th", "10th", "1st": a day of the month as the terms write payout and statement days. */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

function thousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
