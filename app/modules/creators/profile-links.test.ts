import { describe, expect, it } from "vitest";
import { LINK_MESSAGES, MAX_LINKS, parseLinks } from "./profile-links";

describe("a creator's links", () => {
  it("keeps filled rows in order, trimmed, and drops empty ones", () => {
    expect(parseLinks([" Website ", "", "Instagram"], ["https://ana.example ", "", "http://instagram.com/ana"])).toEqual({
      ok: true,
      links: [
        { label: "Website", url: "https://ana.example" },
        { label: "Instagram", url: "http://instagram.com/ana" },
      ],
    });
  });

  it("names the field at fault: a missing label, a missing address, an address that is not http(s)", () => {
    expect(parseLinks(["", "Blog", "Mail", "Bad"], ["https://a.example", "", "mailto:ana@example.com", "javascript:alert(1)"])).toEqual({
      ok: false,
      errors: {
        "links.0.label": LINK_MESSAGES.labelRequired,
        "links.1.url": LINK_MESSAGES.urlRequired,
        "links.2.url": LINK_MESSAGES.urlInvalid,
        "links.3.url": LINK_MESSAGES.urlInvalid,
      },
    });
    expect(parseLinks(["Site"], ["https://localhost"])).toMatchObject({ ok: false });
    expect(parseLinks(["x".repeat(41)], ["https://a.example"])).toEqual({ ok: false, errors: { "links.0.label": LINK_MESSAGES.labelTooLong } });
  });

  it(`refuses more than ${MAX_LINKS}`, () => {
    const n = MAX_LINKS + 1;
    expect(parseLinks(Array(n).fill("Site"), Array(n).fill("https://a.example"))).toEqual({ ok: false, errors: { links: LINK_MESSAGES.tooMany } });
  });
});
