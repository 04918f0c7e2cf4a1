import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/setup/sequencer";

// Two projects:
// - unit: fast tests beside the code, no database.
// - integration: `*.integration.test.ts` on a real database (tests/setup/database.ts): PGlite
//   by default, PostgreSQL when TEST_DATABASE_URL is set. `setupTestDatabase()` hands a file its
//   database, emptied before each test.
// Both run with `isolate: false`: a worker imports the app once and keeps it (and, for
// integration, one database cloned from the migrated template) for every file it runs, instead
// of starting a process, importing the app and loading a database per file, which was most of
// the time. What a file changes in the environment or spies on is undone after it
// (tests/setup/integration.ts), and each file starts on a database equal to the template.
// This file (not vite.config.ts) is what Vitest loads, so the React Router
// plugin stays out of tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // CI runs on a shared 2-core machine: one retry absorbs a test starved of
    // CPU at the wrong moment; a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    // Vitest's default on 2 cores is one worker; a second keeps both cores busy while one waits.
    maxWorkers: 2,
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.integration.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["**/*.integration.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "build/**", "data/**"],
          globalSetup: ["tests/setup/global-db.ts"],
          // No test asks the public geocoder (GEOCODER_URL's default) or the EU's VIES register
          // (VIES_URL's): a test that wants one starts its own server and points the setting at it.
          env: { GEOCODER_URL: "off", VIES_URL: "off" },
          setupFiles: ["tests/setup/integration.ts"],
          pool: "forks",
          // The slowest tests (the real admin CLI six times, seeding 66,602 cities, migrating on
          // disk from nothing) take a few seconds alone but can pass 30 s on a shared, busy machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // What a test polls for (a row marked sent, a worker's answer) may take more than the
          // default second when both cores are busy; polling stops as soon as it is there.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
