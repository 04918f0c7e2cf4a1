/**
 * Vitest global setup for the integration project: build (or reuse) the
 * migrated template once per run, and tell the workers where it is.
 */
import type { TestProject } from "vitest/node";
import { prepareTestDatabase } from "./template";

export default async function setup(project: TestProject) {
  const started = performance.now();
  const info = await prepareTestDatabase();
  project.provide("testDatabase", info);
  if (process.env.TEST_DB_DEBUG) {
    console.log(`[test-db] ${info.driver} template ready in ${Math.round(performance.now() - started)} ms`);
  }
}
