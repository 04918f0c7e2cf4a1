import { describe, expect, it } from "vitest";
import { adminTitle, fallbackTitle } from "./page-title";

describe("fallbackTitle", () => {
  it("uses the last path segment, readable", () => {
    expect(fallbackTitle("/info/cookie-policy", "Spotfolio")).toBe("Cookie policy | Spotfolio");
    expect(fallbackTitle("/atlas/recent/", "Spotfolio")).toBe("Recent | Spotfolio");
  });
  it("is the product name on the home page", () => {
    expect(fallbackTitle("/", "Spotfolio")).toBe("Spotfolio");
  });
  it("decodes escaped segments and tolerates bad escapes", () => {
    expect(fallbackTitle("/destinations/S%C3%A3o%20Paulo", "X")).toBe("São Paulo | X");
    expect(fallbackTitle("/a/%E0%A4%A", "X")).toBe("%E0%A4%A | X");
  });
});

describe("adminTitle", () => {
  it("titles the back office's pages Studio, as the spec says of the Admin area", () => {
    expect(adminTitle("Articles")).toBe("Articles · Studio");
  });
});
