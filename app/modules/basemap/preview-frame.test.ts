import { describe, expect, it } from "vitest";
import {
  basemapArea,
  basemapHref,
  basemapPlacement,
  BASEMAP_SCALE,
  fitBounds,
  frameOf,
  PREVIEW_PADDING,
  PREVIEW_ZOOM,
  previewFrame,
  project,
  VIEW_H,
  VIEW_W,
  worldX,
} from "./preview-frame";
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
      expect(x).toBeGreaterThanOrEqual(PREVIEW_PADDING - 1e-6);
      expect(x).toBeLessThanOrEqual(VIEW_W - PREVIEW_PADDING + 1e-6);
      expect(y).toBeGreaterThanOrEqual(PREVIEW_PADDING - 1e-6);
      expect(y).toBeLessThanOrEqual(VIEW_H - PREVIEW_PADDING + 1e-6);
    }
    expect(frame.w / frame.h).toBeCloseTo(VIEW_W / VIEW_H);
  });

  it("centres one spot in a city's frame", () => {
    const frame = previewFrame([barcelona[0]]);
    expect(project(frame, barcelona[0]).x).toBeCloseTo(VIEW_W / 2);
    expect(project(frame, barcelona[0]).y).toBeCloseTo(VIEW_H / 2);
    // A city: 10 to 30 km across at Barcelona's latitude (a world unit there is ~30,250 km).
    const km = frame.w * 40_075 * Math.cos((41.39 * Math.PI) / 180);
    expect(km).toBeGreaterThan(10);
    expect(km).toBeLessThan(30);
  });

  it("frames spots in one neighbourhood closely, not as one blob in a region", () => {
    const frame = previewFrame(barcelona);
    const xs = barcelona.map((p) => project(frame, p).x);
    const ys = barcelona.map((p) => project(frame, p).y);
    // The spots spread over most of the preview: the frame is fitted to their bounds.
    const spread = Math.max((Math.max(...xs) - Math.min(...xs)) / VIEW_W, (Math.max(...ys) - Math.min(...ys)) / VIEW_H);
    expect(spread).toBeGreaterThan(0.6);
  });

  it("falls back to the centre, then to the world", () => {
    expect(project(previewFrame([], { lat: 35.68, lng: 139.76 }), { lat: 35.68, lng: 139.76 }).x).toBeCloseTo(VIEW_W / 2);
    expect(previewFrame([]).w).toBe(1);
  });
});

describe("fitBounds: bounds to a viewport", () => {
  const box = { width: 1000, height: 700, padding: 50, minZoom: 1, maxZoom: 15, singleZoom: 12 };

  it("fits the bounds inside the padding and centres them", () => {
    const places = [
      { lat: 48.8566, lng: 2.3522 },
      { lat: 48.8738, lng: 2.295 },
      { lat: 48.8462, lng: 2.3371 },
    ];
    const view = fitBounds(places, box);
    const frame = frameOf(view, box.width, box.height);
    const points = places.map((p) => ({ x: ((worldX(p.lng) - frame.x) / frame.w) * box.width, y: project(frame, p).y * (box.height / VIEW_H) }));
    for (const { x, y } of points) {
      expect(x).toBeGreaterThanOrEqual(box.padding - 1e-6);
      expect(x).toBeLessThanOrEqual(box.width - box.padding + 1e-6);
      expect(y).toBeGreaterThanOrEqual(box.padding - 1e-6);
      expect(y).toBeLessThanOrEqual(box.height - box.padding + 1e-6);
    }
    // As close as the bounds allow: one of the two directions fills the inner box exactly.
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const filled = Math.max(
      (Math.max(...xs) - Math.min(...xs)) / (box.width - 2 * box.padding),
      (Math.max(...ys) - Math.min(...ys)) / (box.height - 2 * box.padding),
    );
    expect(filled).toBeCloseTo(1, 6);
    expect(view.zoom).toBeGreaterThan(11);
    expect(view.zoom).toBeLessThan(15);
  });

  it("keeps the zoom within its limits", () => {
    // Two spots a few metres apart: no closer than the street.
    expect(
      fitBounds(
        [
          { lat: 41.38, lng: 2.17 },
          { lat: 41.38001, lng: 2.17001 },
        ],
        box,
      ).zoom,
    ).toBe(box.maxZoom);
    // Spots around the world: never further out than the world.
    expect(
      fitBounds(
        [
          { lat: 60, lng: -170 },
          { lat: -40, lng: 170 },
        ],
        box,
      ).zoom,
    ).toBe(box.minZoom);
  });

  it("gives one place, or several at one point, the single zoom", () => {
    expect(fitBounds([{ lat: 41.38, lng: 2.17 }], box)).toMatchObject({ zoom: 12, x: worldX(2.17) });
    expect(
      fitBounds(
        [
          { lat: 41.38, lng: 2.17 },
          { lat: 41.38, lng: 2.17 },
        ],
        box,
      ).zoom,
    ).toBe(12);
  });

  it("shows the preview's own box at its limits", () => {
    expect(PREVIEW_ZOOM.single).toBeGreaterThanOrEqual(11);
    expect(PREVIEW_PADDING).toBeGreaterThan(30);
    const frame = previewFrame([
      { lat: 41.38, lng: 2.17 },
      { lat: 41.3800001, lng: 2.1700001 },
    ]);
    expect(frame.w).toBeCloseTo(VIEW_W / (512 * 2 ** PREVIEW_ZOOM.max));
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
