/**
 * REDIS_PREFIX (issue 16, item 13): every key the app's limiter writes to Redis starts with it.
 * Against a real Redis (REDIS_TEST_URL, default redis://127.0.0.1:6379).
 */
import { randomUUID } from "node:crypto";
import { afterAll, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { limitAuthAttempt } from "./auth-limits.server";
import { createRedisClient } from "./redis-client.server";
import { closeRateLimiter, hit } from "./rate-limit.server";

const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `stage-${randomUUID()}:`;
const redis = createRedisClient(url, { warn: () => {} });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await closeRateLimiter();
  vi.unstubAllEnvs();
  resetEnvCache();
});

it("puts REDIS_PREFIX before every key the app's limiter writes", async () => {
  vi.stubEnv("REDIS_URL", url);
  vi.stubEnv("REDIS_PREFIX", prefix);
  vi.stubEnv("RATE_LIMITS", "on");
  resetEnvCache();
  await closeRateLimiter();

  const key = `probe-${randomUUID()}`;
  expect((await hit(key, { limit: 5, windowMs: 60_000 })).allowed).toBe(true);
  await limitAuthAttempt("sign-in", { ip: "198.51.100.7", email: `${key}@example.com` });

  const keys = await redis.keys(`*${key}*`);
  expect(keys).toEqual([`${prefix}rl:${key}`]);
  const authKeys = await redis.keys(`${prefix}rl:auth:sign-in:*`);
  expect(authKeys).toHaveLength(2);
  // Nothing written under the default prefix for this probe.
  expect(await redis.exists(`spotfolio:rl:${key}`)).toBe(0);
});
