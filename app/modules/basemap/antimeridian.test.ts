import { describe, expect, it } from "vitest";
import { fixAntimeridian, unwrapRing } from "./antimeridian";

describe("unwrapRing", () => {
  it("keeps a ring that never jumps as it is", () => {
    const ring = [
      [10, 0],
      [20, 0],
      [20, 10],
      [10, 0],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it("continues a ring across +180 instead of jumping back to -180", () => {
    const ring = [
      [179, 65],
      [-179, 66],
      [-178, 64],
      [179, 65],
    ];
    expect(unwrapRing(ring)).toEqual([
      [179, 65],
      [181, 66],
      [182, 64],
      [179, 65],
    ]);
  });

  it("continues a ring across -180 the other way", () => {
    expect(
      unwrapRing([
        [-179, -17],
        [179, -16],
        [-179, -17],
      ]),
    ).toEqual([
      [-179, -17],
      [-181, -16],
      [-179, -17],
    ]);
  });

  it("leaves no step longer than half the globe in the real Natural Earth data", async () => {
    const { feature } = await import("topojson-client");
    const topology = (await import("world-atlas/countries-110m.json", { with: { type: "json" } })).default;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON import carries no topology type
    const countries = fixAntimeridian(feature(topology as any, (topology as any).objects.countries) as any);
    let longest = 0;
    let touched = 0;
    for (const f of countries.features) {
      const polygons = f.geometry.type === "MultiPolygon" ? f.geometry.coordinates : f.geometry.type === "Polygon" ? [f.geometry.coordinates] : [];
      for (const polygon of polygons)
        for (const ring of polygon as number[][][])
          for (let i = 1; i < ring.length; i++) {
            longest = Math.max(longest, Math.abs(ring[i][0] - ring[i - 1][0]));
            if (Math.abs(ring[i][0]) > 180) touched++;
          }
    }
    expect(longest).toBeLessThan(180);
    expect(touched).toBeGreaterThan(0); // Russia and Fiji did need the fix
  });
});
