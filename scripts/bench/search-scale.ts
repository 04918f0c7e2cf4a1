/**
 * Search at scale (part of `npm run bench`; alone: `npx tsx scripts/bench/search-scale.ts`).
 *
 * Builds a large data set (1,000,000 spots, 50,000 maps, 10,000 creators and
 * all cities by default; PGlite at a smaller scale, printed with its figures)
 * in a dedicated PostgreSQL database and in an embedded PGlite database, with
 * the real migrations (so the real indexes), then times the real search
 * function `/api/search` calls, in process, for an anonymous
 * visitor over a fixed list of queries, and the same queries as a naive
 * ILIKE '%term%' scan. Prints p50/p95 per database and the ILIKE/search ratio.
 * Figures only: nothing is asserted.
 *
 * Environment:
 *   BENCH_SEARCH_SPOTS         spots on PostgreSQL (default 1000000; maps = spots/20, creators = maps/5)
 *   BENCH_SEARCH_PGLITE_SPOTS  spots on PGlite (default 200000: at 1,000,000 the data is generated in
 *                              about 3 minutes, but single-threaded PGlite then needs 5-10 s per fuzzy or
 *                              ILIKE query, about half an hour for all rounds)
 *   BENCH_SEARCH_DRIVERS       which databases (default "postgres,pglite")
 *   BENCH_SEARCH_PG_URL        a maintenance connection (default postgres://postgres@127.0.0.1:5432/postgres);
 *                              the bench creates and drops database spotfolio_bench on that server
 *   BENCH_SEARCH_ROUNDS        timed rounds of the query list (default 5)
 *   BENCH_SEARCH_WARMUP        untimed rounds before them (default 3: see WARMUP)
 *   BENCH_SEARCH_ILIKE_ROUNDS  timed rounds of the ILIKE baseline (default 2; 0 skips it)
 *   BENCH_SEARCH_VIEWER_ROUNDS timed rounds as signed-in viewers who may open more than the public
 *                              spots: a member, a creator, a Premium subscriber, a supporter (default: as many as
 *                              BENCH_SEARCH_ROUNDS, see VIEWER_ROUNDS; 0 skips)
 *   BENCH_SEARCH_DB            the PostgreSQL database's name (default spotfolio_bench)
 *   BENCH_SEARCH_KEEP=1        keep the PostgreSQL database afterwards (for EXPLAIN ANALYZE)
 *   BENCH_SEARCH_REUSE=1       time a kept database again instead of rebuilding it: pending migrations
 *                              are applied, then VACUUM ANALYZE (implies KEEP)
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createDatabase, migrateDatabase, type Database, type DatabaseDriver, type DatabaseHandle } from "~/lib/db.server";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { search } from "~/modules/search/search.server";
import { generateSearchData, scaleForSpots, type Scale } from "./search-data";
import { naiveIlikeSearch, QUERIES } from "./search-queries";
import { count, ms, percentile, seconds, type Report } from "./stats";

const env = process.env;
const BENCH_DB = env.BENCH_SEARCH_DB ?? "spotfolio_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error(`BENCH_SEARCH_DB: "${BENCH_DB}" is not a plain database name`);
const PG_SPOTS = Number(env.BENCH_SEARCH_SPOTS ?? 1_000_000);
const PGLITE_SPOTS = Number(env.BENCH_SEARCH_PGLITE_SPOTS ?? 200_000);
const DRIVERS = (env.BENCH_SEARCH_DRIVERS ?? "postgres,pglite").split(",").map((d) => d.trim());
const PG_ADMIN_URL = env.BENCH_SEARCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROUNDS = Number(env.BENCH_SEARCH_ROUNDS ?? 5);
/**
 * Search's statements are prepared once per connection of the kept pool (ADR 0052), on the first
 * run there: 5-15 ms for the spots statement. One round of the 30 queries did not reach every
 * connection with every statement (a typo's corrected statements run only for the three typos),
 * so the first timed rounds still paid for preparing them, and those runs were most of the p95
 * (10.6 ms after one warm-up round, 7.8-7.9 after three, the same queries on the same server).
 * A server that has run for a while has them all: the figures are of that server (ADR 0056).
 */
