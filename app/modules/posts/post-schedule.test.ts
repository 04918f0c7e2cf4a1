import { describe, expect, it } from "vitest";
import { formatInZone, isTimeZone, utcToZonedTime, zonedTimeToUtc } from "./post-schedule";

describe("scheduled times in the creator's time zone", () => {
  it("stores a wall-clock time as the instant it names, and shows it back in that zone", () => {
    expect(zonedTimeToUtc("2026-12-01T09:30", "Europe/Madrid")?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(zonedTimeToUtc("2026-07-01T09:30", "Europe/Madrid")?.toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(zonedTimeToUtc("2026-12-01T09:30", "America/New_York")?.toISOString()).toBe("2026-12-01T14:30:00.000Z");
    expect(zonedTimeToUtc("2026-12-01T09:30", "Asia/Kolkata")?.toISOString()).toBe("2026-12-01T04:00:00.000Z");
    expect(zonedTimeToUtc("2026-12-01T09:30", "UTC")?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    for (const zone of ["Europe/Madrid", "America/New_York", "Asia/Kolkata", "Pacific/Auckland", "UTC"])
      expect(utcToZonedTime(zonedTimeToUtc("2026-12-01T09:30", zone)!, zone), zone).toBe("2026-12-01T09:30");
    expect(formatInZone(new Date("2026-12-01T08:30:00Z"), "Europe/Madrid")).toBe("Tue, 1 Dec 2026, 09:30");
  });

  it("reads the hours around a change of clocks", () => {
    // Madrid, 29 March 2026: 02:00 jumps to 03:00; 25 October 2026: 03:00 goes back to 02:00.
    expect(zonedTimeToUtc("2026-03-29T01:30", "Europe/Madrid")?.toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedTimeToUtc("2026-03-29T03:30", "Europe/Madrid")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedTimeToUtc("2026-03-29T02:30", "Europe/Madrid")).not.toBeNull();
    expect(zonedTimeToUtc("2026-10-25T02:30", "Europe/Madrid")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses what is not a time or a zone", () => {
    for (const value of ["", "tomorrow", "2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01T24:00", "2026-12-01"])
      expect(zonedTimeToUtc(value, "Europe/Madrid"), value).toBeNull();
    expect(zonedTimeToUtc("2026-12-01T09:30", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Madrid")).toBe(true);
    expect(isTimeZone("")).toBe(false);
  });
});
