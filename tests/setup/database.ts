/**
 * The database of integration tests.
 *
 *   import { setupTestDatabase } from "../tests/setup/database";
 *   const db = await setupTestDatabase(); // at the top of the file: emptied before every test
 *
 * `setupTestDatabase({ reset: "file" })` empties it once, before the file's first test, for files
 * whose tests share a world built in `beforeAll`.
 *
 * Each test worker opens one migrated database, cloned from the template the global setup built,
 * and keeps it for every file it runs (the integration project runs with `isolate: false`):
 * - PGlite (default): an in-memory PGlite loaded from the template tarball.
 * - PostgreSQL (TEST_DATABASE_URL set): `CREATE DATABASE spotfolio_test_<run>_<pool>_<pid> TEMPLATE ...`,
 *   dropped by the global setup's teardown at the end of the run.
 * Every file starts on a database equal to the template (tests/setup/db.ts resets it before the
 * file), so no file sees another's rows.
 */
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, beforeEach, inject } from "vitest";
import { createDatabase, type Database, type DatabaseHandle } from "../../app/lib/db.server";
import { databaseUrl, markCreated, prepareTestDatabase, quoteIdent, testDatabasePrefix, type TestDatabaseInfo } from "./template";

interface TestDb {
  handle: DatabaseHandle;
  info: TestDatabaseInfo;
  /** PostgreSQL: this worker's database, dropped at the end. */
  database?: string;
  url?: string;
}

let current: Promise<TestDb> | undefined;

function testInfo(): Promise<TestDatabaseInfo> {
  const provided = inject("testDatabase");
  // Outside the integration project (no global setup): build the template here.
  return provided ? Promise.resolve(provided) : prepareTestDatabase();
}

async function open(): Promise<TestDb> {
  const info = await testInfo();
  let testDb: TestDb;
  if (info.driver === "pglite") {
    // zlib is faster than PGlite's own gunzip (DecompressionStream).
    const tar = gunzipSync(await readFile(info.templatePath));
    const client = await PGlite.create({
      dataDir: "memory://",
      loadDataDir: new Blob([tar], { type: "application/x-tar" }),
      extensions: { pg_trgm },
    });
    testDb = { handle: await createDatabase({ pglite: client }), info };
  } else {
    const database = `${testDatabasePrefix(info.runId)}${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}`;
    await admin(info.url, async (client) => {
      await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
      await client.query(`create database ${quoteIdent(database)} template ${quoteIdent(info.template)}`);
      await markCreated(client, database);
    });
    const url = databaseUrl(info.url, database);
    testDb = { handle: await createDatabase({ url, poolMax: 4 }), info, database, url };
  }
  // Read while the database is still equal to the template: what a reset goes back to.
  await planReset(testDb.handle.db);
  return testDb;
}

async function admin(url: string, run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "spotfolio-test" });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** This worker's database: migrated, equal to the template at the start of each file (opened on first call). */
export async function getTestDb(): Promise<Database> {
  if (!current) {
    current = open();
    current.catch(() => (current = undefined));
  }
  return (await current).handle.db;
}

/**
 * This file's database, emptied before every test (`reset: "each"`, the default) or once before
 * the file's first test (`reset: "file"`). Call it at the top of the test file:
 * `const db = await setupTestDatabase();`.
 */
export async function setupTestDatabase(options: { reset?: "each" | "file" } = {}): Promise<Database> {
  const db = await getTestDb();
  // A file starts on a clean database anyway (tests/setup/db.ts); "each" empties it between tests too.
  if ((options.reset ?? "each") === "each") beforeEach(() => resetTestDb(db));
  else beforeAll(() => resetTestDb(db));
  return db;
}

/** "pglite" or "postgres": the driver this run's integration tests use. */
export function testDriver(): "pglite" | "postgres" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

/** PostgreSQL only: the connection string of this worker's database (after getTestDb()). */
export async function getTestDatabaseUrl(): Promise<string | undefined> {
  return current ? (await current).url : undefined;
}

