import { describe, expect, it } from "vitest";
import type { FeatureCollection } from "geojson";
import { contextZoom } from "./context-view";

const frame = { width: 400, height: 400, padding: 40 };
const square = (west: number, south: number, east: number, north: number): FeatureCollection => ({
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      properties: {},
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      },
    },
  ],
});

/** Pixels from the centre to a point at a zoom (MapLibre's 512 px world), on the larger axis. */
function pixelsAway(center: { lat: number; lng: number }, p: { lat: number; lng: number }, zoom: number) {
  const x = (lng: number) => (lng + 180) / 360;
  const y = (lat: number) => (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2;
  const world = 512 * 2 ** zoom;
  return Math.max(Math.abs(x(p.lng) - x(center.lng)) * world, Math.abs(y(p.lat) - y(center.lat)) * world);
}

describe("contextZoom", () => {
  const center = { lat: 41.38, lng: 2.18 };

  it("zooms out until the nearest coast or border is in the frame, not to street level", () => {
    // A coast 0.5° east of the spot.
    const land = square(-10, 30, 2.68, 50);
    const zoom = contextZoom({ center, show: [], land, frame, minZoom: 2, maxZoom: 15 });
    expect(zoom).toBeLessThan(11);
    const coastPx = pixelsAway(center, { lat: center.lat, lng: 2.68 }, zoom);
    expect(coastPx).toBeLessThanOrEqual(frame.width / 2 - frame.padding + 0.01);
    expect(coastPx).toBeGreaterThan(frame.width / 4); // not zoomed out further than it needs
  });

  it("takes the nearest of several edges, and stays within the limits", () => {
    const far = square(-40, 10, 40, 70);
    const near = square(2.2, 41.39, 2.3, 41.5);
    expect(contextZoom({ center, show: [], land: far, frame, minZoom: 3, maxZoom: 10 })).toBe(3);
    const both: FeatureCollection = { type: "FeatureCollection", features: [...far.features, ...near.features] };
    expect(contextZoom({ center, show: [], land: both, frame, minZoom: 3, maxZoom: 10 })).toBe(10);
  });

  it("keeps every point to show inside the frame around the centre", () => {
    const show = [
      { lat: 41.42, lng: 2.15 },
      { lat: 41.36, lng: 2.25 },
    ];
    const zoom = contextZoom({ center, show, land: null, frame, minZoom: 2, maxZoom: 15 });
    for (const p of show) expect(pixelsAway(center, p, zoom)).toBeLessThanOrEqual(frame.width / 2 - frame.padding + 0.01);
    expect(zoom).toBeGreaterThan(10);
  });

  it("measures across the antimeridian the short way", () => {
    const fiji = { lat: -17, lng: 179.9 };
    const zoom = contextZoom({ center: fiji, show: [{ lat: -17, lng: -179.9 }], land: null, frame, minZoom: 2, maxZoom: 15 });
    expect(zoom).toBeGreaterThan(8);
  });
});
