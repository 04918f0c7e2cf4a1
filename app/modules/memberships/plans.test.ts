import { describe, expect, it } from "vitest";
import { disclaimer, findPrice, formatPrice, type Plans } from "./plans";

const plans: Plans = {
  premium: { month: { priceId: "p_m", amountCents: 500 }, year: { priceId: "p_y", amountCents: 4800 } },
  supporter: { month: { priceId: "s_m", amountCents: 1000 }, year: { priceId: "s_y", amountCents: 10000 } },
};

describe("plans", () => {
  it("formats euros without needless decimals", () => {
    expect(formatPrice(plans.premium.month, "month")).toBe("€5 a month");
    expect(formatPrice({ priceId: "p_half", amountCents: 4850 }, "year")).toBe("€48.50 a year");
    expect(formatPrice(plans.supporter.year, "year")).toBe("€100 a year");
  });

  it("states the trial and the real amount in euros", () => {
    expect(disclaimer(plans.premium.month, "month")).toBe("30-day free trial, then €5 a month, charged automatically. VAT included. Cancel any time.");
    expect(disclaimer(plans.premium.month, "month")).not.toContain("$");
  });

  it("finds the tier and interval of a price id", () => {
    expect(findPrice(plans, "s_y")).toEqual({ tier: "supporter", interval: "year" });
    expect(findPrice(plans, "nope")).toBeNull();
  });
});
