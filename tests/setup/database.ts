/**
 * The database of integration tests.
 *
 *   import { setupTestDatabase } from "../tests/setup/database";
 *   const db = await setupTestDatabase(); // at the top of the file: emptied before every test
 *
 * `setupTestDatabase({ reset: "file" })` empties it once, before the file's first test, for files
 * whose tests share a world built in `beforeAll`.
 *
 * Each test worker clones one migrated database from the template the global setup built, and
 * keeps it for every file it runs (the integration project runs with `isolate: false`):
 * - PGlite (default): an in-memory PGlite loaded from the template tarball.
 * - PostgreSQL (TEST_DATABASE_URL set): `CREATE DATABASE spotfolio_test_<run>_<pool>_<pid> TEMPLATE ...`,
 *   dropped by the global setup's teardown at the end of the run.
 * Every file gets its own `Database` over it (so what the app keeps per database, such as the auth
 * instance with the file's settings, is the file's own) and starts on a database equal to the
 * template: tests/setup/integration.ts resets it before the file.
 */
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, beforeEach, inject } from "vitest";
import { createDatabase, PGLITE_EXTENSIONS, type Database, type DatabaseHandle } from "../../app/lib/db.server";
import { databaseUrl, ensurePgliteTemplate, markCreated, prepareTestDatabase, quoteIdent, testDatabasePrefix, type TestDatabaseInfo } from "./template";

/** The database this worker cloned, with what a reset runs on it. */
interface WorkerDb {
  info: TestDatabaseInfo;
  /** A handle of the worker's own: builds the reset plan, resets between files, closes the database. */
  base: DatabaseHandle;
  /** The one statement that puts the database back as the template has it. */
  reset: string;
  pglite?: PGlite;
  /** PostgreSQL: the cloned database and its connection string. */
  database?: string;
  url?: string;
}

let worker: Promise<WorkerDb> | undefined;
/** The current test file's handle over the worker's database. */
let current: Promise<DatabaseHandle> | undefined;

function testInfo(): Promise<TestDatabaseInfo> {
  const provided = inject("testDatabase");
  // Outside the integration project (no global setup): build the template here.
  return provided ? Promise.resolve(provided) : prepareTestDatabase();
}

async function openWorkerDb(): Promise<WorkerDb> {
  const info = await testInfo();
  if (info.driver === "pglite") {
    // zlib is faster than PGlite's own gunzip (DecompressionStream).
    const tar = gunzipSync(await readFile(info.templatePath));
    const pglite = await PGlite.create({
      dataDir: "memory://",
      loadDataDir: new Blob([tar], { type: "application/x-tar" }),
      extensions: PGLITE_EXTENSIONS,
    });
    const base = await createDatabase({ pglite });
    return { info, base, pglite, reset: await buildResetPlan(base.db) };
  }
  const database = `${testDatabasePrefix(info.runId)}${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}`;
  await admin(info.url, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    await client.query(`create database ${quoteIdent(database)} template ${quoteIdent(info.template)}`);
    await markCreated(client, database);
  });
  const url = databaseUrl(info.url, database);
  const base = await createDatabase({ url, poolMax: 1 });
  return { info, base, database, url, reset: await buildResetPlan(base.db) };
}

function workerDb(): Promise<WorkerDb> {
  if (!worker) {
    worker = openWorkerDb();
    worker.catch(() => (worker = undefined));
  }
  return worker;
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

/** This test file's database: migrated, equal to the template when the file starts (opened on first call). */
export async function getTestDb(): Promise<Database> {
  if (!current) {
    current = workerDb().then((w) => (w.pglite ? createDatabase({ pglite: w.pglite }) : createDatabase({ url: w.url, poolMax: 4 })));
    current.catch(() => (current = undefined));
  }
  return (await current).db;
}

/**
 * This file's database, emptied before every test (`reset: "each"`, the default) or once before
 * the file's first test (`reset: "file"`). Call it at the top of the test file:
 * `const db = await setupTestDatabase();`.
 */
export async function setupTestDatabase(options: { reset?: "each" | "file" } = {}): Promise<Database> {
  const db = await getTestDb();
  // A file starts on a clean database anyway (tests/setup/integration.ts); "each" empties it between tests too.
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
  return worker ? (await worker).url : undefined;
}

/**
 * Put this worker's database back as the template has it, in one statement: every table emptied
 * (DELETE, far cheaper than TRUNCATE for the few rows a test writes; triggers fire as for any
 * write, so the public content version moves on and caches hear of it), the rows the migrations
 * inserted kept, every sequence restarted. `setupTestDatabase()` calls it for you; `db` is a
 * database from `getTestDb()`.
 */
export async function resetTestDb(db: Database): Promise<void> {
  const { reset } = await workerDb();
  await db.execute(sql.raw(reset));
}

/** Before each test file (tests/setup/integration.ts): the worker's database, if open, back to the template. */
export async function resetTestDbIfOpen(): Promise<void> {
  const pending = worker;
  const opened = pending && (await pending.catch(() => undefined));
  if (opened) await opened.base.db.execute(sql.raw(opened.reset));
}

/** After each test file: let go of the file's handle (its PostgreSQL pool); the worker keeps the database. */
export async function releaseTestDb(): Promise<void> {
  const pending = current;
  current = undefined;
  const handle = pending && (await pending.catch(() => undefined));
  // A PGlite handle's close() would close the worker's PGlite.
  if (handle?.driver === "postgres") await handle.close();
}

/**
 * An embedded database on disk at `dataDir`, migrated: the template copied in, as
 * `createDatabase` + `migrateDatabase` would leave it, without running every migration again.
 */
export async function createMigratedPgliteOnDisk(dataDir: string): Promise<DatabaseHandle> {
  const tar = gunzipSync(await readFile(await ensurePgliteTemplate()));
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([tar], { type: "application/x-tar" }), extensions: PGLITE_EXTENSIONS });
  return createDatabase({ pglite });
}

