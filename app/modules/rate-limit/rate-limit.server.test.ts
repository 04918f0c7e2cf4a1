import { describe, expect, it, vi } from "vitest";
import { MemoryStore } from "./memory-store";
import { createRateLimiter } from "./rate-limit.server";
import type { RateLimitStore } from "./store";

const failing: RateLimitStore = {
  hit: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6390")),
  reset: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6390")),
  close: async () => {},
};

describe("createRateLimiter", () => {
  it("keeps limiting in memory while the store is unavailable, and says so once in the log", async () => {
    const warn = vi.fn();
    const limiter = createRateLimiter({ store: failing, log: { warn } });
    const opts = { limit: 2, windowMs: 60_000 };
    expect((await limiter.hit("k", opts)).allowed).toBe(true);
    expect((await limiter.hit("k", opts)).allowed).toBe(true);
    expect(await limiter.hit("k", opts)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    // Another key has its own counter in the fallback too.
    expect((await limiter.hit("other", opts)).allowed).toBe(true);
    await limiter.reset("k");
    expect((await limiter.hit("k", opts)).allowed).toBe(true);
    // Throttled: an outage logs once, not once per request.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toBe("rate limits: memory (Redis unreachable)");
    expect(warn.mock.calls[0][0]).toMatchObject({ key: "k", err: { message: expect.stringContaining("ECONNREFUSED") } });
    expect(await limiter.mode()).toBe("memory (Redis unreachable)");
  });

  it("goes back to the shared store when it answers again", async () => {
    let down = true;
    const memory = new MemoryStore();
    const flaky: RateLimitStore = {
      hit: (key, opts) => (down ? Promise.reject(new Error("Redis is not connected")) : memory.hit(key, opts)),
      reset: (key) => memory.reset(key),
      ping: () => (down ? Promise.reject(new Error("Redis is not connected")) : Promise.resolve()),
      close: async () => {},
    };
    const warn = vi.fn();
    const limiter = createRateLimiter({ store: flaky, log: { warn } });
    expect(await limiter.mode()).toBe("memory (Redis unreachable)");
    down = false;
    expect(await limiter.mode()).toBe("redis");
    expect(warn.mock.calls.map((c) => c[1])).toEqual(["rate limits: memory (Redis unreachable)", "rate limits: redis (reachable again)"]);
  });

  it("names its mode: memory without Redis, off when disabled", async () => {
    expect(await createRateLimiter({ store: new MemoryStore() }).mode()).toBe("memory");
    expect(await createRateLimiter({ store: failing, enabled: false }).mode()).toBe("off");
  });

  it("allows everything and counts nothing when disabled (RATE_LIMITS=off)", async () => {
    const store = new MemoryStore();
    const limiter = createRateLimiter({ store, enabled: false });
    for (let i = 0; i < 5; i++) expect((await limiter.hit("k", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
    expect(store.size).toBe(0);
  });

  it("passes the store's answer through", async () => {
    const limiter = createRateLimiter({ store: new MemoryStore() });
    await limiter.hit("k", { limit: 1, windowMs: 60_000 });
    expect(await limiter.hit("k", { limit: 1, windowMs: 60_000 })).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });

  it("still throws on a programming error (bad options)", async () => {
    const limiter = createRateLimiter({ store: new MemoryStore() });
    await expect(limiter.hit("k", { limit: 1.5, windowMs: 1000 })).rejects.toThrow(RangeError);
  });
});