const WARMUP = Math.max(1, Number(env.BENCH_SEARCH_WARMUP ?? 3));

/** `rounds` untimed rounds of the query list as `viewer`. */
async function warmUp(db: Database, viewer: Entitlements, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) for (const q of QUERIES) await search(db, q, viewer);
}
const ILIKE_ROUNDS = Number(env.BENCH_SEARCH_ILIKE_ROUNDS ?? 2);
/**
 * As many rounds as the anonymous figure: with two (60 searches) a viewer's p95 was its third
 * slowest search, and one stall of the machine moved it from 6.4 to 15.7 ms between runs of the
 * same code; with five it is the eighth of 150.
 */
const VIEWER_ROUNDS = Number(env.BENCH_SEARCH_VIEWER_ROUNDS ?? ROUNDS);
const KEEP = env.BENCH_SEARCH_KEEP === "1";
const REUSE = env.BENCH_SEARCH_REUSE === "1";

const log = (msg: string) => console.log(`    ${msg}`);
const scaleLabel = (s: Scale) => `${count(s.spots)} spots, ${count(s.maps)} maps, ${count(s.creators)} creators`;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

interface Measured {
  p50: number;
  p95: number;
  samples: number;
  perQuery: Map<string, number[]>;
}

async function measure(label: string, rounds: number, run: (q: string) => Promise<unknown>): Promise<Measured> {
  const perQuery = new Map<string, number[]>(QUERIES.map((q) => [q, []]));
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) perQuery.get(q)!.push(await time(() => run(q)));
  }
  const all = [...perQuery.values()].flat();
  log(`${label}: ${all.length} timed calls`);
  return { p50: percentile(all, 50), p95: percentile(all, 95), samples: all.length, perQuery };
}

/**
 * CPU time (ms) used so far by this process and by the database's server
 * processes when they run on this machine (PostgreSQL on localhost: read from
 * /proc; PGlite runs inside this process). Unlike wall time it does not grow
 * when other work on a shared machine takes the cores: the cost of a search.
 */
