import { defineConfig } from "vitest/config";

// Two projects:
// - unit: fast tests beside the code, no database.
// - integration: `*.integration.test.ts`, each test file gets its own clean
//   migrated database via `getTestDb()` (tests/setup/database.ts): PGlite by
//   default, PostgreSQL when TEST_DATABASE_URL is set.
// This file (not vite.config.ts) is what Vitest loads, so the React Router
// plugin stays out of tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // CI runs on a shared 2-core machine: one retry absorbs a test starved of
    // CPU at the wrong moment; a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.integration.test.ts"],
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
          setupFiles: ["tests/setup/integration.ts"],
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
