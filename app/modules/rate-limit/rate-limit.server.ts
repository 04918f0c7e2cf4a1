/**
 * The app's rate limiter: `hit(key, { limit, windowMs })`.
 *
 * Store chosen by the environment: Redis when REDIS_URL is set (counts shared
 * by every instance), else process memory. If the store fails (Redis down),
 * the hit is counted in this process's memory instead, so every limit still
 * holds per instance (an outage must neither take the app down nor switch the
 * limits off), and the log and /readyz say "rate limits: memory (Redis
 * unreachable)". RATE_LIMITS=off allows everything (local debugging).
 */
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { MemoryStore } from "./memory-store";
import { closeRedis, getRedis, type WarnLogger } from "./redis-client.server";
import { RedisStore } from "./redis-store.server";
import type { HitOptions, HitResult, RateLimitStore } from "./store";

export type { HitOptions, HitResult, RateLimitStore } from "./store";

/** Where the limits are counted right now, as /readyz and the log say it. */
export type RateLimitMode = "redis" | "memory" | "memory (Redis unreachable)" | "off";

export interface RateLimiter {
  hit(key: string, opts: HitOptions): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  /** Asks the store (a Redis PING) and answers where hits are counted now. */
  mode(): Promise<RateLimitMode>;
  readonly store: RateLimitStore;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  /** Counts hits while `store` fails (default: a fresh MemoryStore). */
  fallback?: RateLimitStore;
  /** false: every hit is allowed and nothing is counted (RATE_LIMITS=off). */
  enabled?: boolean;
  log?: WarnLogger;
}

export const FALLBACK_MESSAGE = "rate limits: memory (Redis unreachable)";

export function createRateLimiter({ store, fallback = new MemoryStore(), enabled = true, log = consoleLogger }: RateLimiterOptions): RateLimiter {
  const shared = !(store instanceof MemoryStore);
  let degraded = false;
  let lastWarned = 0;
  let suppressed = 0;
  const failed = (err: unknown, key: string) => {
    const now = Date.now();
    // One line when the outage starts, then at most one per 10 s: an outage must not flood the log.
    if (degraded && now - lastWarned < 10_000) {
      suppressed += 1;
      return;
    }
    degraded = true;
    log.warn({ err: { message: err instanceof Error ? err.message : String(err) }, key, suppressed }, FALLBACK_MESSAGE);
    lastWarned = now;
    suppressed = 0;
  };
  const recovered = () => {
    if (!degraded) return;
    degraded = false;
    log.warn({ suppressed }, "rate limits: redis (reachable again)");
    suppressed = 0;
  };
  return {
    store,
    async hit(key, opts) {
      if (!enabled) return { allowed: true, remaining: opts.limit, retryAfterSeconds: 0 };
      try {
        const result = await store.hit(key, opts);
        recovered();
        return result;
      } catch (error) {
        if (error instanceof RangeError) throw error; // a programming error, not an outage
        failed(error, key);
        return fallback.hit(key, opts);
      }
    },
    async reset(key) {
      // Both: a key counted in memory during an outage must be forgotten too.
      await fallback.reset(key);
      try {
        await store.reset(key);
      } catch (error) {
        failed(error, key);
      }
    },
    async mode() {
      if (!enabled) return "off";
      if (!shared) return "memory";
      // A store that cannot be asked is judged by its last hit.
      if (!store.ping) return degraded ? "memory (Redis unreachable)" : "redis";
      try {
        await store.ping();
        recovered();
        return "redis";
      } catch (error) {
        failed(error, "(ping)");
        return "memory (Redis unreachable)";
      }
    },
    close: async () => {
      await Promise.all([store.close(), fallback.close()]);
    },
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

/** Where the process-wide limiter counts right now (/readyz, startup log). */
export function rateLimitMode(): Promise<RateLimitMode> {
  return getRateLimiter().mode();
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
