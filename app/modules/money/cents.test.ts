import { describe, expect, it } from "vitest";
import { cents, isCents, percentOf, shareOf } from "./cents";

describe("cents", () => {
  it("takes whole numbers of cents, negatives included", () => {
    expect(cents(500)).toBe(500);
    expect(cents(-1250)).toBe(-1250);
    expect(cents(0)).toBe(0);
    expect(Object.is(cents(-0), 0)).toBe(true);
  });

  it("refuses a fraction of a cent, NaN and infinities instead of rounding them", () => {
    for (const bad of [10.5, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53]) {
      expect(() => cents(bad), String(bad)).toThrow(RangeError);
      expect(isCents(bad)).toBe(false);
    }
    expect(isCents(4800)).toBe(true);
    expect(isCents("4800")).toBe(false);
  });
});

describe("shares of an amount", () => {
  it("reproduces the terms' worked examples", () => {
    // Section 2: 70% of EUR 7.86 net is EUR 5.50.
    expect(percentOf(cents(786), 70)).toBe(550);
    // Section 4: a EUR 20,000 net Premium month makes a EUR 10,000 pool; 3,000 of 150,000 points earn EUR 200.
    const pool = percentOf(cents(2_000_000), 50);
    expect(pool).toBe(1_000_000);
    expect(shareOf(pool, 3_000, 150_000)).toBe(20_000);
  });

  it("rounds to the nearest cent, halves away from zero, so a reversal is exactly minus the share", () => {
    expect(percentOf(cents(5), 50)).toBe(3);
    expect(percentOf(cents(-5), 50)).toBe(-3);
    expect(percentOf(cents(1), 70)).toBe(1);
    expect(percentOf(cents(1), 40)).toBe(0);
    expect(shareOf(cents(100), 1, 3)).toBe(33);
    expect(shareOf(cents(200), 1, 3)).toBe(67);
    for (const amount of [1, 7, 786, 999, 12_345]) expect(percentOf(cents(-amount), 70)).toBe(-percentOf(cents(amount), 70));
  });

  it("stays exact where a float product would not", () => {
    // 9,007,199,254,740,991 × 3 overflows a double's exact range; BigInt keeps the last cent.
    expect(shareOf(cents(Number.MAX_SAFE_INTEGER), 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses a ratio that is not whole numbers", () => {
    expect(() => percentOf(cents(100), 2.5)).toThrow(RangeError);
    expect(() => shareOf(cents(100), 1, 0)).toThrow(RangeError);
  });
});
