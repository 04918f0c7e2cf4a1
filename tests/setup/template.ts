/**
 * Building the migrated template database the integration tests clone
 * (used by the global setup, and as a fallback inside a worker).
 *
 * - PGlite: a gzipped tarball of a migrated data directory (`dumpDataDir`),
 *   cached under node_modules/.cache/spotfolio-test, keyed by a hash of the
 *   migrations folder and the PGlite version.
 * - PostgreSQL: a database `spotfolio_template_<hash>` on the server of
 *   TEST_DATABASE_URL, migrated once; workers `CREATE DATABASE ... TEMPLATE` it.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { createDatabase, embeddedPglite, migrateDatabase, migrationsFolder } from "../../app/lib/db.server";

/** What the global setup hands to test workers (vitest `provide`/`inject`). */
export type TestDatabaseInfo = { driver: "pglite"; templatePath: string } | { driver: "postgres"; url: string; template: string; runId: string };

declare module "vitest" {
  interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

// Bump when the way templates are built changes.
const HARNESS_VERSION = "1";

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require("@electric-sql/pglite/package.json") as { version: string };
    return pkg.version;
  } catch {
    return "unknown";
  }
}

/** Hash of every file in the migrations folder (names and contents). */
export function migrationsHash(folder = migrationsFolder()): string {
  const hash = createHash("sha256").update(HARNESS_VERSION);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(folder, full)).update("\0").update(readFileSync(full)).update("\0");
    }
  };
  walk(folder);
  return hash.digest("hex").slice(0, 16);
}

export function cacheDir(): string {
  return path.resolve(process.env.TEST_CACHE_DIR || path.join(process.cwd(), "node_modules/.cache/spotfolio-test"));
}

/** Path of the migrated PGlite template tarball, built if missing. */
export async function ensurePgliteTemplate(): Promise<string> {
  const key = createHash("sha256").update(migrationsHash()).update(pgliteVersion()).digest("hex").slice(0, 16);
  const file = path.join(cacheDir(), `pglite-${key}.tar.gz`);
  if (existsSync(file)) {
    // Marked as used (the others are removed a day after their last use), at most once an hour: a
    // Blob of the file another worker has open (openAsBlob) cannot be read once its mtime changes.
    if (Date.now() - statSync(file).mtimeMs > TOUCH_AFTER_MS) {
      const now = new Date();
      utimesSync(file, now, now);
    }
    removeStaleTarballs(file);
    return file;
  }
  const handle = await createDatabase({ dataDir: "memory://" });
  try {
    await migrateDatabase(handle.db);
    const dump = await embeddedPglite(handle.db)!.dumpDataDir("gzip");
    mkdirSync(path.dirname(file), { recursive: true });
    // Write then rename: a concurrent run never reads a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(tmp, file);
  } finally {
    await handle.close();
  }
  removeStaleTarballs(file);
  return file;
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Name of the migrated template database on the server, created if missing. */
export async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const template = `spotfolio_template_${migrationsHash()}`;
  const building = `${template}_building`;
  const admin = new pg.Client({ connectionString: baseUrl, application_name: "spotfolio-test-setup" });
  await admin.connect();
  try {
    // Two runs starting together: the second waits, then finds the template.
    await admin.query("select pg_advisory_lock(hashtext('spotfolio_test_template'))");
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (!rowCount) {
      await admin.query(`drop database if exists ${quoteIdent(building)} with (force)`);
      await admin.query(`create database ${quoteIdent(building)}`);
      const handle = await createDatabase({ url: databaseUrl(baseUrl, building), poolMax: 2 });
      try {
        await migrateDatabase(handle.db);
      } finally {
        await handle.close();
      }
      // Renamed only once fully migrated: a crash never leaves a broken template.
      await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(template)}`);
      await admin.query(`alter database ${quoteIdent(template)} is_template true`);
    }
    await markCreated(admin, template);
    await dropStaleDatabases(admin, template);
    await admin.query("select pg_advisory_unlock(hashtext('spotfolio_test_template'))");
  } finally {
    await admin.end();
  }
  return template;
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Stamp a database with the time it was (last) used, in its comment. */
export async function markCreated(admin: pg.Client, database: string): Promise<void> {
  await admin.query(`comment on database ${quoteIdent(database)} is 'spotfolio-test ${new Date().toISOString()}'`);
}

/**
 * Drop test and template databases left by earlier runs (crashed workers,
 * templates of older migrations) once unused for a day. The age comes from
 * the comment `markCreated` writes, so databases of a run in progress stay.
 */
async function dropStaleDatabases(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; comment: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as comment from pg_database
     where datname like 'spotfolio\\_test\\_%' or datname like 'spotfolio\\_template\\_%'`,
  );
  for (const { datname, comment } of rows) {
    if (datname === keep) continue;
    const stamp = Date.parse(comment?.match(/^spotfolio-test (\S+)$/)?.[1] ?? "");
    if (!Number.isFinite(stamp) || Date.now() - stamp < STALE_AFTER_MS) continue;
    await admin.query(`alter database ${quoteIdent(datname)} is_template false`);
    await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
  }
}

/** How old a template's mtime may get before a run marks it as used again. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** Remove PGlite template tarballs other than `keep` unused for a day. */
function removeStaleTarballs(keep: string): void {
  for (const name of readdirSync(path.dirname(keep))) {
    const full = path.join(path.dirname(keep), name);
    if (full === keep || !/^pglite-.*\.tar\.gz(\..*\.tmp)?$/.test(name)) continue;
    if (Date.now() - statSync(full).mtimeMs > STALE_AFTER_MS) rmSync(full, { force: true });
  }
}

/** Name prefix of the workers' databases of one run (PostgreSQL). */
export function testDatabasePrefix(runId: string): string {
  return `spotfolio_test_${runId}_`;
}

/** Drop the workers' databases of one run (the global setup's teardown). */
export async function dropRunDatabases(baseUrl: string, runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl, application_name: "spotfolio-test-setup" });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [testDatabasePrefix(runId)]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
  } finally {
    await admin.end();
  }
}

/** Decide the driver from the environment and make sure its template exists. */
export async function prepareTestDatabase(): Promise<TestDatabaseInfo> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return { driver: "postgres", url, template: await ensurePostgresTemplate(url), runId: randomBytes(4).toString("hex") };
  return { driver: "pglite", templatePath: await ensurePgliteTemplate() };
}
