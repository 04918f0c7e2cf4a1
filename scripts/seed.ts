/**
 * Operator CLI: `npm run seed` loads destinations and demo content into the
 * configured database (DATABASE_URL, or the embedded one under DATA_DIR).
 *
 *   npm run seed                  seed an empty database (cities + demo content)
 *   npm run seed -- --cities-only only the destinations (cities) table
 *   npm run seed -- --force       add the demo content even if the database has content
 *
 * With the embedded database, stop the server first: PGlite is single-process.
 */
import pino from "pino";
import { closeDb, getDb, migrateDatabase } from "../app/lib/db.server";
import { seedCities } from "../db/seed/cities";
import { seedDemoContent } from "../db/seed/demo";
import { demoContent, isContentEmpty } from "../db/seed/seed.server";

const args = new Set(process.argv.slice(2));
const log = pino({ level: "info" });

async function main() {
  if (args.has("--help")) {
    console.log("usage: npm run seed [-- --cities-only | --force]");
    return;
  }
  const db = await getDb();
  await migrateDatabase(db);
  const cityCount = await seedCities(db);
  log.info({ cities: cityCount }, cityCount ? "loaded destinations" : "destinations already loaded");
  if (args.has("--cities-only")) return;
  if (!(await isContentEmpty(db)) && !args.has("--force")) {
    log.warn("the database already has content: nothing seeded (use --force to add the demo content anyway)");
    return;
  }
  log.info(await seedDemoContent(db, await demoContent()), "seeded demo content");
}

main()
  .then(() => closeDb())
  .catch(async (error) => {
    log.error({ err: error }, "seeding failed");
    await closeDb().catch(() => {});
    process.exitCode = 1;
  });
