import { Redis } from "ioredis";
import { singleton } from "~/lib/singleton.server";

export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A Redis client that never holds the app up:
 * - no offline queue: while disconnected a command fails at once (callers fail open);
 * - one retry per command, 1 s command timeout, 2 s connect timeout;
 * - reconnects in the background with a backoff capped at 30 s, so Redis
 *   coming back is picked up, and a Redis that is down at startup neither
 *   crashes nor blocks the process;
 * - connection errors are logged (at most once a minute), never thrown as
 *   unhandled 'error' events.
 */
export function createRedisClient(url: string, log: WarnLogger = consoleLogger): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 500, 30_000),
  });
  let lastLogged = 0;
  let suppressed = 0;
  client.on("error", (err: Error) => {
    const now = Date.now();
    if (now - lastLogged < 60_000) {
      suppressed += 1;
      return;
    }
    log.warn({ err: { message: err.message }, suppressed }, "redis connection error");
    lastLogged = now;
    suppressed = 0;
  });
  return client;
}

const consoleLogger: WarnLogger = { warn: (obj, msg) => console.warn(`[redis] ${msg}`, obj) };

interface SharedRedis {
  url?: string;
  client?: Redis;
}
const shared = singleton<SharedRedis>("redis", () => ({}));

/** The process-wide Redis client for `url` (created on first use). */
export function getRedis(url: string, log?: WarnLogger): Redis {
  if (shared.client && shared.url === url) return shared.client;
  shared.client?.disconnect();
  shared.client = createRedisClient(url, log);
  shared.url = url;
  return shared.client;
}

/** Close the process-wide client (graceful shutdown). */
export async function closeRedis(): Promise<void> {
  const client = shared.client;
  shared.client = undefined;
  shared.url = undefined;
  if (!client) return;
  if (client.status === "ready") await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