/** Close this worker's database (and drop it on PostgreSQL): when each file has a worker of its own (`--isolate`). */
export async function closeTestDb(): Promise<void> {
  await releaseTestDb();
  const pending = worker;
  worker = undefined;
  const opened = pending && (await pending.catch(() => undefined));
  if (!opened) return;
  await opened.base.close();
  if (opened.info.driver === "postgres" && opened.database) {
    const { database } = opened;
    await admin(opened.info.url, (client) => client.query(`drop database if exists ${quoteIdent(database)} with (force)`).then(() => undefined));
  }
}

/** From this many rows a table is truncated rather than deleted from. */
const TRUNCATE_FROM = 1000;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const table = (name: string) => `public.${quoteIdent(name)}`;

/**
 * Read, from a database still equal to the template, what a reset does: the tables to empty
 * (those that reference others first), the rows the migrations inserted (kept or put back) and
 * the sequences to restart. Returns the one statement that does it.
 */
async function buildResetPlan(db: Database): Promise<string> {
  const { rows: tables } = await db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const { rows: references } = await db.execute<{ child: string; parent: string }>(sql`
    select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const { rows: sequences } = await db.execute<{ name: string; start: string }>(sql`
    select format('%I.%I', n.nspname, c.relname) as name, s.seqstart::text as start
    from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' order by 1`);

  // Children before parents, so no delete waits on a cascade or breaks a reference.
  const order: string[] = [];
  const pending = new Set(tables.map((t) => t.name));
  while (pending.size > 0) {
    const ready = [...pending].filter((name) => !references.some((r) => r.parent === name && pending.has(r.child)));
    // A cycle of references: the rest in any order (their cascades then do the work).
    for (const name of ready.length > 0 ? ready : [...pending]) {
      order.push(name);
      pending.delete(name);
    }
  }

  const statements: string[] = [];
  for (const name of order) {
    const { rows } = await db.execute<{ rows: string | null; columns: string | null; key: string | null }>(
      sql.raw(`select (select json_agg(t)::text from ${table(name)} t) as rows,
        (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
         where attrelid = ${literal(table(name))}::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns,
        (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ${literal(table(name))}::regclass and i.indisprimary) as key`),
    );
    const [{ rows: json, columns, key }] = rows;
    if (!json || !columns) {
      // DELETE for the few rows a test writes; TRUNCATE (a fixed cost of its own) once there are
      // thousands, as after seeding every city.
      statements.push(
        `IF EXISTS (SELECT 1 FROM ${table(name)}) THEN`,
        `  IF (SELECT count(*) FROM (SELECT 1 FROM ${table(name)} LIMIT ${TRUNCATE_FROM}) AS first_rows) < ${TRUNCATE_FROM} THEN DELETE FROM ${table(name)};`,
        `  ELSE TRUNCATE ${table(name)} CASCADE; END IF;`,
        "END IF;",
      );
      continue;
    }
    // Rows the migrations inserted (the public content version): rows added since go, missing ones
    // come back, the others stay as they are, so a counter never goes back to a number a cache
    // has already seen.
    const template = `json_populate_recordset(null::${table(name)}, ${literal(json)})`;
    if (key) {
      statements.push(`DELETE FROM ${table(name)} WHERE (${key}) NOT IN (SELECT ${key} FROM ${template});`);
      statements.push(`INSERT INTO ${table(name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${template} ON CONFLICT DO NOTHING;`);
    } else {
      statements.push(`DELETE FROM ${table(name)};`);
      statements.push(`INSERT INTO ${table(name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${template};`);
    }
  }
  for (const { name, start } of sequences) statements.push(`PERFORM setval(${literal(name)}, ${start}, false);`);
  // The ledger (migration 0022) and the audit log (migration 0028) refuse every change but to a
  // reset, which says so for its own transaction.
  return [
    "DO $reset$ BEGIN",
    "PERFORM set_config('spotfolio.erase_ledger', 'on', true);",
    "PERFORM set_config('spotfolio.erase_audit_log', 'on', true);",
    ...statements,
    "END $reset$",
  ].join("\n");
}
