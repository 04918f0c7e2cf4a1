import { describe, expect, it } from "vitest";
import { byDistance, distanceMeters, formatDistance } from "./near-me";

describe("near me", () => {
  it("measures great-circle distances", () => {
    // Sagrada Família to Park Güell: about 1.6 km.
    const d = distanceMeters({ lat: 41.4036, lng: 2.1744 }, { lat: 41.4145, lng: 2.1527 });
    expect(d).toBeGreaterThan(1500);
    expect(d).toBeLessThan(2300);
  });

  it("orders items nearest first and keeps their place in the creator's order", () => {
    const spots = [
      { name: "far", lat: 41.5, lng: 2.2 },
      { name: "near", lat: 41.381, lng: 2.171 },
      { name: "middle", lat: 41.4, lng: 2.18 },
    ];
    const sorted = byDistance(spots, { lat: 41.38, lng: 2.17 }, (s) => s);
    expect(sorted.map((s) => s.item.name)).toEqual(["near", "middle", "far"]);
    expect(sorted.map((s) => s.index)).toEqual([1, 2, 0]);
  });

  it("says distances as a reader would", () => {
    expect(formatDistance(3)).toBe("10 m");
    expect(formatDistance(349)).toBe("350 m");
    expect(formatDistance(1234)).toBe("1.2 km");
    expect(formatDistance(14_400)).toBe("14 km");
  });
});
