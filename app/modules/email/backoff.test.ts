import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  it("waits 30 s, 2 min, 10 min, 1 h, ... after successive failures", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([30_000, 120_000, 600_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000]);
  });

  it("grows with every failure and is capped", () => {
    for (let n = 2; n <= RETRY_DELAYS_MS.length; n++) expect(retryDelayMs(n)).toBeGreaterThan(retryDelayMs(n - 1));
    expect(retryDelayMs(50)).toBe(12 * 3_600_000);
    expect(retryDelayMs(0)).toBe(30_000);
  });

  it("gives up after a bounded number of attempts", () => {
    expect(MAX_ATTEMPTS).toBe(8);
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    // Seven waits: close to a day of retries (a mail server's outage) before a message is marked failed.
    expect(total).toBeGreaterThan(20 * 3_600_000);
    expect(total).toBeLessThan(48 * 3_600_000);
  });
});
