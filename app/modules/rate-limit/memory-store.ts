import { type HitOptions, type HitResult, type RateLimitStore, assertHitOptions, toHitResult } from "./store";

export interface MemoryStoreOptions {
  /** Clock (tests). */
  now?: () => number;
  /** Expired windows are swept at most this often (default 60 s). */
  sweepIntervalMs?: number;
  /** Upper bound on tracked keys; beyond it the oldest windows are dropped (default 100,000). */
  maxKeys?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in this process's memory: fine for a single
 * instance (and the default without REDIS_URL). Expired windows are swept
 * lazily while hits come in, so no timer keeps the process alive.
 */
export class MemoryStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly sweepIntervalMs: number;
  private readonly maxKeys: number;
  private lastSweep: number;

  constructor(opts: MemoryStoreOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.sweepIntervalMs = opts.sweepIntervalMs ?? 60_000;
    this.maxKeys = opts.maxKeys ?? 100_000;
    this.lastSweep = this.now();
  }

  async hit(key: string, opts: HitOptions): Promise<HitResult> {
    assertHitOptions(opts);
    const now = this.now();
    if (now - this.lastSweep >= this.sweepIntervalMs) this.sweep(now);

    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (window) this.windows.delete(key);
      window = { count: 0, resetAt: now + opts.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.evict(now);
    }
    window.count += 1;
    return toHitResult(window.count, window.resetAt - now, opts);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Number of tracked keys (tests, diagnostics). */
  get size(): number {
    return this.windows.size;
  }

  /** Drop every expired window. */
  sweep(now = this.now()): void {
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  private evict(now: number): void {
    this.sweep(now);
    // Still too many live keys (a flood of distinct keys): drop the oldest
    // (Map iteration follows insertion order, i.e. window start).
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
