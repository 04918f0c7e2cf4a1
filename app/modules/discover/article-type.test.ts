import { describe, expect, it } from "vitest";
import { articleTypeLabel } from "./article-type";

describe("articleTypeLabel", () => {
  it("reads the demo types as singular nouns", () => {
    expect(["guides", "stories", "collections"].map(articleTypeLabel)).toEqual(["Guide", "Story", "Collection"]);
  });

  it("shows any other type capitalised, separators as spaces", () => {
    expect(articleTypeLabel("city-breaks")).toBe("City breaks");
    expect(articleTypeLabel("guide")).toBe("Guide");
  });
});
