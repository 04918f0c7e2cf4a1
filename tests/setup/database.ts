/**
 * Per-test-file databases for integration tests.
 *
 *   import { getTestDb, resetTestDb } from "../tests/setup/database";
 *   let db: Database;
 *   beforeAll(async () => { db = await getTestDb(); });
 *   beforeEach(() => resetTestDb(db));
 *
 * Every test file (each runs in its own worker) gets its own migrated
 * database, cloned from the template the global setup built:
 * - PGlite (default): an in-memory PGlite loaded from the template tarball.
 * - PostgreSQL (TEST_DATABASE_URL set): `CREATE DATABASE spotfolio_test_<pool>_<pid> TEMPLATE ...`,
 *   dropped when the file is done.
 */
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase, type Database, type DatabaseHandle } from "../../app/lib/db.server";
import { databaseUrl, markCreated, prepareTestDatabase, quoteIdent, type TestDatabaseInfo } from "./template";

interface TestDb {
  handle: DatabaseHandle;
  info: TestDatabaseInfo;
  /** PostgreSQL: the per-file database to drop at the end. */
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
  if (info.driver === "pglite") {
    // zlib is faster than PGlite's own gunzip (DecompressionStream).
    const tar = gunzipSync(await readFile(info.templatePath));
    const client = await PGlite.create({
      dataDir: "memory://",
      loadDataDir: new Blob([tar], { type: "application/x-tar" }),
      extensions: { pg_trgm },
    });
    return { handle: await createDatabase({ pglite: client }), info };
  }
  const database = `spotfolio_test_${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}`;
  await admin(info.url, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    await client.query(`create database ${quoteIdent(database)} template ${quoteIdent(info.template)}`);
    await markCreated(client, database);
  });
  const url = databaseUrl(info.url, database);
  return { handle: await createDatabase({ url, poolMax: 4 }), info, database, url };
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

/** This test file's database: migrated, empty at first (created on first call). */
export async function getTestDb(): Promise<Database> {
  if (!current) {
    current = open();
    current.catch(() => (current = undefined));
  }
  return (await current).handle.db;
}

/** "pglite" or "postgres": the driver this run's integration tests use. */
export function testDriver(): "pglite" | "postgres" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

/** PostgreSQL only: the connection string of this file's database (after getTestDb()). */
export async function getTestDatabaseUrl(): Promise<string | undefined> {
  return current ? (await current).url : undefined;
}

/** Close this file's database (and drop it on PostgreSQL). Called by tests/setup/db.ts after all tests. */
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

interface TableInfo {
  /** One statement listing the tables that hold rows. */
  nonEmptyQuery: string;
  /** Tables with identity/serial columns: always truncated so identities restart. */
  withSequences: string[];
}
const tableInfo = new WeakMap<Database, TableInfo>();

async function describeTables(db: Database): Promise<TableInfo> {
  let info = tableInfo.get(db);
  if (info) return info;
  const { rows } = await db.execute<{ tablename: string; has_sequence: boolean }>(sql`
    select t.tablename,
      exists (select 1 from information_schema.columns c
              where c.table_schema = 'public' and c.table_name = t.tablename
                and (c.is_identity = 'YES' or c.column_default like 'nextval(%')) as has_sequence
    from pg_tables t where t.schemaname = 'public' order by t.tablename`);
  const q = (name: string) => `public.${quoteIdent(name)}`;
  info = {
    nonEmptyQuery: rows.map((r) => `select '${r.tablename.replace(/'/g, "''")}' as t where exists (select 1 from ${q(r.tablename)})`).join(" union all "),
    withSequences: rows.filter((r) => r.has_sequence).map((r) => r.tablename),
  };
  tableInfo.set(db, info);
  return info;
}

/**
 * Empty every table of the public schema (TRUNCATE ... RESTART IDENTITY
 * CASCADE). Use in beforeEach. Only tables holding rows (and tables with
 * identity columns) are truncated: truncating all ~30 tables costs ~60 ms on
 * PostgreSQL, most of them are empty in a typical test.
 */
export async function resetTestDb(db: Database): Promise<void> {
  const info = await describeTables(db);
  if (!info.nonEmptyQuery) return;
  const { rows } = await db.execute<{ t: string }>(sql.raw(info.nonEmptyQuery));
  const tables = new Set([...rows.map((r) => r.t), ...info.withSequences]);
  if (tables.size === 0) return;
  const list = [...tables].map((name) => `public.${quoteIdent(name)}`).join(", ");
  await db.execute(sql.raw(`truncate ${list} restart identity cascade`));
}
