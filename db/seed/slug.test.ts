import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("makes readable ASCII slugs", () => {
    expect(slugify("Café de Flore")).toBe("cafe-de-flore");
    expect(slugify("  L'Antic Teatre & Bar! ")).toBe("lantic-teatre-bar");
    expect(slugify("São Paulo")).toBe("sao-paulo");
  });
});
