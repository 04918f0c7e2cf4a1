/**
 * A fresh, migrated database for one bench part, on each database the part is asked to run on:
 * PostgreSQL (a database of the bench's own, created on BENCH_SEARCH_PG_URL's server and dropped
 * afterwards; never `test`) and PGlite (in a temporary folder, removed afterwards).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, migrateDatabase, type Database } from "~/lib/db.server";
import type { Report } from "./stats";

const PG_ADMIN_URL = process.env.BENCH_SEARCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The part's work on one database; `where` is "@ PostgreSQL" or "@ PGlite", for its report lines. */
export type BenchOnDatabase = (db: Database, where: string) => Promise<void>;

async function onPostgres(name: string, label: string, report: Report, work: BenchOnDatabase) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    report(`${label} @ PostgreSQL`, `skipped: cannot connect to ${PG_ADMIN_URL} (${(error as Error).message})`);
    return;
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const handle = await createDatabase({ url: url.href });
    try {
      await migrateDatabase(handle.db);
      await work(handle.db, "@ PostgreSQL");
    } finally {
      await handle.close();
    }
  } finally {
    // pg's pool.end() does not wait for its sockets to close: let them go before dropping (else an
    // idle client of the closed pool reports the forced termination).
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(name: string, work: BenchOnDatabase) {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  try {
    const handle = await createDatabase({ dataDir: path.join(dir, "pglite") });
    try {
      await migrateDatabase(handle.db);
      await work(handle.db, "@ PGlite");
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Run `work` on each database named in the environment variable `driversVariable`
 * (default "postgres,pglite"), each fresh. `name` is the PostgreSQL database's name and the
 * PGlite folder's prefix; `label` starts the "skipped" line when PostgreSQL is unreachable.
 */
export async function onEachDatabase(opts: { name: string; label: string; driversVariable: string }, report: Report, work: BenchOnDatabase): Promise<void> {
  const drivers = (process.env[opts.driversVariable] ?? "postgres,pglite").split(",").map((d) => d.trim());
  for (const driver of drivers) {
    if (driver === "postgres") await onPostgres(opts.name, opts.label, report, work);
    else if (driver === "pglite") await onPglite(opts.name, work);
    else throw new Error(`${opts.driversVariable}: unknown database "${driver}" (postgres, pglite)`);
  }
}
