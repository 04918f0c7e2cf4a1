import { describe, expect, it } from "vitest";
import { followingSlug, slugFollowsTitle, titleSlug } from "./title-slug";

describe("a map's address following its title", () => {
  it("makes the title's slug, within the address rules", () => {
    expect(titleSlug("Tapas in Lisbon")).toBe("tapas-in-lisbon");
    expect(titleSlug("Café Müller")).toBe("cafe-muller");
    expect(titleSlug("A")).toBe("a-map");
    expect(titleSlug("東京")).toBe("map");
    expect(titleSlug("x".repeat(200)).length).toBeLessThanOrEqual(76);
  });

  it("knows a slug that follows its title, numbered or not, from one the creator typed", () => {
    expect(slugFollowsTitle("untitled-map", "Untitled map")).toBe(true);
    expect(slugFollowsTitle("untitled-map-3", "Untitled map")).toBe(true);
    expect(slugFollowsTitle("untitled-map-x", "Untitled map")).toBe(false);
    expect(slugFollowsTitle("my-lisbon", "Untitled map")).toBe(false);
  });

  it("follows the title until the map is first published, then stays", () => {
    expect(followingSlug("untitled-map", "Untitled map", "Tapas in Lisbon", false)).toBe("tapas-in-lisbon");
    expect(followingSlug("untitled-map-2", "Untitled map", "Tapas", false)).toBe("tapas");
    // Already the new title's (numbered because taken): kept as it is.
    expect(followingSlug("tapas-2", "Tapa", "Tapas", false)).toBe("tapas-2");
    // A slug the creator chose stays.
    expect(followingSlug("best-tapas", "Untitled map", "Tapas in Lisbon", false)).toBe("best-tapas");
    // Published once: the address no longer follows.
    expect(followingSlug("untitled-map", "Untitled map", "Tapas in Lisbon", true)).toBe("untitled-map");
  });
});
