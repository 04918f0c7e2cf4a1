/**
 * A creator's Supporter payments as a CSV file (Studio, Revenue, Payments): the columns of the
 * payments page, amounts in euros with two decimals, days in Central European Time like the months
 * they count in. Nothing that names the member: no email, no name, no user id.
 */
import { csvText } from "~/lib/csv";
import { decimalEuros } from "./format";
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

/** The payments, one line each, in the order given (the project's one CSV writer: quoted where needed, formulas escaped). */
export function paymentsCsv(payments: PaymentEarning[]): string {
  return csvText(
    PAYMENTS_CSV_HEADER,
    payments.map((p) => [
      paymentDay(p.date),
      p.tier,
      p.interval,
      p.country ?? "",
      decimalEuros(p.gross),
      String(p.vatRate),
      decimalEuros(p.vat),
      decimalEuros(p.fee),
      decimalEuros(p.net),
      decimalEuros(p.share),
      decimalEuros(p.earned),
      decimalEuros(p.refunded),
      p.status,
    ]),
  );
}
