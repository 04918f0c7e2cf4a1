/**
 * db.server.ts against real databases: PGlite on disk persists across
 * reopen; the process-wide database and /readyz ping; on PostgreSQL,
 * concurrent migrators serialise, and search's statements stay prepared.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { user } from "#db/schema";
import { databaseUrl, quoteIdent } from "../../tests/setup/template";
import type * as DbModule from "./db.server";
import {
  closeDb,
  createDatabase,
  databaseOptionsFromEnv,
  embeddedPglite,
  executeKept,
  getDatabaseDriver,
  getDb,
  migrateDatabase,
  migrationsFolder,
  pingDatabase,
} from "./db.server";

let tmp: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "spotfolio-db-"));
});
afterEach(async () => {
  await closeDb();
  // Back in place: process.env stays the object Vitest's stubEnv writes to, for the files that follow.
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

// PGlite in a folder of its own, whichever database the suite runs on: once, in the PGlite run.
describe.skipIf(process.env.TEST_DATABASE_URL)("createDatabase (PGlite on disk)", () => {
  it("migrates, persists across close and reopen, and re-migrating is a no-op", async () => {
    const dataDir = path.join(tmp, "persist", "pglite");
    const first = await createDatabase({ dataDir });
    expect(first.driver).toBe("pglite");
    expect(getDatabaseDriver(first.db)).toBe("pglite");
    await migrateDatabase(first.db);
    await first.db.insert(user).values({ id: "u1", name: "Persisted", email: "p@example.com" });
    await first.close();

    const second = await createDatabase({ dataDir });
    try {
      await migrateDatabase(second.db);
      const rows = await second.db.select().from(user).where(eq(user.id, "u1"));
      expect(rows).toMatchObject([{ name: "Persisted", email: "p@example.com", emailVerified: false }]);
      const trgm = await second.db.execute<{ s: number }>(sql`select similarity('barcelona', 'barcelonna')::float8 as s`);
      expect(Number(trgm.rows[0].s)).toBeGreaterThan(0.3);
    } finally {
      await second.close();
    }
  }, 180_000); // PGlite created on disk and migrated from nothing, then reopened

  it("refuses to migrate a database it did not create", async () => {
    await expect(migrateDatabase({} as never)).rejects.toThrow(/createDatabase/);
  });
});

describe("the process-wide database", () => {
  // The embedded database in a folder of its own: once, in the PGlite run.
  it.skipIf(process.env.TEST_DATABASE_URL)("reads DATA_DIR, is one instance on globalThis, and answers the readiness ping", async () => {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = path.join(tmp, "data");
    expect(databaseOptionsFromEnv()).toEqual({ dataDir: path.join(tmp, "data", "pglite") });

    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect((globalThis as Record<string, unknown>).__spotfolio_db).toBeDefined();
    expect(getDatabaseDriver(a)).toBe("pglite");
    expect(await pingDatabase()).toBe(true);

    await closeDb();
    expect((globalThis as Record<string, unknown>).__spotfolio_db).toBeUndefined();
  });

  it("is known for what it is underneath to every copy of this module: the built server's routes are another bundle", async () => {
    // The Hono entry opens the database; the React Router build, bundled apart with its own copy of
    // this module, runs the loaders that use it. A second instance of the module stands for it.
    const secondCopy = "./db.server.ts?routes-bundle";
    const routesBundle = (await import(/* @vite-ignore */ secondCopy)) as typeof DbModule;
    expect(routesBundle.executeKept).not.toBe(executeKept);
    const lite = await createDatabase();
    try {
      // The page cache follows the embedded database's notifications only if it finds the PGlite.
      expect(routesBundle.embeddedPglite(lite.db)).toBe(embeddedPglite(lite.db));
      expect(routesBundle.embeddedPglite(lite.db)).toBeDefined();
      expect(routesBundle.getDatabaseDriver(lite.db)).toBe("pglite");
    } finally {
      await lite.close();
    }
    if (!process.env.TEST_DATABASE_URL) return;
    const postgres = await createDatabase({ url: process.env.TEST_DATABASE_URL, poolMax: 1 });
    try {
      // A route's kept statement runs on the kept connections, with their generic plans.
      expect(await routesBundle.executeKept(postgres.db, sql`select current_setting('plan_cache_mode') as mode`)).toEqual([{ mode: "force_generic_plan" }]);
    } finally {
      await postgres.close();
    }
  });

  it("pings false when PostgreSQL is unreachable", async () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nowhere";
    expect(await pingDatabase()).toBe(false);
  });

  it("takes the migrations folder from MIGRATIONS_DIR, else <cwd>/db/migrations", () => {
    delete process.env.MIGRATIONS_DIR;
    expect(migrationsFolder()).toBe(path.resolve("db/migrations"));
    process.env.MIGRATIONS_DIR = "/srv/app/migrations";
    expect(migrationsFolder()).toBe("/srv/app/migrations");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL", () => {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `spotfolio_migrate_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client(base);
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  it("uses node-postgres for DATABASE_URL and pings true", async () => {
    process.env.DATABASE_URL = base;
    const db = await getDb();
    expect(getDatabaseDriver(db)).toBe("postgres");
    expect(await pingDatabase()).toBe(true);
  });

  it("runs every statement on one core and without JIT compilation (ADR 0023, ADR 0046)", async () => {
    process.env.DATABASE_URL = base;
    const db = await getDb();
    const { rows } = await db.execute<{ jit: string; workers: string }>(
      sql`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`,
    );
    expect(rows[0]).toEqual({ jit: "off", workers: "0" });
  });

  it("keeps a statement run with other values prepared on its connection, with the rows and types of a plain execute, and runs its generic plan from the first run (ADR 0049, ADR 0052)", async () => {
    const handle = await createDatabase({ url: base, poolMax: 1 });
    try {
      const query = (n: number) => sql`select ${n}::int + 1 as next, '2026-11-30T23:59:59Z'::timestamptz as at, ${"text"}::text as word`;
      for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(await executeKept(handle.db, query(n))).toEqual([{ next: n + 1, at: expect.any(String), word: "text" }]);
      expect(await executeKept(handle.db, query(41))).toEqual((await handle.db.execute(query(41))).rows);
      // The kept connection holds it, parsed once, and never planned for one run's values: all eight
      // runs used its generic plan (PostgreSQL's default plans the first five afresh).
      const held = await executeKept<{ statement: string; generic: number; custom: number }>(
        handle.db,
        sql`select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where name like 'kept_%' and statement not like '%pg_prepared_statements%'`,
      );
      expect(held).toEqual([{ statement: expect.stringContaining("as next"), generic: 8, custom: 0 }]);
      // Only the kept connections are set so: every other statement is planned for its values.
      const mode = sql`select current_setting('plan_cache_mode') as mode`;
      expect(await executeKept(handle.db, mode)).toEqual([{ mode: "force_generic_plan" }]);
      expect((await handle.db.execute(mode)).rows).toEqual([{ mode: "auto" }]);
    } finally {
      await handle.close();
    }
  });

  it("serialises concurrent migrations of an empty database", async () => {
    await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
    await admin(`create database ${quoteIdent(name)}`);
    const handles = await Promise.all([1, 2, 3].map(() => createDatabase({ url: databaseUrl(base, name), poolMax: 2 })));
    try {
      await Promise.all(handles.map((h) => migrateDatabase(h.db)));
      const { rows } = await handles[0].db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(rows[0].n).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
    }
  });
});
