import { describe, expect, it } from "vitest";
import { STUDIO_NAV, isStudioNavCurrent } from "./studio-nav";

const current = (pathname: string) => STUDIO_NAV.filter((item) => isStudioNavCurrent(pathname, item)).map((item) => item.label);

describe("the Studio's current page", () => {
  it("marks exactly one entry on each Studio page", () => {
    expect(current("/studio")).toEqual(["Dashboard"]);
    expect(current("/studio/")).toEqual(["Dashboard"]);
    expect(current("/studio/maps")).toEqual(["Maps"]);
    // A map's editor and its spots are under Maps.
    expect(current("/studio/maps/5c0a1b2c-0000-4000-8000-000000000001/spots/x")).toEqual(["Maps"]);
    expect(current("/studio/creator-faq")).toEqual(["Creator FAQ"]);
    // A post's editor is under Posts.
    expect(current("/studio/posts")).toEqual(["Posts"]);
    expect(current("/studio/posts/postId/5c0a1b2c-0000-4000-8000-000000000001")).toEqual(["Posts"]);
    expect(current("/studio/maps")).toEqual(["Maps"]);
    expect(current("/studio/maps/3f2c/spots/9a1b")).toEqual(["Maps"]);
    expect(current("/studio/supporters")).toEqual(["Supporters"]);
    // Payments, documents and tax settings are under Revenue.
    expect(current("/studio/revenue")).toEqual(["Revenue"]);
    expect(current("/studio/revenue/payments")).toEqual(["Revenue"]);
    expect(current("/studio/revenue/documents")).toEqual(["Revenue"]);
    expect(current("/studio/revenue/tax-settings")).toEqual(["Revenue"]);
    expect(current("/studio/collabs")).toEqual(["Collaborations"]);
    expect(current("/studio/collabs/5c0a1b2c-0000-4000-8000-000000000001")).toEqual(["Collaborations"]);
    // The payout details are under Payouts.
    expect(current("/studio/payouts")).toEqual(["Payouts"]);
    expect(current("/studio/payouts/details")).toEqual(["Payouts"]);
    expect(current("/studio/notices")).toEqual(["Notices"]);
  });

  it("does not mark the dashboard on the pages below it", () => {
    expect(current("/studio/anything")).toEqual([]);
    expect(isStudioNavCurrent("/studio/profile/links", { to: "/studio/profile", exact: false })).toBe(true);
    expect(isStudioNavCurrent("/studio/profiles", { to: "/studio/profile", exact: false })).toBe(false);
  });
});
