/**
 * Coordinates typed by a creator: decimal ("41.3851, 2.1734") or degrees,
 * minutes and seconds ("41°23'6\"N 2°10'24\"E"), parsed by coordinate-parser.
 * The parser reads "91, 10" happily, so the ranges are checked here, with a
 * message that says which number is wrong.
 */
import CoordinateParser from "coordinate-parser";

export const COORDINATE_MESSAGES = {
  empty: "Type the coordinates, for example 41.3851, 2.1734",
  unreadable: "These are not coordinates we can read. Try 41.3851, 2.1734 or 41°23′6″N 2°10′24″E",
  latitude: "Latitude must be between -90 and 90",
  longitude: "Longitude must be between -180 and 180",
} as const;

export type ParsedCoordinates = { ok: true; lat: number; lng: number } | { ok: false; error: string };

/** Six decimals are about 10 cm: more is noise from the parser's arithmetic. */
function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function checkLatLng(lat: number, lng: number): ParsedCoordinates {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) return { ok: false, error: COORDINATE_MESSAGES.latitude };
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) return { ok: false, error: COORDINATE_MESSAGES.longitude };
  return { ok: true, lat: round(lat), lng: round(lng) };
}

export function parseCoordinates(input: string): ParsedCoordinates {
  const text = input.trim();
  if (!text) return { ok: false, error: COORDINATE_MESSAGES.empty };
  if (text.length > 100) return { ok: false, error: COORDINATE_MESSAGES.unreadable };
  // Plain decimals are read here: the parser takes two large integers as "geographical milliseconds".
  const decimal = /^([-+]?\d+(?:\.\d+)?)\s*[,;\s]\s*([-+]?\d+(?:\.\d+)?)$/.exec(text);
  if (decimal) return checkLatLng(Number(decimal[1]), Number(decimal[2]));
  let parsed: CoordinateParser;
  try {
    parsed = new CoordinateParser(text);
  } catch {
    return { ok: false, error: COORDINATE_MESSAGES.unreadable };
  }
  return checkLatLng(parsed.getLatitude(), parsed.getLongitude());
}
