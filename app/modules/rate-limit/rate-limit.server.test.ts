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
  it("fails open with one logged warning when the store is unavailable", async () => {
    const warn = vi.fn();
    const limiter = createRateLimiter({ store: failing, log: { warn } });
    const opts = { limit: 2, windowMs: 60_000 };
    expect(await limiter.hit("k", opts)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await limiter.hit("k", opts)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    await limiter.reset("k");
    // Throttled: an outage logs once, not once per request.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toMatch(/allowing the request/);
    expect(warn.mock.calls[0][0]).toMatchObject({ key: "k", err: { message: expect.stringContaining("ECONNREFUSED") } });
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
