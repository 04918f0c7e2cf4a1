import { describe, expect, it } from "vitest";
import { formatCount, SEARCH_COUNT_CAP } from "./count";

describe("search counts", () => {
  it("are exact below the cap and say so above it", () => {
    expect(formatCount(7)).toBe("7");
    expect(formatCount(SEARCH_COUNT_CAP - 1)).toBe("999");
    expect(formatCount(SEARCH_COUNT_CAP)).toBe("1000+");
  });
});
