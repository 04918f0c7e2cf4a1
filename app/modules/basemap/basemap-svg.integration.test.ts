import { describe, expect, it } from "vitest";
import { basemapSvg, cachedBasemapSvg } from "./basemap-svg.server";
import { basemapArea, previewFrame } from "./preview-frame";

// Reads Natural Earth from world-atlas: file I/O, hence an integration test (no database needed).
describe("basemapSvg", () => {
  it("draws the coast around a city, cut to the area, in a few kilobytes", () => {
    const area = basemapArea(previewFrame([{ lat: 41.3851, lng: 2.1734 }]));
    const svg = basemapSvg(area);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 840"/);
    expect(svg).toMatch(/<path d="M[\d.-]+ [\d.-]+L/);
    expect(svg.length).toBeLessThan(40_000);
    // Every point lies within the image (and the sliver kept beyond its edges).
    const numbers = [...svg.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (const [x, y] of numbers) {
      expect(x).toBeGreaterThanOrEqual(-2);
      expect(x).toBeLessThanOrEqual(1202);
      expect(y).toBeGreaterThanOrEqual(-2);
      expect(y).toBeLessThanOrEqual(842);
    }
  });

  it("draws open sea as water alone, and the same area twice as the same image", () => {
    const pacific = basemapArea(previewFrame([{ lat: -30, lng: -140 }]));
    expect(basemapSvg(pacific)).not.toContain("<path");
    expect(cachedBasemapSvg(pacific)).toBe(cachedBasemapSvg(pacific));
  });
});
