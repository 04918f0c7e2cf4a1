import { describe, expect, it } from "vitest";
import { legacyRedirect } from "./legacy-redirects";

describe("legacyRedirect", () => {
  it("maps the registered legacy paths", () => {
    expect(legacyRedirect("/app/account")).toEqual({ to: "/account", permanent: true });
    expect(legacyRedirect("/app/bookmarks")).toEqual({ to: "/atlas", permanent: true });
    expect(legacyRedirect("/app/maps/lisbon")).toEqual({ to: "/maps/lisbon", permanent: true });
    expect(legacyRedirect("/app/")).toEqual({ to: "/", permanent: true });
  });
  it("sends /studio/bank to the payout details for good", () => {
    expect(legacyRedirect("/studio/bank")).toEqual({ to: "/studio/payouts/details", permanent: true });
  });
  it("leaves other paths alone", () => {
    expect(legacyRedirect("/apps")).toBeUndefined();
    expect(legacyRedirect("/studio/payouts")).toBeUndefined();
  });
});
