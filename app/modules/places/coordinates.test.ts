import { describe, expect, it } from "vitest";
import { COORDINATE_MESSAGES, parseCoordinates } from "./coordinates";

describe("parseCoordinates", () => {
  it("reads decimal degrees with a comma, a space or a semicolon", () => {
    expect(parseCoordinates("41.3851, 2.1734")).toEqual({ ok: true, lat: 41.3851, lng: 2.1734 });
    expect(parseCoordinates(" -33.8568 151.2153 ")).toEqual({ ok: true, lat: -33.8568, lng: 151.2153 });
    expect(parseCoordinates("0;0")).toEqual({ ok: true, lat: 0, lng: 0 });
    expect(parseCoordinates("+45, -0.5")).toEqual({ ok: true, lat: 45, lng: -0.5 });
  });

  it("reads degrees, minutes and seconds with hemispheres", () => {
    expect(parseCoordinates(`41°23'6"N 2°10'24"E`)).toEqual({ ok: true, lat: 41.385, lng: 2.173333 });
    expect(parseCoordinates("40:7:22.8N 74:7:22.8W")).toEqual({ ok: true, lat: 40.123, lng: -74.123 });
    expect(parseCoordinates("33° 51′ 24.5″ S, 151° 12′ 55″ E")).toEqual({ ok: true, lat: -33.856806, lng: 151.215278 });
  });

  it("says which number is out of range", () => {
    expect(parseCoordinates("91, 10")).toEqual({ ok: false, error: COORDINATE_MESSAGES.latitude });
    expect(parseCoordinates("-90.0001 0")).toEqual({ ok: false, error: COORDINATE_MESSAGES.latitude });
    expect(parseCoordinates("41.38, 180.5")).toEqual({ ok: false, error: COORDINATE_MESSAGES.longitude });
    expect(parseCoordinates("90, -180")).toEqual({ ok: true, lat: 90, lng: -180 });
  });

  it("refuses what is not coordinates, empty input and very long input", () => {
    expect(parseCoordinates("   ")).toEqual({ ok: false, error: COORDINATE_MESSAGES.empty });
    expect(parseCoordinates("Sagrada Família")).toEqual({ ok: false, error: COORDINATE_MESSAGES.unreadable });
    expect(parseCoordinates("12.34 45.67 89")).toEqual({ ok: false, error: COORDINATE_MESSAGES.unreadable });
    expect(parseCoordinates("1".repeat(101))).toEqual({ ok: false, error: COORDINATE_MESSAGES.unreadable });
  });
});
