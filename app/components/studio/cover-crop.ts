/**
 * The cover crop frame's arithmetic, kept apart from the component so it can
 * be tested: a 16:9 frame over an image, in fractions of the image's width
 * and height (what the server takes), moved and resized without ever leaving
 * the image.
 */
import { COVER_RATIO } from "~/modules/images/photo-validation";

export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest frame, as a share of the largest one that fits. */
export const MIN_ZOOM = 0.3;

/** The largest 16:9 frame that fits the image, scaled by `zoom` (MIN_ZOOM..1), centred on (cx, cy) as far as it can be. */
export function frameAt(image: { width: number; height: number }, zoom: number, cx = 0.5, cy = 0.5): Frame {
  const z = Math.min(1, Math.max(MIN_ZOOM, zoom));
  // In fractions: a 16:9 frame is COVER_RATIO * (height fraction) * imageHeight / imageWidth wide.
  const aspect = image.width / image.height;
  let width = 1;
  let height = aspect / COVER_RATIO;
  if (height > 1) [width, height] = [COVER_RATIO / aspect, 1];
  width *= z;
  height *= z;
  return clampFrame({ x: cx - width / 2, y: cy - height / 2, width, height });
}

export function clampFrame(frame: Frame): Frame {
  return { ...frame, x: Math.min(Math.max(0, frame.x), 1 - frame.width), y: Math.min(Math.max(0, frame.y), 1 - frame.height) };
}

/** The frame moved by (dx, dy), in fractions of the image. */
export function moveFrame(frame: Frame, dx: number, dy: number): Frame {
  return clampFrame({ ...frame, x: frame.x + dx, y: frame.y + dy });
}

/** The frame at another zoom, keeping its centre. */
export function zoomFrame(image: { width: number; height: number }, frame: Frame, zoom: number): Frame {
  return frameAt(image, zoom, frame.x + frame.width / 2, frame.y + frame.height / 2);
}
