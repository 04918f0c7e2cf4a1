import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "./scripts/find-chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 4319);
export const baseURL = `http://localhost:${port}`;
// A fresh embedded database per run: scripts/e2e.mjs seeds it while it builds (E2E_DATA_DIR);
// otherwise the server migrates and seeds it on start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "spotfolio-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
// The browser: what scripts/e2e.mjs found (CHROMIUM_PATH), or the same search without installing
// anything when Playwright is started directly; specs that launch a browser of their own read it too.
process.env.CHROMIUM_PATH ??= findChromium({ install: false });

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI so a timing hiccup on a loaded 2-core runner does not throw away a
  // session's work; a retried test is still reported as flaky in the list output.
  retries: process.env.CI ? 1 : 0,
  // A 2-core CI runner serves the app, two browsers and the database at once: long walks need the room.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    // Visitors have answered the cookie banner (consent.spec.ts starts without it): the banner
    // stays out of the way of every other test, and analytics behave as for a consenting visitor.
    // The value as the app's createCookie writes it: base64 of the JSON string.
    storageState: {
      cookies: [
        {
          name: "sf_consent",
          value: encodeURIComponent(Buffer.from(JSON.stringify("granted")).toString("base64")),
          domain: "localhost",
          path: "/",
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
    // A trace (a screenshot stream and a DOM snapshot per action) costs the browser and the runner about a
    // sixth of the suite's CPU when recorded for every test: CI records it for a failed test's retry only,
    // which is the attempt worth reading; locally (no retries) a failed test keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [
    // What the server answers to requests alone: no browser is started (tests/e2e/support/http.ts).
    // Its requests say they come from the same desktop Chrome as the "wide" project (bots get bare answers).
    { name: "http", testMatch: /http\/.*\.spec\.ts/, use: { userAgent: devices["Desktop Chrome"].userAgent } },
    { name: "wide", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } }, testIgnore: [/narrow\.spec\.ts/, /http\//] },
    { name: "narrow", use: { ...devices["Pixel 7"], browserName: "chromium" }, testMatch: /narrow\.spec\.ts/ },
  ],
  webServer: {
    command: "node build/server-entry.js",
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BUILD_CHECK_INTERVAL_MS: "600000",
      // PostgreSQL when the runner has it (scripts/test.mjs seeds a database of the suite's own: ADR 0041),
      // else the embedded database seeded in E2E_DATA_DIR.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      // Every browser test comes from one IP; the per-email limits still apply.
      RATE_LIMIT_AUTH_PER_IP: "100000",
      // Every signed-out visitor of every spec writes from that IP too; signed-in users keep the real per-user limit.
      RATE_LIMIT_WRITES_PER_IP: "100000",
      // /dev/fixtures (ADR 0025): each spec makes its own signed-in people and maps
      // (tests/e2e/support/fixtures.ts); none signs in as a demo creator, so DEMO_ACCOUNTS stays off.
      E2E_FIXTURES: "on",
      // An admin from sign-up (guards.spec.ts).
      ADMIN_EMAILS: "e2e-admin@example.com",
      // The offline basemap, said outright: the suite runs without internet and must never ask a tile host
      // for anything (the default street map would be asked, and fall back to this after a failed fetch).
      // basemap.spec.ts tests the default (OpenFreeMap, answered by the test) and the self-hosted archive
      // on servers of its own.
      MAP_STYLE_URL: "off",
      // No browser test asks the public geocoder; places-by-name.spec.ts starts a server of its own
      // with GEOCODER_URL at a local Photon-compatible server.
      GEOCODER_URL: "off",
      // Nor the EU's VIES VAT register: tax settings check VAT numbers by their checksum alone.
      VIES_URL: "off",
    },
  },
});