async function cpuMs(db: Database, driver: DatabaseDriver): Promise<number | null> {
  const own = process.cpuUsage();
  const total = (own.user + own.system) / 1000;
  if (driver === "pglite") return total;
  const { rows: backends } = await db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database()`);
  let server = 0;
  for (const { pid } of backends) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return null; // not on this machine (or not readable): no figure rather than a wrong one
    }
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    server += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  }
  return total + server;
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Tables a search reads, with their indexes. */
const SEARCHED_TABLES = ["spots", "maps", "profiles", "posts", "cities", "search_words"];

/**
 * PostgreSQL's buffer cache beside the data a search reads. At a million spots the searched
 * tables and their indexes are several times the server's default 128 MB of shared_buffers: every
 * search then copies its pages in again from the operating system's cache, which cost a third of
 * the search's time here (ADR 0056). The figures are only comparable between servers whose cache
 * holds the same share of the data, so it is printed beside them.
 */
async function cacheFit(db: Database): Promise<string> {
  const { rows } = await db.execute<{ cache: string; data: string }>(sql`
    select pg_size_bytes(current_setting('shared_buffers'))::text as cache,
           coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as data
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.relname in (${sql.join(
      SEARCHED_TABLES.map((t) => sql`${t}`),
      sql`, `,
    )})`);
  const cache = Number(rows[0].cache);
  const data = Number(rows[0].data);
  const mb = (bytes: number) => `${count(Math.round(bytes / 2 ** 20))} MB`;
  const fits = cache >= data ? "the data fits" : "does not fit, so searches read pages through the OS cache: see Sizing PostgreSQL in the README";
  return `${mb(cache)} / ${mb(data)} (${fits})`;
}

/** Warm up, time the real search and the ILIKE baseline, report. */
async function benchSearch(db: Database, driver: DatabaseDriver, name: string, report: Report) {
  if (driver === "postgres") report(`search ${name}: server's shared_buffers / searched tables with their indexes`, await cacheFit(db));
  const counts = new Map<string, string>();
  for (const q of QUERIES) {
    const r = await search(db, q, NO_ENTITLEMENTS);
    counts.set(
      q,
      `spots ${count(r.spots.count)}, maps ${count(r.maps.count)}, creators ${count(r.creators.count)}, destinations ${count(r.destinations.count)}`,
    );
    if (ILIKE_ROUNDS > 0) await naiveIlikeSearch(db, q);
  }
  // The round above, which read what each query finds, was the first warm-up round.
  await warmUp(db, NO_ENTITLEMENTS, WARMUP - 1);
  // The machine is shared: its load beside the figures says how far to trust them.
  const loadBefore = loadavg()[0];
  const cpuBefore = await cpuMs(db, driver);
  const fts = await measure("search", ROUNDS, (q) => search(db, q, NO_ENTITLEMENTS));
  const cpuAfter = await cpuMs(db, driver);
  const load = `load average ${loadBefore.toFixed(1)} -> ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  const ilike = await measure("ILIKE", ILIKE_ROUNDS, (q) => naiveIlikeSearch(db, q));

  log(`per query (median ms: search / ILIKE; what the search found):`);
  const median = (m: Measured, q: string) => percentile(m.perQuery.get(q)!, 50);
  for (const q of QUERIES) log(`  ${q.padEnd(22)} ${ms(median(fts, q)).padStart(7)} / ${ms(median(ilike, q)).padStart(7)}   ${counts.get(q)}`);
  const slowest = [...QUERIES].sort((a, b) => median(fts, b) - median(fts, a)).slice(0, 5);
  log(`slowest searches: ${slowest.map((q) => `${q} (${ms(median(fts, q))} ms)`).join(", ")}`);

  report(`search ${name}: p50 / p95 (ms), ${QUERIES.length} queries x ${ROUNDS} after ${WARMUP} warm-up rounds`, `${ms(fts.p50)} / ${ms(fts.p95)} (${load})`);
  if (cpuBefore !== null && cpuAfter !== null) {
    report(`search ${name}: CPU per search, app + database (ms)`, ms((cpuAfter - cpuBefore) / fts.samples));
  }
  await benchViewers(db, name, report);
  if (ILIKE_ROUNDS === 0) return;
  report(`ILIKE '%term%' ${name}: p50 / p95 (ms), ${QUERIES.length} queries x ${ILIKE_ROUNDS}`, `${ms(ilike.p50)} / ${ms(ilike.p95)}`);
  report(`ILIKE / search ${name}: ratio at p50 / p95`, `${(ilike.p50 / fts.p50).toFixed(1)}x / ${(ilike.p95 / fts.p95).toFixed(1)}x`);
}

/**
 * The same queries as viewers who may open more than the listed public spots: their search also
 * reads the other spots' index and checks each candidate through the gate (ADR 0022).
 */
async function benchViewers(db: Database, name: string, report: Report) {
  if (VIEWER_ROUNDS <= 0) return;
  // A published creator with the most maps: the one whose own search reads the most spots of theirs.
  const { rows } = await db.execute<{ id: string }>(sql`select owner_id as id from maps group by owner_id order by count(*) desc, owner_id limit 1`);
  const creatorId = rows[0]?.id;
  if (!creatorId) return;
  const member: Entitlements = { userId: randomUUID(), isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
  const viewers: [string, Entitlements][] = [
    ["a member", member],
    ["a creator (their own drafts too)", { ...member, userId: creatorId }],
    ["a Premium subscriber", { ...member, hasActiveSubscription: true }],
    ["a supporter of one creator", { ...member, hasActiveSubscription: true, supportedCreatorIds: [creatorId] }],
  ];
  for (const [kind, viewer] of viewers) {
    // Their statements differ from an anonymous visitor's (the gate's parts for what they may open): warmed the same way.
    await warmUp(db, viewer, WARMUP);
    const m = await measure(`search as ${kind}`, VIEWER_ROUNDS, (q) => search(db, q, viewer));
    report(
      `search ${name} as ${kind}: p50 / p95 (ms), ${QUERIES.length} queries x ${VIEWER_ROUNDS} after ${WARMUP} warm-up rounds`,
      `${ms(m.p50)} / ${ms(m.p95)}`,
    );
  }
}

async function populate(handle: DatabaseHandle, scale: Scale, name: string, report: Report) {
  const migrateMs = await time(() => migrateDatabase(handle.db));
  log(`migrated in ${seconds(migrateMs)} s`);
  const t = await generateSearchData(handle.db, scale, { driver: handle.driver, log });
  report(
    `search data ${name}: generation (s)`,
    `${seconds(t.totalMs)} (cities ${seconds(t.citiesMs)}, creators ${seconds(t.creatorsMs)}, maps ${seconds(t.mapsMs)}, spots ${seconds(t.spotsMs)}, indexes ${seconds(t.indexesMs)}, vacuum analyze ${seconds(t.analyzeMs)})`,
  );
}

async function onPostgres(report: Report) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    report("search @ PostgreSQL", `skipped: cannot connect to ${PG_ADMIN_URL} (${(error as Error).message})`);
    return;
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  const scale = scaleForSpots(PG_SPOTS);
  const name = `@ PostgreSQL (${scaleLabel(scale)})`;
  console.log(`  search at scale on PostgreSQL ${url.host}/${BENCH_DB}: ${scaleLabel(scale)}`);
  try {
    const { rows: existing } = await admin.query("select 1 from pg_database where datname = $1", [BENCH_DB]);
    if (REUSE && existing.length) {
      // The kept data set: only what changed since (a new migration), then fresh statistics.
      const handle = await createDatabase({ url: url.href, poolMax: 1 });
      try {
        log(`reusing ${BENCH_DB}: migrated in ${seconds(await time(() => migrateDatabase(handle.db)))} s`);
        await handle.db.execute(sql`set maintenance_work_mem = '512MB'`);
        log(`vacuum analyze in ${seconds(await time(() => handle.db.execute(sql`vacuum analyze`)))} s`);
      } finally {
        await handle.close();
      }
    } else {
      await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
      await admin.query(`create database ${BENCH_DB}`);
      // One session for generation: temp tables and SET are per session.
      const loader = await createDatabase({ url: url.href, poolMax: 1 });
      try {
        await populate(loader, scale, name, report);
      } finally {
        await loader.close();
      }
    }
    // Measured through a pool like the app's.
    const handle = await createDatabase({ url: url.href });
    try {
      await benchSearch(handle.db, handle.driver, name, report);
    } finally {
      await handle.close();
    }
  } finally {
    if (KEEP || REUSE) log(`kept ${url.href}`);
    else {
      // pg's pool.end() does not wait for its sockets to close: let them go before dropping.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [BENCH_DB]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    }
    await admin.end();
  }
}

async function onPglite(report: Report) {
  const scale = scaleForSpots(PGLITE_SPOTS);
  const name = `@ PGlite (${scaleLabel(scale)})`;
  const dir = mkdtempSync(path.join(tmpdir(), "spotfolio-bench-search-"));
  console.log(`  search at scale on PGlite ${dir}: ${scaleLabel(scale)}`);
  try {
    const handle = await createDatabase({ dataDir: path.join(dir, "pglite") });
    try {
      await populate(handle, scale, name, report);
      await benchSearch(handle.db, handle.driver, name, report);
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the search-at-scale bench on the databases in BENCH_SEARCH_DRIVERS. */
export async function runSearchScale(report: Report): Promise<void> {
  const runners: Record<DatabaseDriver, (r: Report) => Promise<void>> = { postgres: onPostgres, pglite: onPglite };
  for (const driver of DRIVERS) {
    const runner = runners[driver as DatabaseDriver];
    if (!runner) throw new Error(`BENCH_SEARCH_DRIVERS: unknown database "${driver}" (postgres, pglite)`);
    await runner(report);
  }
}

// Run alone: print as it goes, then the table.
if (process.argv[1]?.endsWith(`${path.sep}search-scale.ts`)) {
  const rows: [string, string][] = [];
  runSearchScale((name, value) => {
    rows.push([name, value]);
    console.log(`  ${name}: ${value}`);
  })
    .then(() => {
      const width = Math.max(...rows.map(([n]) => n.length));
      console.log(`\n${"measure".padEnd(width)} | value`);
      for (const [n, v] of rows) console.log(`${n.padEnd(width)} | ${v}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
