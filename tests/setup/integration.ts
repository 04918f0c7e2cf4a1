/**
 * Setup file of the integration project (runs around every test file).
 *
 * The project runs with `isolate: false`: a worker keeps its imported modules and its database
 * from one file to the next. So each file starts on a database put back as the template has it
 * and on freshly read settings, and what a file changed in the environment (`vi.stubEnv`,
 * `stubTestEnv`, `stubDataDir`) and spied on is undone when it ends. When files are isolated after
 * all (`--isolate`), each file's worker closes (and on PostgreSQL drops) its own database.
 */
import { afterAll, beforeAll, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { closeTestDb, resetTestDbIfOpen } from "./database";

beforeAll(async () => {
  resetEnvCache();
  await resetTestDbIfOpen();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetEnvCache();
  const worker = (globalThis as { __vitest_worker__?: { config?: { isolate?: boolean } } }).__vitest_worker__;
  if (worker?.config?.isolate !== false) await closeTestDb();
});
