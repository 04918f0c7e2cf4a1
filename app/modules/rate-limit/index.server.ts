/**
 * The rate-limit room's public API on the server: what other modules may import from it (lint checks it).
 * It owns rate limits for auth and writes, in Redis or memory.
 */
export { limitAccountAction, limitAuthAttempt, resetAuthAttempts } from "./auth-limits.server";
export { hit } from "./rate-limit.server";
export { getRedis } from "./redis-client.server";
export { waitUntilReady } from "./redis-store.server";
