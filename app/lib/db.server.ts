/**
 * The database: one Drizzle instance over either driver, same schema, same
 * migrations.
 *
 * - `DATABASE_URL` set: PostgreSQL through a node-postgres pool.
 * - otherwise: embedded PGlite (WASM Postgres) persisted under
 *   `${DATA_DIR ?? "./data"}/pglite`, with the extensions the migrations create
 *   (PGLITE_EXTENSIONS: every PGlite the app or a test opens loads these).
 *   PGlite is single-process: never open the same directory from two processes.
 *
 * Reads process.env directly (DATABASE_URL, DATA_DIR, MIGRATIONS_DIR) so it
 * stays usable from scripts and tests without the app's env module.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { fillPlaceholders, sql, type Query, type SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { keptStatementsClient } from "./pglite-statements.server";
import { singleton } from "./singleton.server";

export type Schema = typeof schema;

/**
 * The extensions the migrations create, which PGlite must be given when it is created (it cannot
 * load them later): pg_trgm (fuzzy search) and unaccent (search without accents, migration 0021).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * Result of `db.execute(sql\`...\`)` on either driver: both return `{ rows }`.
 * Raw rows are not mapped by Drizzle: cast int8/numeric results in SQL
 * (`count(*)::int`), the two drivers parse them differently.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RawQueryResult<this["row"]>;
}
export interface RawQueryResult<TRow> {
  rows: (TRow extends Record<string, unknown> ? TRow : Record<string, unknown>)[];
}

/** A Drizzle database over either driver. A transaction (`Transaction`) is also a `Database`. */
export type Database = PgDatabase<QueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DatabaseDriver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  close(): Promise<void>;
}

interface Internals {
  driver: DatabaseDriver;
  pool?: pg.Pool;
  /** The connections kept statements run on (executeKept): generic plans only, kept open longer. */
  keptPool?: pg.Pool;
  pglite?: PGlite;
}

// What a database object is underneath (its pools, its PGlite), shared through globalThis: the Hono
// entry opens the database and the React Router build (another bundle, another copy of this
// module) runs the loaders that use it. A module-level map existed once per bundle, so in the
// built server the routes' executeKept found no pool (every kept statement ran unnamed and
// planned afresh) and embeddedPglite found no PGlite (the page cache read the content version
// from the database on every request instead of from its notifications).
const internals = singleton("databaseInternals", () => new WeakMap<object, Internals>());

export interface CreateDatabaseOptions {
  /** PostgreSQL connection string: use node-postgres. */
  url?: string;
  /** PGlite data directory, or "memory://" (the default when neither url nor pglite is given). */
  dataDir?: string;
  /** An existing PGlite instance (created with PGLITE_EXTENSIONS); `close()` closes it. */
  pglite?: PGlite;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
}

/**
 * Settings of every connection. No parallel workers: on a small server each request is better
 * served by one core than by launching workers (~5 ms), and search reads its shards in order,
 * which a parallel append would not keep (ADR 0023). No JIT compilation (ADR 0046): our statements
 * are short, and one whose row estimate is a guess (generate_series, a fresh temporary table)
 * passes JIT's cost threshold and spends ~1 s compiling work of a few milliseconds (a month's
 * close, each time).
 */
const SESSION_OPTIONS = "-c max_parallel_workers_per_gather=0 -c jit=off";

/** A pool of connections with SESSION_OPTIONS (and `settings` besides); an idle client's lost connection is logged, not thrown. */
function postgresPool(url: string, max = 10, own: { name: string; idleMs: number; settings: string }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: own.idleMs,
    application_name: own.name,
    options: SESSION_OPTIONS + own.settings,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it on next use.
  pool.on("error", (err) => console.error("[db] idle PostgreSQL client error:", err.message));
  return pool;
}

/** Open a database. Precedence: `pglite`, then `url`, then `dataDir` (in-memory PGlite if none). */
export async function createDatabase(opts: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (opts.pglite) return wrapPglite(opts.pglite);
  if (opts.url) {
    const pool = postgresPool(opts.url, opts.poolMax, { name: "spotfolio", idleMs: 30_000, settings: "" });
    // Kept statements (executeKept, ADR 0049 and 0052) have connections of their own, on which
    // PostgreSQL uses each statement's generic plan from its first run: with the default it plans
    // the first five runs on every connection afresh (5-15 ms each for search's spots statement),
    // and a statement whose generic plan it prices above its custom ones (destinations') forever.
    // Only statements written for a generic plan run there. They stay open ten minutes idle, so
    // their statements, plans and text search dictionaries are not made again after a quiet minute.
    const keptPool = postgresPool(opts.url, opts.poolMax, { name: "spotfolio-kept", idleMs: 600_000, settings: " -c plan_cache_mode=force_generic_plan" });
    const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
    internals.set(db, { driver: "postgres", pool, keptPool });
    return { db, driver: "postgres", close: async () => void (await Promise.all([pool.end(), keptPool.end()])) };
  }
  const dataDir = opts.dataDir ?? "memory://";
  if (!dataDir.includes("://")) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: dataDir.includes("://") ? dataDir : path.resolve(dataDir),
    extensions: PGLITE_EXTENSIONS,
  });
  return wrapPglite(client);
}

