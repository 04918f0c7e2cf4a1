import { describe, expect, it } from "vitest";
import { NAV_ITEMS, backOfficeSection, isHeaderHidden, isNavActive } from "./nav";

const explore = NAV_ITEMS[0];

describe("header navigation", () => {
  it("highlights Explore on /explore and any /maps path", () => {
    expect(isNavActive("/explore", explore.activePrefixes)).toBe(true);
    expect(isNavActive("/maps", explore.activePrefixes)).toBe(true);
    expect(isNavActive("/maps/barcelona-tapas/spots/1", explore.activePrefixes)).toBe(true);
    expect(isNavActive("/mapsy", explore.activePrefixes)).toBe(false);
    expect(isNavActive("/discover", explore.activePrefixes)).toBe(false);
  });
  it("hides the header on /studio and /admin paths only", () => {
    expect(isHeaderHidden("/studio")).toBe(true);
    expect(isHeaderHidden("/studio/maps/1")).toBe(true);
    expect(isHeaderHidden("/admin/creators")).toBe(true);
    expect(isHeaderHidden("/studios")).toBe(false);
    expect(isHeaderHidden("/")).toBe(false);
    expect(isHeaderHidden("/creators/apply")).toBe(false);
  });
  it("names the back-office section of a path, for its top bar", () => {
    expect(backOfficeSection("/studio/nonexistent")).toBe("Creator Studio");
    expect(backOfficeSection("/admin/x")).toBe("Admin");
    expect(backOfficeSection("/administrator")).toBeNull();
    expect(backOfficeSection("/")).toBeNull();
  });
});
