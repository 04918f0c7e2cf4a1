import { describe, expect, it } from "vitest";
import { cents } from "./cents";
import { formatEuros, formatPercent, ordinalDay } from "./format";

describe("formatEuros", () => {
  it("writes prices as the pages show them: whole euros without decimals, else two", () => {
    expect(formatEuros(cents(500))).toBe("€5");
    expect(formatEuros(cents(0))).toBe("€0");
    expect(formatEuros(cents(480))).toBe("€4.80");
    expect(formatEuros(cents(4850))).toBe("€48.50");
    expect(formatEuros(cents(10000))).toBe("€100");
  });

  it("prints every cent exactly, where dividing by 100 as a float would round", () => {
    expect(formatEuros(cents(29))).toBe("€0.29");
    expect(formatEuros(cents(1005))).toBe("€10.05");
    expect(formatEuros(cents(1))).toBe("€0.01");
    expect(formatEuros(cents(99_999))).toBe("€999.99");
  });

  it("groups thousands with commas", () => {
    expect(formatEuros(cents(100_000))).toBe("€1,000");
    expect(formatEuros(cents(123_456_789))).toBe("€1,234,567.89");
    expect(formatEuros(cents(2_000_000), { currency: "code" })).toBe("EUR 20,000");
  });

  it("puts the sign before the currency for refunds and reversals", () => {
    expect(formatEuros(cents(-1250))).toBe("-€12.50");
    expect(formatEuros(cents(-5), { currency: "code", decimals: "always" })).toBe("-EUR 0.05");
    expect(formatEuros(cents(-0))).toBe("€0");
  });

  it("writes the legal documents' form: the ISO code, and two decimals in worked examples", () => {
    expect(formatEuros(cents(5000), { currency: "code" })).toBe("EUR 50");
    expect(formatEuros(cents(1000), { currency: "code", decimals: "always" })).toBe("EUR 10.00");
    expect(formatEuros(cents(40), { currency: "code", decimals: "always" })).toBe("EUR 0.40");
    expect(formatEuros(cents(20_000), { currency: "code" })).toBe("EUR 200");
  });
});

describe("rates and days as the terms write them", () => {
  it("formats percentages and ordinal days", () => {
    expect(formatPercent(70)).toBe("70%");
    expect([1, 2, 3, 4, 10, 11, 12, 13, 20, 21, 22, 23, 31].map(ordinalDay)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "10th",
      "11th",
      "12th",
      "13th",
      "20th",
      "21st",
      "22nd",
      "23rd",
      "31st",
    ]);
  });
});
