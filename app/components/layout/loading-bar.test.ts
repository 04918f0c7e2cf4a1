import { describe, expect, it } from "vitest";
import { LOADING_BAR, estimatedProgress } from "./loading-bar";

describe("loading bar", () => {
  it("uses the spec's timings", () => {
    expect(LOADING_BAR).toEqual({ durationMs: 2000, throttleMs: 200, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 });
  });
  it("progresses monotonically towards but never reaching 100", () => {
    const samples = [0, 100, 500, 2000, 10000, 60000].map((t) => estimatedProgress(t));
    expect(samples[0]).toBe(0);
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThan(samples[i - 1]);
    expect(samples.at(-1)).toBeLessThan(100);
    // Half of the way after half the duration.
    expect(Math.round(estimatedProgress(1000))).toBe(50);
  });
});
