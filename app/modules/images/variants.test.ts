import { describe, expect, it } from "vitest";
import { coverSrcSet, coverVariants, defaultWidth, variantWidths } from "./variants";

describe("image widths", () => {
  it("are 160, 400, 800 and 1600 px, never wider than the original", () => {
    expect(variantWidths(4000)).toEqual([160, 400, 800, 1600]);
    expect(variantWidths(1599)).toEqual([160, 400, 800]);
    expect(variantWidths(400)).toEqual([160, 400]);
    expect(variantWidths(90)).toEqual([90]);
  });

  it("show 800 px by default, or the largest there is", () => {
    expect(defaultWidth([160, 400, 800, 1600])).toBe(800);
    expect(defaultWidth([160, 400])).toBe(400);
  });
});

describe("an uploaded cover's variants", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
  it("are derived from its URL (the largest) for the srcset", () => {
    expect(coverVariants(`/uploads/covers/0f/${id}-800.webp`)).toEqual(
      [160, 400, 800].map((width) => ({ url: `/uploads/covers/0f/${id}-${width}.webp`, width })),
    );
    expect(coverSrcSet(`/uploads/covers/0f/${id}-1600.webp`)).toBe([160, 400, 800, 1600].map((w) => `/uploads/covers/0f/${id}-${w}.webp ${w}w`).join(", "));
  });

  it("are none for a cover that is not one of our uploads", () => {
    expect(coverSrcSet("https://images.example.com/cover.jpg")).toBeUndefined();
    expect(coverSrcSet(null)).toBeUndefined();
    expect(coverVariants(`/uploads/avatars/0f/${id}-800.webp`)).toBeNull();
  });
});
