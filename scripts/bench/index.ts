/**
 * `npm run bench`: figures, printed as a table, compared as ratios within one run.
 * No thresholds: this reports, the reader judges.
 *
 *  - SSR throughput of our pages vs a bare React Router page (same machine, same run)
 *  - first start (migrate + seed an empty database) and cold start on an existing one
 *  - server memory (RSS) after load
 *  - JavaScript shipped on first load per public page, gzipped
 *  - SSR throughput of a 50-spot map page (inserted before the cold start) vs the bare page
 *  - search at scale: 1M spots on PostgreSQL and PGlite, the real search vs ILIKE
 *    (scripts/bench/search-scale.ts; BENCH_SEARCH=0 skips it)
 *  - the Studio on a 500-spot map, p50/p95 on PostgreSQL and PGlite: one-spot save, editor data load, whole-list reorder
 *    (scripts/bench/spot-save.ts; BENCH_SAVE=0 skips it)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { BENCH_MAP_SPOTS, seedBenchMap } from "./map-page";
import { runSearchScale } from "./search-scale";
import { runSpotSave } from "./spot-save";

const ROOT = process.cwd();
const APP_PORT = 4411;
const BARE_PORT = 4412;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** Public pages whose first-load JavaScript is measured. */
const PUBLIC_PAGES = (process.env.BENCH_PAGES ?? "/,/info/privacy-policy,/no/such/page").split(",");
/** Pages whose SSR throughput is measured against the bare page ("{map}": the 50-spot map page). */
const SSR_PAGES = (process.env.BENCH_SSR_PAGES ?? "/,/info/privacy-policy,{map}").split(",");
const SEARCH = process.env.BENCH_SEARCH !== "0";
const SAVE = process.env.BENCH_SAVE !== "0";

function run(cmd: string, args: string[], cwd = ROOT) {
  const result = spawnSync(cmd, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${url}`);
}

function startApp(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["build/server-entry.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(APP_PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "" },
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function throughput(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function firstLoadJsKb(base: string, page: string): Promise<number> {
  const html = await (await fetch(base + page, { headers: { "User-Agent": BROWSER_UA } })).text();
  // What the browser fetches: modulepreload links and the inline module script's imports. Not
  // every /assets path in the page: the inline route manifest also names the modules of routes
  // that might match a later navigation, which are only fetched then.
  const loaded = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"|\bfrom "(\/assets\/[\w.-]+\.js)"|\bimport\(\s*"(\/assets\/[\w.-]+\.js)"/g;
  const assets = new Set([...html.matchAll(loaded)].map((m) => m[1] ?? m[2] ?? m[3]));
  let bytes = 0;
  for (const asset of assets) bytes += gzipSync(Buffer.from(await (await fetch(base + asset)).arrayBuffer())).length;
  return bytes / 1024;
}

/** Pages are measured as a browser gets them: bots get a bare status on errors. */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

const rows: [string, string][] = [];
const row = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`  ${name}: ${value}`);
};

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    run("npm", ["run", "build"]);
    run("npx", ["react-router", "build"], path.join(ROOT, "scripts/bench/bare"));
  }
  // Figures from a busy machine are noisy: say how busy it was.
  row("machine: CPUs, load average (1 min) at start", `${availableParallelism()}, ${loadavg()[0].toFixed(2)}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-bench-"));
  const base = `http://127.0.0.1:${APP_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;

  let app = startApp(dataDir);
  row("first start: migrate + seed empty database (ms)", (await waitFor(`${base}/readyz`, app)).toFixed(0));
  await stop(app);
  const mapPage = `/maps/${await seedBenchMap(dataDir)}`;
  console.log(`  added a published ${BENCH_MAP_SPOTS}-spot map: ${mapPage}`);
  app = startApp(dataDir);
  row("cold start: existing database (ms)", (await waitFor(`${base}/readyz`, app)).toFixed(0));
  row("RSS after start (MB)", rssMb(app.pid!).toFixed(1));

  const bare = spawn(process.execPath, ["scripts/bench/bare/server.mjs", "build/bench-bare"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(BARE_PORT), NODE_ENV: "production" },
  });

  // Whatever fails from here on, neither server may outlive the bench (they would hold its ports).
  try {
    await waitFor(`${bareBase}/`, bare);
    const baseline = await throughput(`${bareBase}/`);
    row("bare React Router page: req/s (p50 / p99 ms)", `${baseline.rps.toFixed(0)} (${baseline.p50} / ${baseline.p99})`);
    for (const page of SSR_PAGES.map((p) => (p === "{map}" ? mapPage : p))) {
      if (page === mapPage) {
        const res = await fetch(base + page, { headers: { "User-Agent": BROWSER_UA } });
        if (!res.ok) throw new Error(`${page}: HTTP ${res.status}`);
        await res.arrayBuffer();
      }
      const ours = await throughput(base + page);
      const label = page === mapPage ? `${page} (${BENCH_MAP_SPOTS} spots)` : page;
      row(
        `${label}: req/s (p50 / p99 ms), ratio to bare`,
        `${ours.rps.toFixed(0)} (${ours.p50} / ${ours.p99}), ${(ours.rps / baseline.rps).toFixed(2)}x${ours.errors ? `, ${ours.errors} errors` : ""}`,
      );
    }
    row("RSS after load (MB)", rssMb(app.pid!).toFixed(1));

    const bareJs = await firstLoadJsKb(bareBase, "/");
    row("bare page: first-load JS (KB gz)", bareJs.toFixed(1));
    for (const page of PUBLIC_PAGES) {
      const kb = await firstLoadJsKb(base, page);
      row(`${page}: first-load JS (KB gz), ratio to bare`, `${kb.toFixed(1)}, ${(kb / bareJs).toFixed(2)}x`);
    }
  } finally {
    await stop(app);
    await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (SEARCH) {
    console.log("search at scale (BENCH_SEARCH=0 skips it):");
    await runSearchScale(row);
  }

  if (SAVE) {
    console.log("one-spot save in the Studio (BENCH_SAVE=0 skips it):");
    await runSpotSave(row);
  }

  row("machine: load average (1 min) at the end", loadavg()[0].toFixed(2));
  const width = Math.max(...rows.map(([n]) => n.length));
  console.log(`\n${"measure".padEnd(width)} | value`);
  console.log(`${"-".repeat(width)}-|-${"-".repeat(40)}`);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)} | ${value}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
