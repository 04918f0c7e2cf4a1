import { describe, expect, it } from "vitest";
import { basemapArea, basemapHref, basemapPlacement, BASEMAP_SCALE, previewFrame, project, VIEW_H, VIEW_W } from "./preview-frame";
import { basemapAreaSchema } from "./area-schema";

const barcelona = [
  { lat: 41.3851, lng: 2.1734 },
  { lat: 41.4036, lng: 2.1744 },
  { lat: 41.3809, lng: 2.1228 },
];

describe("previewFrame", () => {
  it("shows every spot inside the preview, none on its edge", () => {
    const frame = previewFrame(barcelona);
    for (const p of barcelona) {
      const { x, y } = project(frame, p);
      expect(x).toBeGreaterThan(VIEW_W * 0.1);
      expect(x).toBeLessThan(VIEW_W * 0.9);
      expect(y).toBeGreaterThan(VIEW_H * 0.1);
      expect(y).toBeLessThan(VIEW_H * 0.9);
    }
    expect(frame.w / frame.h).toBeCloseTo(VIEW_W / VIEW_H);
  });

  it("centres one spot and keeps a region's span around it", () => {
    const frame = previewFrame([barcelona[0]]);
    expect(project(frame, barcelona[0]).x).toBeCloseTo(VIEW_W / 2);
    expect(project(frame, barcelona[0]).y).toBeCloseTo(VIEW_H / 2);
    expect(frame.w).toBeGreaterThan(0.001);
  });

  it("falls back to the centre, then to the world", () => {
    expect(project(previewFrame([], { lat: 35.68, lng: 139.76 }), { lat: 35.68, lng: 139.76 }).x).toBeCloseTo(VIEW_W / 2);
    expect(previewFrame([]).w).toBe(1);
  });
});

describe("the basemap around a frame", () => {
  it("covers the frame several times over, centred, and round-trips through its URL", () => {
    const frame = previewFrame(barcelona);
    const area = basemapArea(frame);
    expect(area.w).toBeCloseTo(frame.w * BASEMAP_SCALE, 5);
    const placed = basemapPlacement(frame, area);
    expect(placed.x + placed.w / 2).toBeCloseTo(VIEW_W / 2, 0);
    expect(placed.y + placed.h / 2).toBeCloseTo(VIEW_H / 2, 0);
    const query = new URL(basemapHref(area), "http://x").searchParams.get("area")!;
    expect(basemapAreaSchema.parse(query)).toEqual(area);
  });

  it("refuses an area that is not four numbers of a sane size", () => {
    for (const bad of ["", "1,2,3", "a,b,c,d", "0,0,0,1", "0,0,9,1", "0,0,1,1,1", "0,0,1e-300,1", "0,0,1,0.001"])
      expect(basemapAreaSchema.safeParse(bad).success).toBe(false);
  });
});
