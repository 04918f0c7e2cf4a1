// `npm test`: typecheck, lint, unit and integration tests (on embedded PGlite,
// and again on PostgreSQL when TEST_DATABASE_URL is set), then the browser tests.
// Ends with one summary line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

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

rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

const checks = [step("typecheck", "npm", ["run", "typecheck"]), step("lint", "npm", ["run", "lint"])];

const pgUrl = process.env.TEST_DATABASE_URL;
const vitest = (name, out, env, extra = []) => {
  const ok = step(name, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extra], env);
  countVitest(out);
  return ok;
};
checks.push(vitest("unit + integration tests (embedded PGlite)", "test-results/vitest-pglite.json", { TEST_DATABASE_URL: "" }));
if (pgUrl) {
  checks.push(vitest("integration tests (PostgreSQL)", "test-results/vitest-postgres.json", { TEST_DATABASE_URL: pgUrl }, ["--project", "integration"]));
} else {
  console.log("\n(TEST_DATABASE_URL is not set: the integration suite ran on PGlite only)");
}

checks.push(step("browser tests (Playwright, Chromium)", "node", ["scripts/e2e.mjs"]));
countPlaywright("test-results/e2e.json");

console.log("\nSummary:");
for (const r of results) console.log(`  ${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds}s)`);
const stepFailures = results.filter((r) => !r.ok && (r.name === "typecheck" || r.name === "lint")).length;
console.log(`\n${passed} passed, ${failed + stepFailures} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(checks.every(Boolean) ? 0 : 1);
