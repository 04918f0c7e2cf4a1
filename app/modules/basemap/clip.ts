/**
 * Sutherland–Hodgman: a polygon ring cut to a rectangle. The basemap of a
 * city's preview needs the few kilometres of coast around it, not a whole
 * country's outline, so each ring is cut to the area before it is written.
 */
export type Point = [number, number];

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

type Edge = { inside: (p: Point) => boolean; cross: (a: Point, b: Point) => Point };

function edgesOf(box: Box): Edge[] {
  const atX =
    (x: number) =>
    (a: Point, b: Point): Point => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY =
    (y: number) =>
    (a: Point, b: Point): Point => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  return [
    { inside: (p) => p[0] >= box.minX, cross: atX(box.minX) },
    { inside: (p) => p[0] <= box.maxX, cross: atX(box.maxX) },
    { inside: (p) => p[1] >= box.minY, cross: atY(box.minY) },
    { inside: (p) => p[1] <= box.maxY, cross: atY(box.maxY) },
  ];
}

/** The part of a closed ring inside the box (as a closed ring, possibly empty). */
export function clipRing(ring: Point[], box: Box): Point[] {
  let output = ring;
  for (const edge of edgesOf(box)) {
    const input = output;
    output = [];
    if (input.length === 0) break;
    let previous = input[input.length - 1];
    for (const current of input) {
      if (edge.inside(current)) {
        if (!edge.inside(previous)) output.push(edge.cross(previous, current));
        output.push(current);
      } else if (edge.inside(previous)) {
        output.push(edge.cross(previous, current));
      }
      previous = current;
    }
  }
  return output;
}
