import { describe, expect, it } from "vitest";
import { ADMIN_NAV, isAdminNavCurrent } from "./admin-nav";

const current = (pathname: string) => ADMIN_NAV.filter((item) => isAdminNavCurrent(pathname, item)).map((item) => item.label);

describe("the back office's current page", () => {
  it("marks exactly one entry on each admin page", () => {
    expect(current("/admin")).toEqual(["Overview"]);
    expect(current("/admin/")).toEqual(["Overview"]);
    expect(current("/admin/creators/5c0a1b2c-0000-4000-8000-000000000001")).toEqual(["Creators"]);
    expect(current("/admin/articles")).toEqual(["Articles"]);
    expect(current("/admin/articles/new")).toEqual(["Articles"]);
    expect(current("/admin/categories")).toEqual(["Categories"]);
    expect(current("/admin/destinations")).toEqual(["Destinations"]);
    expect(current("/admin/money")).toEqual(["Money"]);
    expect(current("/admin/moderation")).toEqual(["Moderation"]);
    expect(current("/admin/reports")).toEqual(["Reports"]);
    expect(current("/admin/audit")).toEqual(["Audit log"]);
    expect(current("/admin/creator-collab")).toEqual(["Collaborations"]);
    expect(current("/admin/creator-collab/5c0a1b2c-0000-4000-8000-000000000001")).toEqual(["Collaborations"]);
    expect(current("/admin/users")).toEqual(["Users"]);
    expect(current("/admin/users/some-user-id")).toEqual(["Users"]);
  });

  it("lists every back-office page, the people and content queues first", () => {
    expect(ADMIN_NAV.map((item) => item.label)).toEqual([
      "Overview",
      "Creators",
      "Users",
      "Moderation",
      "Reports",
      "Articles",
      "Categories",
      "Destinations",
      "Collaborations",
      "Money",
      "View as",
      "Audit log",
    ]);
  });

  it("does not mark a page by a prefix of its name", () => {
    expect(current("/admin/articles-old")).toEqual([]);
  });
});
