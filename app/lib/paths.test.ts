import { href } from "react-router";
import { describe, expect, it } from "vitest";
import { atlasSpotPath, creatorPath, discoverPath, mapIsReadyPath, spotPath } from "./paths";

const map = { currentSlug: "barcelona-beyond-the-rambla" };
const spot = { slug: "sagrada-familia" };

describe("paths", () => {
  it("puts a spot under its map, on the public page and in My Atlas", () => {
    expect(spotPath(map, spot)).toBe("/maps/barcelona-beyond-the-rambla/spots/sagrada-familia");
    expect(atlasSpotPath(map, spot)).toBe("/atlas/maps/barcelona-beyond-the-rambla/spots/sagrada-familia");
  });

  it("links a creator by handle after an @", () => {
    expect(creatorPath("lena_walks")).toBe("/@lena_walks");
    expect(href("/:atHandle/maps", { atHandle: "@lena_walks" })).toBe("/@lena_walks/maps");
  });

  it("filters Discover by category only when one is given", () => {
    expect(discoverPath({ slug: "coffee" })).toBe("/discover?category=coffee");
    expect(discoverPath(null)).toBe("/discover");
    expect(discoverPath()).toBe("/discover");
  });

  it("keeps each value inside its own path segment", () => {
    expect(spotPath({ currentSlug: "a/b" }, { slug: "c d?" })).toBe("/maps/a%2Fb/spots/c%20d%3F");
    expect(href("/destinations/:id", { id: String(2950159) })).toBe("/destinations/2950159");
    expect(href("/discover/:type/:itemSlug", { type: "guides", itemSlug: "tapas" })).toBe("/discover/guides/tapas");
  });

  it("opens map-is-ready with the map's id", () => {
    expect(mapIsReadyPath("5c0a1b2c-0000-4000-8000-000000000001")).toBe("/studio/map-is-ready?map=5c0a1b2c-0000-4000-8000-000000000001");
  });
});
