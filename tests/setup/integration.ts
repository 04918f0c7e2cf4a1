/**
 * Setup file of the integration project (runs around every test file).
 *
 * The project runs with `isolate: false`: a worker keeps its imported modules and its database
 * from one file to the next. So each file starts on a database put back as the template has it
 * and on freshly read settings, and when it ends what it changed in the process goes: its
 * environment variables (`vi.stubEnv`, `stubTestEnv`, `stubDataDir`), its spies, the rate limiter
 * configured from its settings, its queued page views (written to its own database first) and
 * its database handle. When files are isolated after all (`--isolate`), each file's worker
 * closes (and on PostgreSQL drops) its own database.
 */
import { afterAll, beforeAll, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { flushViewEvents } from "~/modules/analytics/track.server";
import { closeRateLimiter } from "~/modules/rate-limit/rate-limit.server";
import { closeTestDb, releaseTestDb, resetTestDbIfOpen } from "./database";

// The process's own environment object: a file that swaps process.env for a copy gets it back.
const processEnv = ((globalThis as { __spotfolioProcessEnv?: NodeJS.ProcessEnv }).__spotfolioProcessEnv ??= process.env);

beforeAll(async () => {
  resetEnvCache();
  await resetTestDbIfOpen();
});

afterAll(async () => {
  await flushViewEvents();
  await closeRateLimiter();
  vi.unstubAllEnvs();
  if (process.env !== processEnv) process.env = processEnv;
  vi.restoreAllMocks();
  resetEnvCache();
  const worker = (globalThis as { __vitest_worker__?: { config?: { isolate?: boolean } } }).__vitest_worker__;
  if (worker?.config?.isolate === false) await releaseTestDb();
  else await closeTestDb();
});
