import { describe, expect, it } from "vitest";
import { frameAt, moveFrame, zoomFrame } from "./cover-crop";

const close = (frame: { x: number; y: number; width: number; height: number }) =>
  Object.fromEntries(Object.entries(frame).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));

describe("the cover crop frame", () => {
  it("starts as the largest 16:9 area of the image, centred", () => {
    // A square image: full width, 9/16 of the height.
    expect(close(frameAt({ width: 1000, height: 1000 }, 1))).toEqual({ x: 0, y: 0.219, width: 1, height: 0.563 });
    // A panorama: full height, part of the width.
    expect(close(frameAt({ width: 3200, height: 900 }, 1))).toEqual({ x: 0.25, y: 0, width: 0.5, height: 1 });
  });

  it("moves and zooms without leaving the image", () => {
    const image = { width: 1600, height: 1600 };
    const frame = frameAt(image, 0.5);
    expect(close(moveFrame(frame, -1, -1))).toMatchObject({ x: 0, y: 0 });
    expect(close(moveFrame(frame, 1, 1))).toMatchObject({ x: 0.5, y: 0.719 });
    const cornered = moveFrame(frame, 1, 1);
    // Zooming out from a corner stays inside the image.
    expect(close(zoomFrame(image, cornered, 1))).toEqual({ x: 0, y: 0.438, width: 1, height: 0.563 });
    // Never smaller than 30 % of the largest frame.
    expect(close(zoomFrame(image, frame, 0.01)).width).toBe(0.3);
  });
});
