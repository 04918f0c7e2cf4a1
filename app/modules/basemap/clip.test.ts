import { describe, expect, it } from "vitest";
import { clipRing, type Point } from "./clip";

const box = { minX: 0, minY: 0, maxX: 10, maxY: 10 };

describe("clipRing", () => {
  it("keeps a ring that lies inside", () => {
    const ring: Point[] = [
      [1, 1],
      [5, 1],
      [5, 5],
    ];
    expect(clipRing(ring, box)).toEqual(ring);
  });

  it("drops a ring that lies outside", () => {
    expect(
      clipRing(
        [
          [20, 20],
          [30, 20],
          [30, 30],
        ],
        box,
      ),
    ).toEqual([]);
  });

  it("cuts a ring that crosses the edge at the edge", () => {
    const clipped = clipRing(
      [
        [5, 5],
        [15, 5],
        [15, 8],
        [5, 8],
      ],
      box,
    );
    expect(clipped).toEqual([
      [5, 5],
      [10, 5],
      [10, 8],
      [5, 8],
    ]);
  });

  it("fills the whole box with a ring around it", () => {
    const clipped = clipRing(
      [
        [-5, -5],
        [15, -5],
        [15, 15],
        [-5, 15],
      ],
      box,
    );
    expect(new Set(clipped.map((p) => p.join(",")))).toEqual(new Set(["0,0", "10,0", "10,10", "0,10"]));
  });
});
