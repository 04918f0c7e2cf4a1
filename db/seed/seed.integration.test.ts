import { beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import pino from "pino";
import { setupTestDatabase } from "../../tests/setup/database";
import { cities, maps, profiles, spots } from "../schema";
import { cityRows, loadGeoNamesCities, seedCities } from "./cities";
import { seedDemoContent } from "./demo";
import { demoContent, seedDemoIfEmpty } from "./seed.server";

const db = await setupTestDatabase();
const log = pino({ level: "silent" });

describe("seeding", () => {
  let rows: ReturnType<typeof cityRows>;
  beforeAll(async () => {
    // Every city of the countries the demo maps are in: real GeoNames rows, fewer of them.
    const content = await demoContent();
    const countries = new Set(content.maps.map((m) => m.city.countryCode));
    rows = cityRows(loadGeoNamesCities()).filter((r) => countries.has(r.country));
  });

  it("loads destinations once, then the demo content once, linked to real cities", async () => {
    expect(await seedCities(db, rows)).toBe(rows.length);
    expect(await seedCities(db, rows)).toBe(0);

    const summary = await seedDemoIfEmpty(db, log);
    const content = await demoContent();
    expect(summary).toMatchObject({ creators: content.creators.length, maps: content.maps.length, cities: 0 });
    // Second start: nothing happens.
    expect(await seedDemoIfEmpty(db, log)).toBeNull();

    const [{ published }] = await db.select({ published: count() }).from(maps).where(eq(maps.isPublished, true));
    expect(published).toBeGreaterThanOrEqual(12);
    const [{ unlinked }] = await db
      .select({ unlinked: count() })
      .from(maps)
      .where(sql`${maps.cityId} is null`);
    expect(unlinked).toBe(0);
    const featured = await db.select({ name: cities.name, position: cities.featuredPosition }).from(cities).where(eq(cities.isFeatured, true));
    expect(featured.length).toBeGreaterThanOrEqual(8);
    // In an order of their own, each once (the back office's order, which the home page follows).
    expect(featured.map((c) => c.position).sort((a, b) => a! - b!)).toEqual(featured.map((_, i) => i));
    const [{ gated }] = await db
      .select({ gated: count() })
      .from(spots)
      .where(sql`${spots.visibility} <> 'public'`);
    const [{ total }] = await db.select({ total: count() }).from(spots);
    expect(gated / total).toBeGreaterThan(0.05);
    expect(gated / total).toBeLessThan(0.16);
    // Creators are public and searchable.
    const found = await db
      .select({ handle: profiles.handle })
      .from(profiles)
      .where(sql`${profiles.fts} @@ websearch_to_tsquery('simple', ${content.creators[0].handle})`);
    expect(found.map((f) => f.handle)).toContain(content.creators[0].handle);
  }, 180_000); // every city of the demo maps' countries (66,602 rows), then the demo content

  it("writes nothing when any part of the demo content is invalid", async () => {
    const content = await demoContent();
    const broken = { ...content, maps: [...content.maps, { ...content.maps[0], slug: "orphan", creator: "nobody" }] };
    await expect(seedDemoContent(db, broken)).rejects.toThrow(/unknown creator nobody/);
    const [{ n }] = await db.select({ n: count() }).from(profiles);
    expect(n).toBe(0);
  });
});
