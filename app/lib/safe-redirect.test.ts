import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/", "/"],
    ["/maps/barcelona", "/maps/barcelona"],
    ["/maps/x?payment=success&tier=premium#top", "/maps/x?payment=success&tier=premium#top"],
    ["/search?q=a%2Fb", "/search?q=a%2Fb"],
    ["/search?q=//ok", "/search?q=//ok"],
    ["/caf%C3%A9", "/caf%C3%A9"],
  ])("keeps the path on this site %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    // not a path
    [undefined],
    [null],
    [""],
    ["maps/x"],
    ["https://evil.example"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    [" /maps"],
    // protocol-relative
    ["//evil.example"],
    ["///evil.example"],
    // backslashes
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/maps\\x"],
    // tabs, newlines, other control characters (browsers drop tab and newline, leaving "//")
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/maps\u0000"],
    ["/maps\u007f"],
    ["/maps\u0085"],
    // encoded forms
    ["/%2F/evil.example"],
    ["/%2f%2fevil.example"],
    ["%2F%2Fevil.example"],
    ["/%09/evil.example"],
    ["/%0A/evil.example"],
    ["/%0d%0a/evil.example"],
    ["/%5Cevil.example"],
    ["/%5c%5cevil.example"],
    ["/%252F%252Fevil.example"],
    ["/%"],
    // far too long to be a page of ours
    [`/${"a".repeat(3000)}`],
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("answers the fallback asked for", () => {
    expect(safeRedirect("//evil.example", "/account")).toBe("/account");
    expect(safeRedirect("/maps", "/account")).toBe("/maps");
  });
});
