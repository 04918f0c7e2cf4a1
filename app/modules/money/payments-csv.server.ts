/**
 * The payments CSV's writer (/studio/revenue/payments.csv). Server-only, like the CSV writer it
 * uses (~/lib/csv.server); the columns and days are payments-csv.ts's.
 */
import { csvText } from "~/lib/csv.server";
import { decimalEuros } from "./format";
import { PAYMENTS_CSV_HEADER, paymentDay } from "./payments-csv";
import type { PaymentEarning } from "./statements.server";

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
