import { describe, expect, it } from "vitest";
import { madridDate, monthLabel, payoutDayOf, structuredAddress } from "./payout-run.server";

describe("the payout run's dates and the company's address", () => {
  it("pays a month on the 20th of the month after, and reads days in Madrid", () => {
    expect(payoutDayOf("2026-11")).toBe("2026-12-20");
    expect(payoutDayOf("2026-12")).toBe("2027-01-20");
    expect(monthLabel("2026-11")).toBe("November 2026");
    // 23:30 UTC on 31 December is already New Year's Day in Madrid.
    expect(madridDate(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });

  it("reads COMPANY_ADDRESS as a structured address, and refuses one it cannot", () => {
    expect(structuredAddress("Carrer de Pallars 108, 08018 Barcelona, Spain")).toEqual({
      street: "Carrer de Pallars",
      buildingNumber: "108",
      postalCode: "08018",
      town: "Barcelona",
      country: "ES",
    });
    expect(structuredAddress("Calle de Alcalá, 28014 Madrid, Spain")).toMatchObject({ street: "Calle de Alcalá", buildingNumber: null });
    expect(() => structuredAddress("Somewhere")).toThrow(/COMPANY_ADDRESS/);
  });
});
