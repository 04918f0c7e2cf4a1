// `npm run test:e2e`: find (or install) Chromium, build the production server while a fresh
// embedded database is migrated and seeded (the server would otherwise spend most of its start
// on that, after the build), then run the Playwright suite against it.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "./find-chromium.mjs";

let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`browser tests use ${chromium}`);

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Like run, but in the background: resolves when the command has succeeded. */
const start = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => {
      if (code !== 0) process.exit(code ?? 1);
      resolve();
    });
  });

const env = { CHROMIUM_PATH: chromium };
if (!process.env.E2E_SKIP_BUILD) {
  const steps = [start("npm", ["run", "build"])];
  if (!process.env.E2E_DATA_DIR) {
    // The database playwright.config.ts hands the test server: seeded here, so the server starts on it at once.
    env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "spotfolio-e2e-"));
    steps.push(
      start("npx", ["tsx", "scripts/seed.ts"], { DATA_DIR: env.E2E_DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "warn" }).then(() => {
        // A copy no server opens, for specs that start a seeded server of their own (proxy.spec.ts).
        env.E2E_SEEDED_DIR = `${env.E2E_DATA_DIR}-seeded`;
        cpSync(env.E2E_DATA_DIR, env.E2E_SEEDED_DIR, { recursive: true });
      }),
    );
  }
  await Promise.all(steps);
}
run("npx", ["playwright", "test", ...process.argv.slice(2)], env);
