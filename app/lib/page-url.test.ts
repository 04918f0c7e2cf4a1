import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

describe("pageUrl", () => {
  it("turns a data request back into the page it loads, keeping the visitor's query", () => {
    expect(pageUrl("/atlas.data?_routes=routes%2Fatlas%2Fatlas-home")).toBe("/atlas");
    expect(pageUrl("/atlas/maps.data?sort=new&_routes=x")).toBe("/atlas/maps?sort=new");
    expect(pageUrl("/_.data")).toBe("/");
    expect(pageUrl("/atlas/_.data?_routes=x")).toBe("/atlas/");
  });

  it("leaves page URLs as they are", () => {
    for (const url of ["/atlas", "/atlas?x=1.data", "/", "/maps/a#spot.data", "/\t/evil.example"]) expect(pageUrl(url)).toBe(url);
  });
});
