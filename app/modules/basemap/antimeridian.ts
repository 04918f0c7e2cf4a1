/**
 * Natural Earth rings that touch the antimeridian (Russia's Chukotka, Fiji)
 * jump from +180 to -180 between two consecutive points; drawn as is, the
 * polygon smears across the whole world. Unwrapping each ring so that no step
 * is longer than half the globe keeps it continuous (MapLibre draws longitudes
 * beyond ±180 on the neighbouring world copy).
 */
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";

export function unwrapRing(ring: Position[]): Position[] {
  if (ring.length === 0) return ring;
  const out: Position[] = [ring[0]];
  let offset = 0;
  for (let i = 1; i < ring.length; i++) {
    const step = ring[i][0] - ring[i - 1][0];
    if (step > 180) offset -= 360;
    else if (step < -180) offset += 360;
    out.push([ring[i][0] + offset, ...ring[i].slice(1)]);
  }
  return out;
}

function fixGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case "Polygon":
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
    case "MultiPolygon":
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
    case "LineString":
      return { ...geometry, coordinates: unwrapRing(geometry.coordinates) };
    case "MultiLineString":
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
    default:
      return geometry;
  }
}

export function fixAntimeridian(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features.map((f: Feature) => (f.geometry ? { ...f, geometry: fixGeometry(f.geometry) } : f)),
  };
}
