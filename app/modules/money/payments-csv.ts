/**
 * A creator's Supporter payments as a CSV file (Studio, Revenue, Payments): the columns of the
 * payments page, amounts in euros with two decimals, days in Central European Time like the months
 * they count in. Nothing that names the member: no email, no name, no user id. Pure.
 */
import type { Cents } from "./cents";
import type { PaymentEarning } from "./statements.server";

export const PAYMENTS_CSV_HEADER = [
  "date",
  "tier",
  "billing",
  "country",
  "gross (EUR)",
  "VAT rate (%)",
  "VAT (EUR)",
  "fee (EUR)",
  "net (EUR)",
  "share (EUR)",
  "earned so far (EUR)",
  "refunded (EUR)",
  "status",
] as const;

const madridDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" });

/** "2026-11-15": the day a payment was made, in Central European Time. */
export const paymentDay = (date: Date | string) => madridDay.format(new Date(date));

/** "10.00", "-1.50": cents as a plain decimal a spreadsheet reads as a number. */
export function decimalEuros(amount: Cents | number): string {
  const sign = amount < 0 ? "-" : "";
  const magnitude = Math.abs(amount);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** A text field as RFC 4180 quotes it; one a spreadsheet would run as a formula starts with an apostrophe. */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The payments, one line each, in the order given. */
export function paymentsCsv(payments: PaymentEarning[]): string {
  const lines = [
    PAYMENTS_CSV_HEADER.join(","),
    ...payments.map((p) =>
      [
        paymentDay(p.date),
        text(p.tier),
        p.interval,
        text(p.country ?? ""),
        decimalEuros(p.gross),
        String(p.vatRate),
        decimalEuros(p.vat),
        decimalEuros(p.fee),
        decimalEuros(p.net),
        decimalEuros(p.share),
        decimalEuros(p.earned),
        decimalEuros(p.refunded),
        text(p.status),
      ].join(","),
    ),
  ];
  return lines.join("\r\n") + "\r\n";
}
