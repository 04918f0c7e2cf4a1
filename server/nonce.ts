import { randomFillSync } from "node:crypto";
import type { Context } from "hono";

/** 16 random bytes per nonce, as Hono's own NONCE gives (128 bits, base64). */
const NONCE_BYTES = 16;
/** Nonces drawn per refill of the pool. */
const POOL_NONCES = 256;

const pool = Buffer.alloc(NONCE_BYTES * POOL_NONCES);
let next = POOL_NONCES;

/**
 * A fresh CSP nonce from the operating system's CSPRNG, drawn from a pool refilled 256 nonces at a
 * time: Hono's NONCE asks Web Crypto for 16 bytes on every page, and that call was 3 % of an
 * anonymous cache hit's time (a CPU profile, issue 27). Each nonce is still used once: the pool's
 * bytes are handed out in order and never again (as Node's own randomUUID pools its randomness).
 */
export function freshNonce(): string {
  if (next === POOL_NONCES) {
    randomFillSync(pool);
    next = 0;
  }
  const at = next++ * NONCE_BYTES;
  return pool.toString("base64", at, at + NONCE_BYTES);
}

/**
 * Hono's NONCE source for secureHeaders' script-src with freshNonce: the page's nonce is kept in the
 * context under the name Hono's own uses (secureHeadersNonce), where the page handler reads it.
 */
export function pooledNonce(ctx: Context): string {
  let nonce = ctx.get("secureHeadersNonce") as string | undefined;
  if (!nonce) {
    nonce = freshNonce();
    ctx.set("secureHeadersNonce", nonce);
  }
  return `'nonce-${nonce}'`;
}
