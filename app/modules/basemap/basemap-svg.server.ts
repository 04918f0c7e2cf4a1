/**
 * The offline basemap (Natural Earth land and borders, the live map's own)
 * as a small SVG of one area: the static preview a map page shows before, or
 * instead of, the interactive map. Rings are cut to the area and rounded to
 * the image's pixels, so a city's basemap is a few kilobytes whatever the
 * size of the country it lies in.
 */
import { clipRing, type Point } from "./clip";
import { naturalEarthCountries } from "./natural-earth.server";
import { worldX, worldY, type WorldRect } from "./preview-frame";

/** The image's width in its own units; its height follows the area's shape. */
const OUT_W = 1200;
/** Points closer than this (in image units) to the previous one add nothing visible. */
const MIN_STEP = 0.6;

interface Ring {
  points: Point[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Each country as its rings in world units, longitudes unwrapped across the antimeridian. */
let countries: Ring[][] | null = null;

function loadCountries(): Ring[][] {
  return naturalEarthCountries().features.map((f) => {
    const g = f.geometry;
    const polygons = g?.type === "Polygon" ? [g.coordinates] : g?.type === "MultiPolygon" ? g.coordinates : [];
    return polygons.flat().map((ring) => {
      const points: Point[] = [];
      let offset = 0;
      let previousLng = ring[0]?.[0] ?? 0;
      for (const [lng, lat] of ring) {
        // Chukotka and Fiji jump from +180 to -180 between two points: keep the ring continuous.
        if (lng - previousLng > 180) offset -= 360;
        else if (lng - previousLng < -180) offset += 360;
        previousLng = lng;
        points.push([worldX(lng + offset), worldY(lat)]);
      }
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      return { points, minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
    });
  });
}

const format = (n: number) => String(Math.round(n * 10) / 10);

/** The basemap of an area as an SVG document: water behind, land with its borders. */
export function basemapSvg(area: WorldRect): string {
  countries ??= loadCountries();
  const outH = Math.round((OUT_W * area.h) / area.w);
  const scaleX = OUT_W / area.w;
  const scaleY = outH / area.h;
  // A little beyond the image, so cut edges never show as lines along its border.
  const box = { minX: -2, minY: -2, maxX: OUT_W + 2, maxY: outH + 2 };
  const paths: string[] = [];
  for (const rings of countries) {
    let d = "";
    for (const ring of rings) {
      // The world repeats east and west: draw each copy of a ring the area reaches.
      for (const shift of [-1, 0, 1]) {
        if (ring.maxX + shift < area.x || ring.minX + shift > area.x + area.w || ring.maxY < area.y || ring.minY > area.y + area.h) continue;
        const projected = ring.points.map(([x, y]): Point => [(x + shift - area.x) * scaleX, (y - area.y) * scaleY]);
        const clipped = clipRing(projected, box);
        let last: Point | null = null;
        let part = "";
        let count = 0;
        for (const p of clipped) {
          if (last && Math.abs(p[0] - last[0]) < MIN_STEP && Math.abs(p[1] - last[1]) < MIN_STEP) continue;
          part += `${last ? "L" : "M"}${format(p[0])} ${format(p[1])}`;
          last = p;
          count++;
        }
        if (count >= 3) d += `${part}Z`;
      }
    }
    if (d) paths.push(`<path d="${d}"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${OUT_W} ${outH}" width="${OUT_W}" height="${outH}" preserveAspectRatio="none">` +
    `<rect width="100%" height="100%" fill="#cfe3ee"/>` +
    `<g fill="#f5f2ea" fill-rule="evenodd" stroke="#bdb6a6" stroke-width="1.2" stroke-linejoin="round">${paths.join("")}</g>` +
    `</svg>`
  );
}

/** Recently drawn areas: a map page's preview is asked for by every visitor of that page. */
const recent = new Map<string, string>();
const RECENT_MAX = 256;

export function cachedBasemapSvg(area: WorldRect): string {
  const key = `${area.x},${area.y},${area.w},${area.h}`;
  let svg = recent.get(key);
  if (svg === undefined) {
    svg = basemapSvg(area);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  }
  recent.delete(key);
  recent.set(key, svg);
  return svg;
}
