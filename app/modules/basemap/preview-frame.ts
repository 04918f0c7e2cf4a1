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

/**
 * How close the preview comes, in MapLibre's zoom levels (the world is 512 units wide at zoom 0; the
 * preview is VIEW_W units wide): spots in one street are still shown with their street around them,
 * one spot alone (or a city without spots) gets a city's frame, and nothing zooms out past the world.
 */
export const PREVIEW_ZOOM = { min: 1, max: 15, single: 12 } as const;
/** Room kept clear at each side of the preview, in its own units: a pin (radius 18 + stroke) never touches the edge. */
export const PREVIEW_PADDING = 60;
/** MapLibre's world is 512 px wide at zoom 0. */
const WORLD_PX = 512;
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

/** Where the preview looks: its centre in world units and MapLibre's zoom level. */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface FitOptions {
  width: number;
  height: number;
  /** Kept clear at each side, in the same units as width and height. */
  padding: number;
  minZoom: number;
  maxZoom: number;
  /** The zoom for one place alone (no spread to fit). */
  singleZoom: number;
}

const PREVIEW_FIT: FitOptions = {
  width: VIEW_W,
  height: VIEW_H,
  padding: PREVIEW_PADDING,
  minZoom: PREVIEW_ZOOM.min,
  maxZoom: PREVIEW_ZOOM.max,
  singleZoom: PREVIEW_ZOOM.single,
};

/**
 * The viewport that fits the places' bounds inside the box less its padding: centred on the
 * bounds, as close as they allow, within the zoom limits. One place (or several at one spot) is
 * shown at `singleZoom`; no place at all is the whole world.
 */
export function fitBounds(places: LatLng[], options: FitOptions = PREVIEW_FIT): Viewport {
  if (places.length === 0) return { x: 0.5, y: worldY(20), zoom: Math.log2(options.width / WORLD_PX) };
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of places) {
    const x = worldX(p.lng);
    const y = worldY(p.lat);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const center = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  if (spanX === 0 && spanY === 0) return { ...center, zoom: clamp(options.singleZoom, options.minZoom, options.maxZoom) };
  const innerW = Math.max(1, options.width - 2 * options.padding);
  const innerH = Math.max(1, options.height - 2 * options.padding);
  // At zoom z the world is WORLD_PX * 2^z units wide: the spread must fit the inner box both ways.
  const zoomX = spanX > 0 ? Math.log2(innerW / (spanX * WORLD_PX)) : Infinity;
  const zoomY = spanY > 0 ? Math.log2(innerH / (spanY * WORLD_PX)) : Infinity;
  return { ...center, zoom: clamp(Math.min(zoomX, zoomY), options.minZoom, options.maxZoom) };
}

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

/** The rectangle of the world a viewport shows in a box of the preview's shape. */
export function frameOf(view: Viewport, width = VIEW_W, height = VIEW_H): WorldRect {
  const scale = WORLD_PX * 2 ** view.zoom;
  const w = width / scale;
  const h = height / scale;
  return { x: view.x - w / 2, y: view.y - h / 2, w, h };
}

/** The frame around the spots (their bounds fitted with padding, see fitBounds); around the centre, or the world, without spots. */
export function previewFrame(spots: LatLng[], center?: LatLng): WorldRect {
  const shown = spots.length > 0 ? spots : center ? [center] : [];
  return frameOf(fitBounds(shown));
}

/** Where a place falls in the preview's coordinates. */
export function project(frame: WorldRect, p: LatLng): { x: number; y: number } {
  return { x: ((worldX(p.lng) - frame.x) / frame.w) * VIEW_W, y: ((worldY(p.lat) - frame.y) / frame.h) * VIEW_H };
}

/**
 * Six significant digits of the area's size (a thousandth of a pixel of the preview): one URL, and
 * one cache entry, per frame, however close the frame is.
 */
function rounder(size: number): (n: number) => number {
  const step = 10 ** (Math.ceil(Math.log10(size)) - 6);
  return (n) => Number((Math.round(n / step) * step).toPrecision(12));
}

/** The basemap's rectangle around a frame, rounded as its URL carries it. */
export function basemapArea(frame: WorldRect): WorldRect {
  const round = rounder(frame.w * BASEMAP_SCALE);
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

/** A preview's frame around its places and where its basemap image goes: what a static map draws. */
export function previewLayout(places: LatLng[], center?: LatLng): { frame: WorldRect; href: string; image: WorldRect } {
  const frame = previewFrame(places, center);
  const area = basemapArea(frame);
  return { frame, href: basemapHref(area), image: basemapPlacement(frame, area) };
}
