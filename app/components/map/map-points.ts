/** What a map shows: points with a label and where they lead. Plain data, SSR-safe. */
import { spotPosition, type GatedSpot } from "~/modules/spots/gated-spot";
import type { PinStyle } from "~/modules/categories";

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  label: string;
  /** Where the pin leads (a spot page). */
  href?: string;
  /** A locked teaser: the position is approximate and the pin says so. */
  locked?: boolean;
  /** The pin's colour and icon (its category's); the brand's plain pin without one. */
  pin?: PinStyle;
}

/** A place's name to draw on a map (the city a map is about). */
export interface PlaceLabel {
  name: string;
  lat: number;
  lng: number;
}

/** Pins for spots; a locked spot is placed at its approximate area only. Without `href` the pins lead nowhere; without `pin` they are plain. */
export function pointsOf<T extends GatedSpot>(spots: T[], href?: (spot: T) => string, pin?: (spot: T) => PinStyle | undefined): MapPoint[] {
  return spots.map((s) => {
    const { lat, lng } = spotPosition(s);
    const point: MapPoint = { id: s.id, lat, lng, label: s.name };
    if (href) point.href = href(s);
    if (s.locked) point.locked = true;
    const style = pin?.(s);
    if (style) point.pin = style;
    return point;
  });
}

export type Bounds = [[number, number], [number, number]];

/** South-west and north-east corners around the points (lng, lat), or null for none. */
export function boundsOf(points: Pick<MapPoint, "lat" | "lng">[]): Bounds | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Whether a point lies inside bounds (inclusive); bounds never cross the antimeridian here. */
export function contains(bounds: Bounds, p: Pick<MapPoint, "lat" | "lng">): boolean {
  const [[west, south], [east, north]] = bounds;
  return p.lng >= west && p.lng <= east && p.lat >= south && p.lat <= north;
}
