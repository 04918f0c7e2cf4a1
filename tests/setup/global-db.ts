/**
 * Vitest global setup for the integration project: build (or reuse) the
 * migrated template once per run, tell the workers where it is, and at the
 * end drop the databases the workers cloned from it (PostgreSQL).
 */
import type { TestProject } from "vitest/node";
import { dropRunDatabases, prepareTestDatabase } from "./template";

export default async function setup(project: TestProject) {
  const started = performance.now();
  const info = await prepareTestDatabase();
  project.provide("testDatabase", info);
  if (process.env.TEST_DB_DEBUG) {
    console.log(`[test-db] ${info.driver} template ready in ${Math.round(performance.now() - started)} ms`);
  }
  return async () => {
    if (info.driver === "postgres") await dropRunDatabases(info.url, info.runId);
  };
}
