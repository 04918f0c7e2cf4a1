/** Found by the bad-input fuzz's Location check (issue 28): a legacy path never redirects off the site. */
import { describe, expect, it } from "vitest";
import { legacyRedirect } from "./legacy-redirects";

describe("legacyRedirect and leading slashes", () => {
  it.each([
    ["/app///evil.example", "/evil.example"],
    ["/app//evil.example", "/evil.example"],
    ["/app/\\evil.example", "/evil.example"],
    ["/app/maps/x", "/maps/x"],
  ])("%j moves to %j, a path on this site", (from, to) => {
    expect(legacyRedirect(from)).toEqual({ to, permanent: true });
    expect(new URL(to, "http://site.invalid/").origin).toBe("http://site.invalid");
  });
});
