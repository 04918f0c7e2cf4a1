// `npm run db:migrate`: apply db/migrations to the configured database
// (DATABASE_URL, else the embedded PGlite under DATA_DIR) and exit.
import { closeDb, databaseOptionsFromEnv, getDb, migrateDatabase, migrationsFolder } from "../app/lib/db.server";

const opts = databaseOptionsFromEnv();
const target = opts.url ? `PostgreSQL ${new URL(opts.url).host}${new URL(opts.url).pathname}` : `PGlite ${opts.dataDir}`;
const started = performance.now();
try {
  await migrateDatabase(await getDb());
  console.log(`migrated ${target} from ${migrationsFolder()} in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.error(`migration of ${target} failed:`, error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
