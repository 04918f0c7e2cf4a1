/**
 * The static preview of a map: what part of the world it shows and where its
 * spots fall, in one pure calculation shared by the server (which renders it)
 * and the browser (which hydrates it), so both draw the same thing. Positions
 * are Web Mercator "world units": the whole world is 1 wide, y = 0 at the top.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** A rectangle of the world in world units. */
export interface WorldRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The preview's own coordinates (its SVG viewBox): spots are drawn in these. */
export const VIEW_W = 1000;
export const VIEW_H = 700;

/** The least span shown around one spot (or a city without spots): about a region, as the live map's context zoom. */
const MIN_SPAN = 0.002;
/** Room around the outermost spots, as a share of their spread on each side. */
const PADDING = 0.2;
/**
 * The basemap covers this many times the frame in each direction: the preview
 * is scaled to fit its box ("meet"), and whatever box shape the page gives it,
 * the bands beside the frame still show land and sea rather than nothing.
 */
export const BASEMAP_SCALE = 3;

export function worldX(lng: number): number {
  return (lng + 180) / 360;
}

export function worldY(lat: number): number {
  const clamped = Math.max(-85, Math.min(85, lat));
  return (1 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) / 2;
}

/** The frame around the spots, padded and widened to the preview's shape; the whole world without spots or a centre. */
export function previewFrame(spots: LatLng[], center?: LatLng): WorldRect {
  const shown = spots.length > 0 ? spots : center ? [center] : [];
  if (shown.length === 0) return fitAspect(0.5, worldY(20), 1, 0);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of shown) {
    const x = worldX(p.lng);
    const y = worldY(p.lat);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const w = Math.max((maxX - minX) * (1 + 2 * PADDING), MIN_SPAN);
  const h = Math.max((maxY - minY) * (1 + 2 * PADDING), (MIN_SPAN * VIEW_H) / VIEW_W);
  return fitAspect((minX + maxX) / 2, (minY + maxY) / 2, w, h);
}

function fitAspect(cx: number, cy: number, w: number, h: number): WorldRect {
  const aspect = VIEW_W / VIEW_H;
  const width = Math.max(w, h * aspect);
  const height = width / aspect;
  return { x: cx - width / 2, y: cy - height / 2, w: width, h: height };
}

/** Where a place falls in the preview's coordinates. */
export function project(frame: WorldRect, p: LatLng): { x: number; y: number } {
  return { x: ((worldX(p.lng) - frame.x) / frame.w) * VIEW_W, y: ((worldY(p.lat) - frame.y) / frame.h) * VIEW_H };
}

/** Six significant decimals of a world unit (a few centimetres): one URL, and one cache entry, per frame. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The basemap's rectangle around a frame, rounded as its URL carries it. */
export function basemapArea(frame: WorldRect): WorldRect {
  const w = round(frame.w * BASEMAP_SCALE);
  const h = round(frame.h * BASEMAP_SCALE);
  return { x: round(frame.x + frame.w / 2 - w / 2), y: round(frame.y + frame.h / 2 - h / 2), w, h };
}

/** Where the basemap image sits in the preview's coordinates. */
export function basemapPlacement(frame: WorldRect, area: WorldRect): WorldRect {
  return {
    x: ((area.x - frame.x) / frame.w) * VIEW_W,
    y: ((area.y - frame.y) / frame.h) * VIEW_H,
    w: (area.w / frame.w) * VIEW_W,
    h: (area.h / frame.h) * VIEW_H,
  };
}

export const BASEMAP_PATH = "/map-basemap.svg";

export function basemapHref(area: WorldRect): string {
  return `${BASEMAP_PATH}?area=${[area.x, area.y, area.w, area.h].join(",")}`;
}
