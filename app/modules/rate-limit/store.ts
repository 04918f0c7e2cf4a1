/**
 * Rate limiting: a counter per key over a fixed time window.
 *
 * `hit()` counts one attempt for a key and says whether it is still within
 * the limit. Two stores implement it: `MemoryStore` (one process) and
 * `RedisStore` (shared by every instance; chosen when REDIS_URL is set).
 */

export interface HitOptions {
  /** Attempts allowed per window (the `limit`-th is allowed, the next is not). */
  limit: number;
  /** Length of the window in milliseconds. */
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  /** Attempts left in this window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** Count one attempt for `key`. May reject (e.g. Redis unreachable): the limiter then counts in memory. */
  hit(key: string, opts: HitOptions): Promise<HitResult>;
  /** Forget a key (e.g. after a successful sign-in, or in tests). */
  reset(key: string): Promise<void>;
  /** Rejects when the store cannot answer now (Redis down); absent for stores that always can. */
  ping?(): Promise<void>;
  /** Release timers and connections. */
  close(): Promise<void>;
}

/** The result for the `count`-th attempt of a window that ends in `ttlMs`. */
export function toHitResult(count: number, ttlMs: number, opts: HitOptions): HitResult {
  const allowed = count <= opts.limit;
  return {
    allowed,
    remaining: Math.max(0, opts.limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)),
  };
}

export function assertHitOptions(opts: HitOptions): void {
  if (!Number.isInteger(opts.limit) || opts.limit < 0) throw new RangeError(`rate limit: bad limit ${opts.limit}`);
  if (!Number.isInteger(opts.windowMs) || opts.windowMs < 1) throw new RangeError(`rate limit: bad windowMs ${opts.windowMs}`);
}
