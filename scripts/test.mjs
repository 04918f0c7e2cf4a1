// `npm test`: typecheck, lint, unit and integration tests (on embedded PGlite,
// and again on PostgreSQL when TEST_DATABASE_URL is set), then the browser tests.
// Ends with one summary line: "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

/**
 * Steps that run side by side (each mostly waits on one core, or on another process): their
 * output is kept and printed whole when each ends, so the log stays readable.
 */
function together(steps) {
  return Promise.all(
    steps.map(
      ({ name, cmd, args, env = {} }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
          const out = [];
          child.stdout.on("data", (d) => out.push(d));
          child.stderr.on("data", (d) => out.push(d));
          child.on("close", (code) => {
            console.log(`\n▶ ${name}`);
            process.stdout.write(Buffer.concat(out));
            const ok = code === 0;
            results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
            resolve(ok);
          });
        }),
    ),
  );
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

/** An empty database `name` on the server of `serverUrl` (dropped first if a run left one); its URL. */
async function freshDatabase(serverUrl, name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

// Lint's three checks (`npm run lint` runs them one after the other) as steps beside the
// typecheck: each keeps about one core busy, so on a 2-core runner the four together take about
// their CPU time over two cores, where lint in a row left a core idle once tsc was done.
const lintSteps = ["lint:code", "lint:format", "lint:imports"].map((script) => ({ name: script, cmd: "npm", args: ["run", script] }));
const checks = await together([{ name: "typecheck", cmd: "npm", args: ["run", "typecheck"] }, ...lintSteps]);

const pgUrl = process.env.TEST_DATABASE_URL;
const vitest = (name, out, env, extra = []) => {
  const ok = step(name, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extra], env);
  countVitest(out);
  return ok;
};
checks.push(vitest("unit + integration tests (embedded PGlite)", "test-results/vitest-pglite.json", { TEST_DATABASE_URL: "" }));
// The browser tests' production build and seeded database are made while the PostgreSQL suite
// runs (its workers spend much of their time waiting on the database server).
const e2eDataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-e2e-"));
// With PostgreSQL, the browser tests' server runs on a database of its own there (ADR 0041): the
// embedded database runs its queries on the server's one event loop, which two browsers keep busy.
// The embedded copy is still seeded, for the specs that start servers of their own on it.
const e2eDatabaseUrl = pgUrl ? await freshDatabase(pgUrl, "spotfolio_e2e") : undefined;
const e2eReady = together([
  { name: "browser tests: production build", cmd: "npm", args: ["run", "build"] },
  { name: "browser tests: seeded database", cmd: "npx", args: ["tsx", "scripts/seed.ts"], env: { DATA_DIR: e2eDataDir, DATABASE_URL: "", LOG_LEVEL: "warn" } },
  ...(e2eDatabaseUrl
    ? [
        {
          name: "browser tests: seeded PostgreSQL database",
          cmd: "npx",
          args: ["tsx", "scripts/seed.ts"],
          env: { DATA_DIR: e2eDataDir, DATABASE_URL: e2eDatabaseUrl, LOG_LEVEL: "warn" },
        },
      ]
    : []),
]);
if (pgUrl) {
  const out = "test-results/vitest-postgres.json";
  const [ok] = await together([
    {
      name: "integration tests (PostgreSQL)",
      cmd: "npx",
      args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, "--project", "integration"],
      env: { TEST_DATABASE_URL: pgUrl },
    },
  ]);
  countVitest(out);
  checks.push(ok);
} else {
  console.log("\n(TEST_DATABASE_URL is not set: the integration suite ran on PGlite only)");
}
const prepared = await e2eReady;
checks.push(...prepared);
if (prepared.every(Boolean)) {
  // A copy no server ever opens: specs that start a server of their own on seeded content start
  // it on a copy of this (seconds) instead of seeding again (a minute on a busy runner).
  const seededCopy = `${e2eDataDir}-seeded`;
  cpSync(e2eDataDir, seededCopy, { recursive: true });
  checks.push(
    step("browser tests (Playwright, Chromium)", "node", ["scripts/e2e.mjs"], {
      E2E_SKIP_BUILD: "1",
      E2E_DATA_DIR: e2eDataDir,
      E2E_SEEDED_DIR: seededCopy,
      ...(e2eDatabaseUrl ? { E2E_DATABASE_URL: e2eDatabaseUrl } : {}),
    }),
  );
}
countPlaywright("test-results/e2e.json");

console.log("\nSummary:");
for (const r of results) console.log(`  ${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds}s)`);
const stepFailures = results.filter((r) => !r.ok && (r.name === "typecheck" || r.name.startsWith("lint"))).length;
console.log(`\n${passed} passed, ${failed + stepFailures} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(checks.every(Boolean) ? 0 : 1);
