import { describe, expect, it } from "vitest";
import { boundsOf, contains } from "./map-points";

describe("boundsOf", () => {
  it("is null without points", () => expect(boundsOf([])).toBeNull());
  it("spans every point", () => {
    const b = boundsOf([
      { lat: 41.4, lng: 2.17 },
      { lat: 41.36, lng: 2.19 },
      { lat: 41.38, lng: 2.15 },
    ]);
    expect(b).toEqual([
      [2.15, 41.36],
      [2.19, 41.4],
    ]);
    expect(contains(b!, { lat: 41.38, lng: 2.18 })).toBe(true);
    expect(contains(b!, { lat: 41.5, lng: 2.18 })).toBe(false);
  });
});
