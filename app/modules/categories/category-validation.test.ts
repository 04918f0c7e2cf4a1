import { describe, expect, it } from "vitest";
import { validate } from "~/lib/form-validation";
import { CATEGORY_MESSAGES, categoryFieldsSchema, normaliseColour } from "./category-validation";

describe("a category's colour", () => {
  it("is a hex colour as people type it, stored as #RRGGBB in capitals", () => {
    expect(normaliseColour("#d9480f")).toBe("#D9480F");
    expect(normaliseColour(" D9480F ")).toBe("#D9480F");
    expect(normaliseColour("#c3a")).toBe("#CC33AA");
  });

  it("is refused when it is not a colour, with a message saying how to write one", () => {
    for (const value of ["a colour that is not a colour", "red", "#12345G", "#1234", "#1234567", "", "rgb(1,2,3)"]) {
      expect(normaliseColour(value), value).toBeNull();
      expect(validate(categoryFieldsSchema, { name: "Food", icon: "utensils", color: value }), value).toEqual({
        ok: false,
        errors: { color: CATEGORY_MESSAGES.colour },
      });
    }
  });
});

describe("a category's icon", () => {
  it("is one of the pins' curated lucide icons", () => {
    expect(validate(categoryFieldsSchema, { name: "Food", icon: "pizza", color: "#D9480F" })).toEqual({
      ok: true,
      data: { name: "Food", slug: "", icon: "pizza", color: "#D9480F" },
    });
    for (const icon of ["skull", "Pizza", "", "icon-1577"]) {
      expect(validate(categoryFieldsSchema, { name: "Food", icon, color: "#D9480F" }), icon).toEqual({ ok: false, errors: { icon: CATEGORY_MESSAGES.icon } });
    }
  });
});
