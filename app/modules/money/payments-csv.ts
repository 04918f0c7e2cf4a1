/**
 * A creator's Supporter payments as a CSV file (Studio, Revenue, Payments): the columns of the
 * payments page, amounts in euros with two decimals, days in Central European Time like the months
 * they count in. Nothing that names the member: no email, no name, no user id.
 * Browser-safe (the payments page shows the same days); the writer is payments-csv.server.ts.
 */

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
