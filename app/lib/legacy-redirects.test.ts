import { describe, expect, it } from "vitest";
import { legacyRedirect } from "./legacy-redirects";

describe("legacyRedirect", () => {
  it("maps the registered legacy paths", () => {
    expect(legacyRedirect("/app/account")).toBe("/account");
    expect(legacyRedirect("/app/bookmarks")).toBe("/atlas");
    expect(legacyRedirect("/app/maps/lisbon")).toBe("/maps/lisbon");
    expect(legacyRedirect("/app/")).toBe("/");
    expect(legacyRedirect("/studio/bank")).toBe("/studio/payouts/details");
  });
  it("leaves other paths alone", () => {
    expect(legacyRedirect("/apps")).toBeUndefined();
    expect(legacyRedirect("/studio/payouts")).toBeUndefined();
  });
});
