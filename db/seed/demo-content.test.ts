import { describe, it, expect } from "vitest";
import { slugify } from "~/lib/slug";
import { demoArticles, demoCategories, demoCreators, demoMaps, type DemoMap, type DemoSpot } from "./demo-content";

const isPublishedMap = (m: DemoMap) => m.published !== false;
const isPublishedSpot = (s: DemoSpot) => s.published !== false;
const visibilityOf = (s: DemoSpot) => s.visibility ?? "public";

const publishedMaps = demoMaps.filter(isPublishedMap);
const unpublishedMaps = demoMaps.filter((m) => !isPublishedMap(m));
const allSpots = demoMaps.flatMap((m) => m.spots);
const categorySlugs = new Set(demoCategories.map((c) => c.slug));
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Great-circle distance in kilometres (haversine). */
function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const R = 6371;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(bLat - aLat);
  const dLng = toRad(bLng - aLng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(aLat)) * Math.cos(toRad(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

function countWords(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

describe("demo categories", () => {
  it("has 8 to 10 categories with unique kebab-case slugs", () => {
    expect(demoCategories.length).toBeGreaterThanOrEqual(8);
    expect(demoCategories.length).toBeLessThanOrEqual(10);
    expect(categorySlugs.size).toBe(demoCategories.length);
    for (const c of demoCategories) {
      expect(c.slug).toMatch(KEBAB);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.description.length).toBeGreaterThan(0);
    }
  });
});

describe("demo creators", () => {
  it("has at least 6 creators with unique keys, handles and emails", () => {
    expect(demoCreators.length).toBeGreaterThanOrEqual(6);
    expect(new Set(demoCreators.map((c) => c.key)).size).toBe(demoCreators.length);
    expect(new Set(demoCreators.map((c) => c.handle)).size).toBe(demoCreators.length);
    expect(new Set(demoCreators.map((c) => c.email)).size).toBe(demoCreators.length);
  });

  it("uses valid handles and example.com emails", () => {
    for (const c of demoCreators) {
      expect(c.handle).toMatch(/^[a-z0-9_]{3,30}$/);
      expect(c.email).toMatch(/^[a-z0-9._-]+@example\.com$/);
      expect(c.displayName.length).toBeGreaterThan(0);
      expect(c.bio.length).toBeGreaterThan(0);
      expect(c.homeCity.length).toBeGreaterThan(0);
    }
  });

  it("gives every creator at least one map and every map a known creator", () => {
    const creatorKeys = new Set(demoCreators.map((c) => c.key));
    for (const m of demoMaps) expect(creatorKeys.has(m.creator), m.slug).toBe(true);
    for (const c of demoCreators) {
      expect(
        demoMaps.some((m) => m.creator === c.key),
        c.key,
      ).toBe(true);
    }
  });
});

describe("demo maps", () => {
  it("has 12 published maps and exactly one unpublished map", () => {
    expect(publishedMaps).toHaveLength(12);
    expect(unpublishedMaps).toHaveLength(1);
  });

  it("has unique kebab-case map slugs", () => {
    const slugs = demoMaps.map((m) => m.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(KEBAB);
  });

  it("spreads published maps over at least 8 distinct cities", () => {
    const cities = new Set(publishedMaps.map((m) => `${m.city.name}|${m.city.countryCode}`));
    expect(cities.size).toBeGreaterThanOrEqual(8);
    for (const m of demoMaps) expect(m.city.countryCode).toMatch(/^[A-Z]{2}$/);
  });

  it("gives every published map at least 30 published spots", () => {
    for (const m of publishedMaps) {
      expect(m.spots.filter(isPublishedSpot).length, m.slug).toBeGreaterThanOrEqual(30);
    }
    for (const m of demoMaps) expect(m.spots.length, m.slug).toBeGreaterThanOrEqual(32);
  });

  it("has exactly one unpublished spot, on a published map", () => {
    const unpublished = publishedMaps.flatMap((m) => m.spots.filter((s) => !isPublishedSpot(s)).map((s) => `${m.slug}/${s.slug}`));
    expect(unpublished).toHaveLength(1);
    for (const m of unpublishedMaps) {
      expect(m.spots.every(isPublishedSpot), m.slug).toBe(true);
    }
  });
});

describe("demo spots", () => {
  it("has unique kebab-case spot slugs within each map", () => {
    for (const m of demoMaps) {
      const slugs = m.spots.map((s) => s.slug);
      expect(new Set(slugs).size, m.slug).toBe(slugs.length);
      for (const s of slugs) expect(s, m.slug).toMatch(KEBAB);
    }
  });

  it("only uses existing categories", () => {
    for (const m of demoMaps) {
      for (const s of m.spots) expect(categorySlugs.has(s.category), `${m.slug}/${s.slug}`).toBe(true);
    }
  });

  it("has complete text fields", () => {
    for (const m of demoMaps) {
      for (const s of m.spots) {
        const id = `${m.slug}/${s.slug}`;
        expect(s.name.trim().length, id).toBeGreaterThan(0);
        expect(s.address.trim().length, id).toBeGreaterThan(0);
        expect(s.description.trim().length, id).toBeGreaterThan(40);
        const words = countWords(s.summary);
        expect(words, `${id} summary word count`).toBeGreaterThanOrEqual(8);
        expect(words, `${id} summary word count`).toBeLessThanOrEqual(20);
      }
    }
  });

  it("has valid coordinates within 40 km of the map's centroid", () => {
    for (const m of demoMaps) {
      for (const s of m.spots) {
        expect(s.lat).toBeGreaterThanOrEqual(-90);
        expect(s.lat).toBeLessThanOrEqual(90);
        expect(s.lng).toBeGreaterThanOrEqual(-180);
        expect(s.lng).toBeLessThanOrEqual(180);
      }
      const cLat = m.spots.reduce((sum, s) => sum + s.lat, 0) / m.spots.length;
      const cLng = m.spots.reduce((sum, s) => sum + s.lng, 0) / m.spots.length;
      for (const s of m.spots) {
        const d = distanceKm(cLat, cLng, s.lat, s.lng);
        expect(d, `${m.slug}/${s.slug} is ${d.toFixed(1)} km from centroid`).toBeLessThanOrEqual(40);
      }
    }
  });

  it("gates between 6% and 15% of all spots, never among the first 3 of a map", () => {
    const gated = allSpots.filter((s) => visibilityOf(s) !== "public");
    const share = gated.length / allSpots.length;
    expect(share).toBeGreaterThanOrEqual(0.06);
    expect(share).toBeLessThanOrEqual(0.15);
    expect(gated.some((s) => s.visibility === "premium")).toBe(true);
    expect(gated.some((s) => s.visibility === "supporters")).toBe(true);
    for (const m of demoMaps) {
      m.spots.slice(0, 3).forEach((s) => expect(visibilityOf(s), `${m.slug}/${s.slug}`).toBe("public"));
    }
  });
});

describe("demo articles", () => {
  it("has 6 to 8 articles with unique slugs and valid types and categories", () => {
    expect(demoArticles.length).toBeGreaterThanOrEqual(6);
    expect(demoArticles.length).toBeLessThanOrEqual(8);
    expect(new Set(demoArticles.map((a) => a.slug)).size).toBe(demoArticles.length);
    for (const a of demoArticles) {
      expect(a.slug).toMatch(KEBAB);
      expect(["guides", "stories", "collections"]).toContain(a.type);
      expect(categorySlugs.has(a.category), a.slug).toBe(true);
    }
  });

  it("only features existing, published maps (1 to 3 each)", () => {
    const published = new Set(publishedMaps.map((m) => m.slug));
    for (const a of demoArticles) {
      expect(a.mapSlugs.length, a.slug).toBeGreaterThanOrEqual(1);
      expect(a.mapSlugs.length, a.slug).toBeLessThanOrEqual(3);
      for (const slug of a.mapSlugs) expect(published.has(slug), `${a.slug} -> ${slug}`).toBe(true);
    }
  });

  it("has markdown bodies of 150 to 400 words", () => {
    for (const a of demoArticles) {
      const words = countWords(a.body);
      expect(words, a.slug).toBeGreaterThanOrEqual(150);
      expect(words, a.slug).toBeLessThanOrEqual(400);
    }
  });
});

describe("demo slugs", () => {
  // Written by hand (shorter than the names), but in the form the Studio's slugs take.
  it("are slugs as slugify makes them", () => {
    const slugs = [
      ...demoCategories.map((c) => c.slug),
      ...demoMaps.flatMap((m) => [m.slug, ...m.spots.map((s) => s.slug)]),
      ...demoArticles.map((a) => a.slug),
    ];
    expect(slugs.filter((s) => slugify(s, "") !== s)).toEqual([]);
  });
});