/** Before each test file (tests/setup/db.ts): the worker's database, if open, back to the template. */
export async function resetTestDbIfOpen(): Promise<void> {
  const pending = current;
  if (!pending) return;
  const testDb = await pending.catch(() => undefined);
  if (testDb) await resetTestDb(testDb.handle.db);
}

/** Close this worker's database (and drop it on PostgreSQL). */
export async function closeTestDb(): Promise<void> {
  const pending = current;
  current = undefined;
  if (!pending) return;
  const testDb = await pending.catch(() => undefined);
  if (!testDb) return;
  await testDb.handle.close();
  if (testDb.info.driver === "postgres" && testDb.database) {
    const { database } = testDb;
    await admin(testDb.info.url, (client) => client.query(`drop database if exists ${quoteIdent(database)} with (force)`).then(() => undefined));
  }
}

interface ResetPlan {
  /** One statement that empties every table and restores what the migrations put in. */
  fast: string;
  /** The same with TRUNCATE, for a server that does not let us skip triggers. */
  fallback: string;
  useFallback: boolean;
}
const resetPlans = new WeakMap<Database, Promise<ResetPlan>>();

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Read the schema of a database equal to the template: its tables, the rows the migrations
 * inserted (restored by every reset) and its sequences (restarted by every reset).
 */
function planReset(db: Database): Promise<ResetPlan> {
  let plan = resetPlans.get(db);
  if (!plan) {
    plan = buildResetPlan(db);
    resetPlans.set(db, plan);
    plan.catch(() => resetPlans.delete(db));
  }
  return plan;
}

async function buildResetPlan(db: Database): Promise<ResetPlan> {
  const { rows: tables } = await db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const { rows: sequences } = await db.execute<{ name: string; start: string }>(sql`
    select format('%I.%I', n.nspname, c.relname) as name, s.seqstart::text as start
    from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' order by 1`);
  const q = (name: string) => `public.${quoteIdent(name)}`;
  const restore: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.execute<{ rows: string | null; columns: string | null }>(
      sql.raw(`select (select json_agg(t)::text from ${q(name)} t) as rows,
        (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
         where attrelid = ${literal(q(name))}::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns`),
    );
    const [{ rows: json, columns }] = rows;
    if (json && columns) {
      restore.push(
        `INSERT INTO ${q(name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(null::${q(name)}, ${literal(json)});`,
      );
    }
  }
  const emptyAll = tables.map(({ name }) => `IF EXISTS (SELECT 1 FROM ${q(name)}) THEN DELETE FROM ${q(name)}; END IF;`);
  const restart = sequences.map(({ name, start }) => `PERFORM setval(${literal(name)}, ${start}, false);`);
  // Triggers (foreign keys are triggers too) are skipped while emptying: every table ends up empty,
  // so no check is needed, and a trigger must not write into a table already emptied.
  const fast = [
    "DO $reset$ BEGIN",
    "PERFORM set_config('session_replication_role', 'replica', true);",
    ...emptyAll,
    ...restore,
    ...restart,
    "END $reset$",
  ].join("\n");
  const fallback = [
    "DO $reset$ BEGIN",
    tables.length ? `TRUNCATE ${tables.map(({ name }) => q(name)).join(", ")} RESTART IDENTITY CASCADE;` : "",
    ...restore,
    "END $reset$",
  ].join("\n");
  return { fast, fallback, useFallback: false };
}

/** The Postgres error code of a failed query (Drizzle wraps driver errors). */
function errorCode(error: unknown): string | undefined {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ("code" in e && typeof e.code === "string") return e.code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Put the database back as the template has it: every table emptied (DELETE, far cheaper than
 * TRUNCATE for the few rows a test writes), the rows the migrations inserted restored, every
 * sequence restarted. One statement, one round trip. `setupTestDatabase()` calls it for you.
 */
export async function resetTestDb(db: Database): Promise<void> {
  const plan = await planReset(db);
  if (!plan.useFallback) {
    try {
      await db.execute(sql.raw(plan.fast));
      return;
    } catch (error) {
      // Not a superuser: session_replication_role is out of reach.
      if (errorCode(error) !== "42501") throw error;
      plan.useFallback = true;
    }
  }
  await db.execute(sql.raw(plan.fallback));
}
