import { describe, expect, it } from "vitest";
import { decodeEntities, extractLinks, previewHtml } from "./links";

describe("extractLinks", () => {
  it("finds every href in order, once each, decoded", () => {
    const html = `<p><a href="https://a.test/x?y=1&amp;z=2">A</a> <a class="b" href='https://b.test/'>B</a> <a href="https://a.test/x?y=1&amp;z=2">again</a> <a href=mailto:hi@c.test>C</a></p>`;
    expect(extractLinks(html)).toEqual(["https://a.test/x?y=1&z=2", "https://b.test/", "mailto:hi@c.test"]);
  });

  it("makes relative links absolute against the base", () => {
    expect(extractLinks('<a href="/reset?token=1">x</a>', "http://localhost:3000")).toEqual(["http://localhost:3000/reset?token=1"]);
    expect(extractLinks('<a href="/reset">x</a>')).toEqual(["/reset"]);
  });

  it("ignores data-href and empty links", () => {
    expect(extractLinks('<a data-href="https://no.test" href="">x</a>')).toEqual([]);
  });
});

describe("decodeEntities", () => {
  it("decodes named and numeric references", () => {
    expect(decodeEntities("a&amp;b&#x27;c&#39;d&quot;&unknown;")).toBe("a&b'c'd\"&unknown;");
  });
});

describe("previewHtml", () => {
  it("opens links outside the preview frame", () => {
    expect(previewHtml("<html><head><title>x</title></head></html>")).toBe('<html><head><base target="_blank"><title>x</title></head></html>');
    expect(previewHtml("<p>x</p>")).toBe('<base target="_blank"><p>x</p>');
  });
});
