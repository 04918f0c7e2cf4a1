import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/lib/db.server";
import { maps, profiles } from "../schema";
import { seedCities } from "./cities";
import { seedDemoContent, type DemoContent, type SeedSummary } from "./demo";

/** The demo content, loaded only when it is about to be written. */
export async function demoContent(): Promise<DemoContent> {
  const c = await import("./demo-content");
  return { categories: c.demoCategories, creators: c.demoCreators, maps: c.demoMaps, articles: c.demoArticles };
}

export async function isContentEmpty(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`(select count(*) from ${profiles}) + (select count(*) from ${maps})` }).from(sql`(select 1) as one`);
  return Number(n) === 0;
}

/**
 * Startup seeding: destinations (cities) whenever the table is empty, then the
 * demo content when the database has no profiles and no maps yet.
 */
export async function seedDemoIfEmpty(db: Database, log: Logger): Promise<(SeedSummary & { cities: number }) | null> {
  const started = performance.now();
  const cityCount = await seedCities(db);
  if (cityCount) log.info({ cities: cityCount, ms: Math.round(performance.now() - started) }, "loaded destinations");
  if (!(await isContentEmpty(db))) return null;
  const summary = await seedDemoContent(db, await demoContent());
  return { ...summary, cities: cityCount };
}
