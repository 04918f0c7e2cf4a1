import { describe, expect, it } from "vitest";
import { cents } from "./cents";
import { paymentsCsv } from "./payments-csv.server";
import type { PaymentEarning } from "./statements.server";

const yearly: PaymentEarning = {
  paymentId: "p1",
  // 23:30 UTC on 31 October is 1 November in Madrid: the day the month counts it in.
  date: new Date("2026-10-31T23:30:00Z"),
  tier: "supporter",
  interval: "yearly",
  country: "DE",
  gross: cents(100_00),
  vat: cents(15_97),
  vatRate: 19,
  fee: cents(1_75),
  net: cents(82_28),
  share: cents(57_60),
  earned: cents(4_80),
  portionsEarned: 1,
  portions: 12,
  refunded: cents(0),
  status: "earning",
};

describe("the payments CSV", () => {
  it("writes one line a payment, amounts as plain decimals and days in Central European Time", () => {
    expect(paymentsCsv([yearly]).split("\r\n")).toEqual([
      "date,tier,billing,country,gross (EUR),VAT rate (%),VAT (EUR),fee (EUR),net (EUR),share (EUR),earned so far (EUR),refunded (EUR),status",
      "2026-11-01,supporter,yearly,DE,100.00,19,15.97,1.75,82.28,57.60,4.80,0.00,earning",
      "",
    ]);
  });

  it("leaves an unknown country empty, and no field can run as a spreadsheet formula", () => {
    const line = paymentsCsv([{ ...yearly, country: null, status: "partly refunded", earned: cents(-1_05), gross: cents(29) }]).split("\r\n")[1];
    expect(line).toBe("2026-11-01,supporter,yearly,,0.29,19,15.97,1.75,82.28,57.60,'-1.05,0.00,partly refunded");
  });
});
