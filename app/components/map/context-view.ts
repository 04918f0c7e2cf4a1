/**
 * How far out a spot's own map looks. One dot at street level on the offline
 * basemap (land and borders only) is a dot on beige: nothing to orient by. So
 * the map is centred on the spot and zoomed out until the nearest coast or
 * border is in the frame, together with the map's other spots and the city's
 * name. Every edge of a country polygon is a coast or a border, so the
 * nearest edge of any polygon is the nearest of either. Pure: no MapLibre.
 */
import type { FeatureCollection, Position } from "geojson";

/** MapLibre's world is 512 px wide at zoom 0. */
const WORLD_PX = 512;

export interface Frame {
  width: number;
  height: number;
  /** Kept clear at each side: what must be shown lies at least this far inside. */
  padding: number;
}

interface LatLng {
  lat: number;
  lng: number;
}

function mercatorY(lat: number): number {
  const clamped = Math.max(-85, Math.min(85, lat));
  return (1 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) / 2;
}

/** Where a point lies from the centre in world units (the whole world is 1 wide), the short way round. */
function offset(center: LatLng, lng: number, lat: number): [number, number] {
  // Longitudes may run past ±180 (unwrapped rings).
  const dLng = ((((lng - center.lng + 180) % 360) + 360) % 360) - 180;
  return [dLng / 360, mercatorY(lat) - mercatorY(center.lat)];
}

/**
 * What an offset needs of the frame: a point is inside the frame at zoom z
 * exactly when reach * WORLD_PX * 2^z <= 1.
 */
function reachOf([dx, dy]: [number, number], frame: Frame): number {
  const halfW = Math.max(1, frame.width / 2 - frame.padding);
  const halfH = Math.max(1, frame.height / 2 - frame.padding);
  return Math.max(Math.abs(dx) / halfW, Math.abs(dy) / halfH);
}

/** The least reach of an edge: its ends and the point on it nearest the centre (about the least). */
function edgeReach(a: [number, number], b: [number, number], frame: Frame): number {
  const least = Math.min(reachOf(a, frame), reachOf(b, frame));
  const du = b[0] - a[0];
  const dv = b[1] - a[1];
  const length2 = du * du + dv * dv;
  // Ends on opposite sides of the world are not one short edge.
  if (length2 === 0 || Math.abs(du) > 0.5) return least;
  const t = Math.max(0, Math.min(1, -(a[0] * du + a[1] * dv) / length2));
  return Math.min(least, reachOf([a[0] + t * du, a[1] + t * dv], frame));
}

const zoomFor = (reach: number) => (reach === 0 ? Infinity : Math.log2(1 / (WORLD_PX * reach)));

function* rings(land: FeatureCollection): Generator<Position[]> {
  for (const f of land.features) {
    const g = f.geometry;
    if (!g) continue;
    const polygons = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
    for (const polygon of polygons) yield* polygon;
  }
}

/**
 * The zoom for a map centred on `center` that keeps every point of `show` in
 * the frame and, with `land`, the nearest coast or border too; within the limits.
 */
export function contextZoom({
  center,
  show,
  land,
  frame,
  minZoom,
  maxZoom,
}: {
  center: LatLng;
  show: LatLng[];
  land: FeatureCollection | null;
  frame: Frame;
  minZoom: number;
  maxZoom: number;
}): number {
  let zoom = maxZoom;
  for (const p of show) zoom = Math.min(zoom, zoomFor(reachOf(offset(center, p.lng, p.lat), frame)));
  if (land) {
    let nearest = Infinity;
    for (const ring of rings(land)) {
      let previous: [number, number] | null = null;
      for (const [lng, lat] of ring) {
        const here = offset(center, lng, lat);
        nearest = Math.min(nearest, previous ? edgeReach(previous, here, frame) : reachOf(here, frame));
        previous = here;
      }
    }
    zoom = Math.min(zoom, zoomFor(nearest));
  }
  return Math.max(minZoom, Math.min(maxZoom, zoom));
}