function wrapPglite(client: PGlite): DatabaseHandle {
  // Drizzle's queries run as statements kept prepared in the embedded session (ADR 0062); the
  // PGlite itself stays the database's (notifications, dumps, closing).
  const db = drizzlePglite({ client: keptStatementsClient(client) as PGlite, schema, casing: "snake_case" }) as unknown as Database;
  internals.set(db, { driver: "pglite", pglite: client });
  return {
    db,
    driver: "pglite",
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The embedded PGlite behind a database, or undefined on PostgreSQL: for what only an embedded,
 * single-process database allows (its notifications reach the one process that can write).
 */
export function embeddedPglite(db: Database): PGlite | undefined {
  return internals.get(db)?.pglite;
}

/** Which driver a database from `createDatabase`/`getDb` runs on. */
export function getDatabaseDriver(db: Database): DatabaseDriver | undefined {
  return internals.get(db)?.driver;
}

// Statement texts kept prepared, and their names: at most KEPT_STATEMENTS_MAX, so a text built
// from a viewer's details (one IN list entry per supported creator) cannot grow every
// connection's set of prepared statements without bound; past it, texts run unnamed.
const KEPT_STATEMENTS_MAX = 200;
const keptNames = new Map<string, string>();
const dialect = new PgDialect({ casing: "snake_case" });
// As Drizzle's node-postgres driver reads raw rows: dates, times and intervals (and their arrays) as text.
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const keptTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

// Statements as sent to the server, by the SQL object they were built from: a statement kept
// whole by its caller, with `sql.placeholder(name)` for what changes from run to run (its
// `values`), is turned into text once. Doing that every time, walking Drizzle's tree of pieces,
// was a fifth of the app's CPU in a search (five statements each time, ADR 0064).
const built = new WeakMap<SQL, Query>();
function builtStatement(query: SQL): Query {
  let statement = built.get(query);
  if (!statement) built.set(query, (statement = dialect.sqlToQuery(query)));
  return statement;
}

/**
 * A read run often with other values, whose planning costs as much as its run (search's
 * statements over the sharded indexes, ADR 0049): on PostgreSQL a named prepared statement,
 * parsed and planned once per connection of the kept pool, which always runs its generic plan
 * (ADR 0052: write it so that plan is good, no index condition that needs a constant, such as a
 * LIKE prefix); in a transaction, an ordinary execute; on PGlite, the same run as `db.execute`,
 * whose client keeps every row statement prepared in the one embedded session (ADR 0062). Its
 * rows, as `db.execute` gives them. `values` fill the statement's placeholders: a statement the
 * caller keeps (built once, see builtStatement) takes what changes that way.
 */
export async function executeKept<T>(db: Database, query: SQL, values?: Record<string, unknown>): Promise<T[]> {
  const statement = builtStatement(query);
  const pool = internals.get(db)?.keptPool;
  if (!pool) {
    const run = db._.session.prepareQuery(statement, undefined, undefined, false);
    return ((await run.execute(values)) as { rows: T[] }).rows;
  }
  const { sql: text } = statement;
  const params = values ? fillPlaceholders(statement.params, values) : statement.params;
  let name = keptNames.get(text);
  if (name === undefined && keptNames.size < KEPT_STATEMENTS_MAX) {
    name = `kept_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    keptNames.set(text, name);
  }
  return (await pool.query({ name, text, values: params, types: keptTypes })).rows as T[];
}

/** `MIGRATIONS_DIR`, else `<cwd>/db/migrations` (works from source and from build/). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR || path.join(process.cwd(), "db/migrations"));
}

// Any constant; serialises concurrent migrators (several app instances starting at once).
const MIGRATION_LOCK_KEY = 7_416_503_211;

/**
 * Apply pending migrations. On PostgreSQL a session advisory lock makes
 * concurrent callers wait for each other instead of racing.
 */
export async function migrateDatabase(db: Database, opts: { migrationsFolder?: string } = {}): Promise<void> {
  const config = { migrationsFolder: opts.migrationsFolder ?? migrationsFolder() };
  const info = internals.get(db);
  if (!info) throw new Error("migrateDatabase: not a database created by createDatabase()/getDb()");
  if (info.driver === "pglite") {
    await migratePglite(db as never, config);
    return;
  }
  const client = await info.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), config);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

// ---- the process-wide database ------------------------------------------------

// On globalThis so the Hono entry and the React Router build (two bundles in
// one process) share one pool / one PGlite.
const GLOBAL_KEY = "__spotfolio_db";
type Store = Record<string, Promise<DatabaseHandle> | undefined>;
const store = globalThis as unknown as Store;

/** The options `getDb()` uses, from the environment. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): CreateDatabaseOptions {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return { dataDir: path.join(env.DATA_DIR || "./data", "pglite") };
}

/**
 * The process-wide database (created on first use, from the environment): the server entry
 * and scripts open it; loaders and actions get theirs through `dbContext` (ADR 0013).
 */
export async function getDb(): Promise<Database> {
  let pending = store[GLOBAL_KEY];
  if (!pending) {
    pending = createDatabase(databaseOptionsFromEnv());
    store[GLOBAL_KEY] = pending;
    // A failed open is not cached: the next call tries again.
    pending.catch(() => {
      if (store[GLOBAL_KEY] === pending) delete store[GLOBAL_KEY];
    });
  }
  return (await pending).db;
}

/** Close the process-wide database (graceful shutdown, end of a script). */
export async function closeDb(): Promise<void> {
  const pending = store[GLOBAL_KEY];
  if (!pending) return;
  delete store[GLOBAL_KEY];
  const handle = await pending.catch(() => undefined);
  await handle?.close();
}

/** For /readyz: `select 1` on the process-wide database, false on error or after `timeoutMs`. */
export async function pingDatabase(timeoutMs = 2_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const check = (async () => {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
