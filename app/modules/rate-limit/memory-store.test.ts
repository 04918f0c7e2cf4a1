import { describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("MemoryStore", () => {
  it("allows `limit` hits per window, then refuses with the time left", async () => {
    const time = clock();
    const store = new MemoryStore({ now: time.now });
    const opts = { limit: 3, windowMs: 60_000 };
    expect(await store.hit("k", opts)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await store.hit("k", opts)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await store.hit("k", opts)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    time.advance(15_500);
    expect(await store.hit("k", opts)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
  });

  it("starts a new window once the old one has expired", async () => {
    const time = clock();
    const store = new MemoryStore({ now: time.now });
    const opts = { limit: 1, windowMs: 1_000 };
    expect((await store.hit("k", opts)).allowed).toBe(true);
    expect((await store.hit("k", opts)).allowed).toBe(false);
    time.advance(999);
    expect((await store.hit("k", opts)).retryAfterSeconds).toBe(1);
    time.advance(1);
    expect(await store.hit("k", opts)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it("counts keys separately", async () => {
    const store = new MemoryStore();
    const opts = { limit: 1, windowMs: 60_000 };
    expect((await store.hit("a", opts)).allowed).toBe(true);
    expect((await store.hit("a", opts)).allowed).toBe(false);
    expect((await store.hit("b", opts)).allowed).toBe(true);
  });

  it("reset forgets a key", async () => {
    const store = new MemoryStore();
    const opts = { limit: 1, windowMs: 60_000 };
    await store.hit("a", opts);
    await store.reset("a");
    expect((await store.hit("a", opts)).allowed).toBe(true);
  });

  it("sweeps expired windows while hits come in", async () => {
    const time = clock();
    const store = new MemoryStore({ now: time.now, sweepIntervalMs: 10_000 });
    for (let i = 0; i < 100; i++) await store.hit(`short-${i}`, { limit: 5, windowMs: 1_000 });
    await store.hit("long", { limit: 5, windowMs: 60_000 });
    expect(store.size).toBe(101);
    time.advance(10_000);
    await store.hit("long", { limit: 5, windowMs: 60_000 });
    expect(store.size).toBe(1);
  });

  it("never tracks more than maxKeys, dropping the oldest windows", async () => {
    const store = new MemoryStore({ maxKeys: 10 });
    for (let i = 0; i < 25; i++) await store.hit(`k${i}`, { limit: 1, windowMs: 60_000 });
    expect(store.size).toBe(10);
    // The newest keys are still counted.
    expect((await store.hit("k24", { limit: 1, windowMs: 60_000 })).allowed).toBe(false);
  });

  it("rejects nonsense options", async () => {
    const store = new MemoryStore();
    await expect(store.hit("k", { limit: -1, windowMs: 1000 })).rejects.toThrow(RangeError);
    await expect(store.hit("k", { limit: 1, windowMs: 0 })).rejects.toThrow(RangeError);
  });
});
