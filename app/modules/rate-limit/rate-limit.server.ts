/**
 * The app's rate limiter: `hit(key, { limit, windowMs })`.
 *
 * Store chosen by the environment: Redis when REDIS_URL is set (counts shared
 * by every instance), else process memory. If the store fails (Redis down),
 * the request is allowed and a warning logged: a limiter outage must not
 * take the app down. RATE_LIMITS=off allows everything (local debugging).
 */
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { MemoryStore } from "./memory-store";
import { closeRedis, getRedis, type WarnLogger } from "./redis-client.server";
import { RedisStore } from "./redis-store.server";
import type { HitOptions, HitResult, RateLimitStore } from "./store";

export type { HitOptions, HitResult, RateLimitStore } from "./store";

export interface RateLimiter {
  hit(key: string, opts: HitOptions): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  readonly store: RateLimitStore;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  /** false: every hit is allowed and nothing is counted (RATE_LIMITS=off). */
  enabled?: boolean;
  log?: WarnLogger;
}

export function createRateLimiter({ store, enabled = true, log = consoleLogger }: RateLimiterOptions): RateLimiter {
  let lastWarned = 0;
  let suppressed = 0;
  const warn = (err: unknown, key: string) => {
    const now = Date.now();
    // One line per 10 s at most: an outage must not flood the log.
    if (now - lastWarned < 10_000) {
      suppressed += 1;
      return;
    }
    log.warn({ err: { message: err instanceof Error ? err.message : String(err) }, key, suppressed }, "rate limit store unavailable: allowing the request");
    lastWarned = now;
    suppressed = 0;
  };
  return {
    store,
    async hit(key, opts) {
      if (!enabled) return { allowed: true, remaining: opts.limit, retryAfterSeconds: 0 };
      try {
        return await store.hit(key, opts);
      } catch (error) {
        if (error instanceof RangeError) throw error; // a programming error, not an outage
        warn(error, key);
        return { allowed: true, remaining: opts.limit, retryAfterSeconds: 0 };
      }
    },
    async reset(key) {
      try {
        await store.reset(key);
      } catch (error) {
        warn(error, key);
      }
    },
    close: () => store.close(),
  };
}

const consoleLogger: WarnLogger = { warn: (obj, msg) => console.warn(`[rate-limit] ${msg}`, obj) };

// Shared by both bundles (see app/lib/singleton.server.ts).
const holder = singleton<{ limiter?: RateLimiter }>("rateLimiter", () => ({}));

/** The process-wide limiter, configured from the environment on first use. */
export function getRateLimiter(): RateLimiter {
  holder.limiter ??= fromEnv();
  return holder.limiter;
}

function fromEnv(): RateLimiter {
  const config = env();
  const store = config.REDIS_URL ? new RedisStore(getRedis(config.REDIS_URL, logger), { prefix: `${config.REDIS_PREFIX}rl:` }) : new MemoryStore();
  return createRateLimiter({ store, enabled: config.RATE_LIMITS, log: logger });
}

/** Count one attempt for `key` with the process-wide limiter. */
export function hit(key: string, opts: HitOptions): Promise<HitResult> {
  return getRateLimiter().hit(key, opts);
}

/** Close the process-wide limiter and its Redis connection (graceful shutdown). */
export async function closeRateLimiter(): Promise<void> {
  const limiter = holder.limiter;
  holder.limiter = undefined;
  await limiter?.close();
  await closeRedis();
}
