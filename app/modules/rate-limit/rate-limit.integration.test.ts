/**
 * The Redis store against a real Redis (REDIS_TEST_URL, default
 * redis://127.0.0.1:6379). Every run uses its own key prefix and deletes
 * its keys afterwards.
 */
import { randomUUID } from "node:crypto";
import { type Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitAuthAttempt } from "./auth-limits.server";
import { createRedisClient } from "./redis-client.server";
import { RedisStore } from "./redis-store.server";
import { createRateLimiter } from "./rate-limit.server";

const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `spotfolio-test:${randomUUID()}:`;
const quiet = { warn: () => {} };

let a: Redis;
let b: Redis;

beforeAll(async () => {
  a = createRedisClient(url, quiet);
  b = createRedisClient(url, quiet);
  await Promise.all([a.ping(), b.ping()].map((p) => p.catch(() => undefined)));
});

afterAll(async () => {
  const keys = await a.keys(`${prefix}*`);
  if (keys.length) await a.del(...keys);
  await Promise.all([a.quit(), b.quit()]);
});

describe("RedisStore", () => {
  it("counts hits and refuses past the limit", async () => {
    const store = new RedisStore(a, { prefix });
    const opts = { limit: 3, windowMs: 60_000 };
    expect(await store.hit("count", opts)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await store.hit("count", opts)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await store.hit("count", opts)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    const refused = await store.hit("count", opts);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(Number(await a.get(`${prefix}count`))).toBe(4);
    const ttl = await a.pttl(`${prefix}count`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("starts a new window once the key expires", async () => {
    const store = new RedisStore(a, { prefix });
    const opts = { limit: 1, windowMs: 300 };
    expect((await store.hit("expiry", opts)).allowed).toBe(true);
    expect(await store.hit("expiry", opts)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 400));
    expect(await a.exists(`${prefix}expiry`)).toBe(0);
    expect((await store.hit("expiry", opts)).allowed).toBe(true);
  });

  it("gives a key that lost its expiry a new one instead of blocking forever", async () => {
    await a.set(`${prefix}no-ttl`, "99");
    const store = new RedisStore(a, { prefix });
    expect((await store.hit("no-ttl", { limit: 1, windowMs: 5_000 })).allowed).toBe(false);
    expect(await a.pttl(`${prefix}no-ttl`)).toBeGreaterThan(0);
  });

  it("two limiters (two connections, as two instances) share one count", async () => {
    const first = createRateLimiter({ store: new RedisStore(a, { prefix }) });
    const second = createRateLimiter({ store: new RedisStore(b, { prefix }) });
    const opts = { limit: 4, windowMs: 60_000 };
    const results = await Promise.all([first, second, first, second, first, second].map((l) => l.hit("shared", opts)));
    // Atomic increments: exactly 4 allowed, whichever connection got there first.
    expect(results.filter((r) => r.allowed)).toHaveLength(4);
    expect(results.map((r) => r.remaining).sort()).toEqual([0, 0, 0, 1, 2, 3]);
    expect((await first.hit("shared", opts)).allowed).toBe(false);
    expect((await second.hit("shared", opts)).allowed).toBe(false);
    await second.reset("shared");
    expect((await first.hit("shared", opts)).allowed).toBe(true);
  });

  it("limitAuthAttempt: the 11th sign-in for one email is refused across instances; another email is fine", async () => {
    const instances = [a, b].map((client) => ({ limiter: createRateLimiter({ store: new RedisStore(client, { prefix }) }), perIp: 50 }));
    for (let i = 0; i < 10; i++) {
      expect(await limitAuthAttempt("sign-in", { ip: "203.0.113.9", email: "ana@example.com" }, instances[i % 2])).toEqual({ allowed: true });
    }
    const refused = await limitAuthAttempt("sign-in", { ip: "203.0.113.9", email: "ana@example.com" }, instances[0]);
    expect(refused).toMatchObject({ allowed: false, message: "Too many attempts. Please wait 15 minutes and try again." });
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await limitAuthAttempt("sign-in", { ip: "203.0.113.9", email: "bob@example.com" }, instances[1])).toEqual({ allowed: true });
  });
});

describe("a client still connecting", () => {
  it("waits for the connection instead of failing open", async () => {
    const fresh = createRedisClient(url, quiet);
    try {
      expect(fresh.status).not.toBe("ready");
      expect(await new RedisStore(fresh, { prefix }).hit("fresh", { limit: 5, windowMs: 60_000 })).toMatchObject({ allowed: true, remaining: 4 });
      expect(await a.get(`${prefix}fresh`)).toBe("1");
    } finally {
      await fresh.quit();
    }
  });
});

describe("Redis unavailable", () => {
  it("keeps every limit in this instance's memory, says so in the log and in mode(), and the client does not crash the process", async () => {
    // Nothing listens on port 1: connection refused.
    const client = createRedisClient("redis://127.0.0.1:1", quiet);
    const warnings: string[] = [];
    const limiter = createRateLimiter({ store: new RedisStore(client, { prefix }), log: { warn: (_obj, msg) => warnings.push(msg) } });
    try {
      const results = [];
      for (let i = 0; i < 5; i++) results.push((await limiter.hit("down", { limit: 1, windowMs: 60_000 })).allowed);
      expect(results).toEqual([true, false, false, false, false]);
      const instance = { limiter, perIp: 50 };
      for (let i = 0; i < 10; i++) expect((await limitAuthAttempt("sign-in", { ip: "203.0.113.10", email: "down@example.com" }, instance)).allowed).toBe(true);
      expect((await limitAuthAttempt("sign-in", { ip: "203.0.113.10", email: "down@example.com" }, instance)).allowed).toBe(false);
      expect(await limiter.mode()).toBe("memory (Redis unreachable)");
      expect(warnings).toEqual(["rate limits: memory (Redis unreachable)"]);
    } finally {
      client.disconnect();
    }
  });

  it("a reachable Redis is the mode", async () => {
    expect(await createRateLimiter({ store: new RedisStore(a, { prefix }) }).mode()).toBe("redis");
  });
});
