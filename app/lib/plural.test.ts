import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says '1 map' and '0 maps', '2 maps'", () => {
    expect(plural(1, "map")).toBe("1 map");
    expect(plural(0, "map")).toBe("0 maps");
    expect(plural(2, "map")).toBe("2 maps");
  });

  it("takes an irregular plural", () => {
    expect(plural(1, "city", "cities")).toBe("1 city");
    expect(plural(3, "city", "cities")).toBe("3 cities");
  });

  it("follows the language's rules, not a test for 1 (1.5 is plural)", () => {
    expect(plural(1.5, "day")).toBe("1.5 days");
  });
});
