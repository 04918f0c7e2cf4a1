import type { Redis } from "ioredis";
import { type HitOptions, type HitResult, type RateLimitStore, assertHitOptions, toHitResult } from "./store";

/**
 * INCR and (on the first hit of a window) PEXPIRE in one atomic step;
 * returns the count and the window's remaining milliseconds. A key that
 * somehow lost its expiry gets one again instead of blocking forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const COMMAND = "spotfolioRateLimitHit";
type WithHitCommand = Redis & { [COMMAND](key: string, windowMs: number): Promise<[number, number]> };

export interface RedisStoreOptions {
  /** Prepended to every key (the app passes REDIS_PREFIX + "rl:"; default "spotfolio:rl:"). */
  prefix?: string;
  /** How long a hit waits for a connection that is still being established (default 1 s). */
  connectWaitMs?: number;
}

/**
 * Fixed-window counters in Redis, shared by every app instance. `hit()`
 * rejects when Redis cannot answer promptly; the limiter then counts in memory.
 * Does not own the client: `close()` leaves it to whoever created it.
 */
export class RedisStore implements RateLimitStore {
  private readonly prefix: string;
  private readonly connectWaitMs: number;

  constructor(
    private readonly client: Redis,
    opts: RedisStoreOptions = {},
  ) {
    this.prefix = opts.prefix ?? "spotfolio:rl:";
    this.connectWaitMs = opts.connectWaitMs ?? 1_000;
    if (!(COMMAND in client)) client.defineCommand(COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, opts: HitOptions): Promise<HitResult> {
    assertHitOptions(opts);
    await waitUntilReady(this.client, this.connectWaitMs);
    const [count, ttl] = await (this.client as WithHitCommand)[COMMAND](this.prefix + key, opts.windowMs);
    return toHitResult(Number(count), Number(ttl), opts);
  }

  async reset(key: string): Promise<void> {
    await waitUntilReady(this.client, this.connectWaitMs);
    await this.client.del(this.prefix + key);
  }

  async ping(): Promise<void> {
    await waitUntilReady(this.client, this.connectWaitMs);
    await this.client.ping();
  }

  async close(): Promise<void> {}
}

/**
 * Resolve once the client is ready. While it is making its first connection
 * wait up to `timeoutMs`; when it is down (reconnecting, closed) reject at
 * once so a request is never held up by an outage.
 */
export function waitUntilReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  if (client.status !== "wait" && client.status !== "connecting" && client.status !== "connect") {
    return Promise.reject(new Error(`Redis is not connected (status ${client.status})`));
  }
  if (client.status === "wait") client.connect().catch(() => {});
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      client.off("error", onError);
      client.off("end", onEnd);
      client.off("close", onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => done();
    const onError = (error: Error) => done(error);
    // A refused connection emits "close" (and then reconnects later), not "error".
    const onEnd = () => done(new Error("Redis connection closed"));
    const timer = setTimeout(() => done(new Error(`Redis not ready after ${timeoutMs} ms`)), timeoutMs);
    client.once("ready", onReady);
    client.once("error", onError);
    client.once("end", onEnd);
    client.once("close", onEnd);
  });
}
