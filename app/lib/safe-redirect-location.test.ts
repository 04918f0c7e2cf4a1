/**
 * safeRedirect's answer goes into a Location header (issue 28, items 3 and 4): paths that a URL
 * parser turns into another site once dot segments are resolved are refused, and characters a
 * header cannot hold are percent-encoded. isSameSiteTarget holds better-auth's return addresses
 * to the same rule.
 */
import { describe, expect, it } from "vitest";
import { isSameSiteTarget, safeRedirect } from "./safe-redirect";

describe("safeRedirect, for a Location header", () => {
  it.each([
    ["/..//evil.example/phish"],
    ["/../..//evil.example"],
    ["/./..//evil.example"],
    ["/.//evil.example"],
    ["/maps/..//evil.example"],
    ["/%2e%2e//evil.example"],
    ["/%2E%2E%2F%2Fevil.example"],
    ["/%252e%252e//evil.example"],
  ])("refuses %j, which resolves to //evil.example", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it.each([
    ["/%E3%80%82x", "/%E3%80%82x"],
    ["/。x", "/%E3%80%82x"],
    ["/café?q=crème#día", "/caf%C3%A9?q=cr%C3%A8me#d%C3%ADa"],
    ["/😀", "/%F0%9F%98%80"],
    ["/a\ud800b", "/a%EF%BF%BDb"],
    ["/maps/x?payment=success", "/maps/x?payment=success"],
  ])("keeps %j as %j, fit for a header", (input, expected) => {
    const kept = safeRedirect(input);
    expect(kept).toBe(expected);
    expect(() => new Headers({ Location: kept })).not.toThrow();
  });

  it("every answer fits a header, whatever the input", () => {
    for (let code = 0x80; code < 0x3000; code += 37) {
      const kept = safeRedirect(`/${String.fromCharCode(code)}x`);
      expect(() => new Headers({ Location: kept }), `U+${code.toString(16)}`).not.toThrow();
    }
  });
});

describe("isSameSiteTarget", () => {
  const site = "https://spotfolio.example";
  it.each([["/"], ["/confirm?next=%2Fatlas"], ["/reset-password"], ["https://spotfolio.example/confirm"], ["https://spotfolio.example"]])(
    "accepts %j",
    (value) => {
      expect(isSameSiteTarget(value, site)).toBe(true);
    },
  );

  it.each([
    ["/..//evil.example/phish"],
    ["//evil.example"],
    ["https://evil.example/"],
    ["https://spotfolio.example.evil.example/"],
    ["http://spotfolio.example/"],
    ["https://spotfolio.example@evil.example/"],
    ["https://spotfolio.example//evil.example"],
    ["https://spotfolio.example/..//evil.example"],
    ["javascript:alert(1)"],
    ["relative/path"],
    [""],
  ])("refuses %j", (value) => {
    expect(isSameSiteTarget(value, site)).toBe(false);
  });
});
