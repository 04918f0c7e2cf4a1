/** When a failed email is tried again, and when the outbox gives up on it. */

/** Attempts (including the first) before a message is marked `failed`. */
export const MAX_ATTEMPTS = 8;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after the 1st, 2nd, ... failed attempt; the last one repeats (the cap). */
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR] as const;

/** Delay before the next attempt after `attempts` failed attempts (1 = the first failed). */
export function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(Math.floor(attempts), 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index];
}
