/**
 * Rate limits on authentication: per client IP and per email address, for
 * each kind of attempt. Call before doing the work:
 *
 *   const limit = await limitAuthAttempt("sign-in", { ip: context.clientIp, email });
 *   if (!limit.allowed) return data({ error: limit.message }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
 *
 * Both counters are counted on every attempt; the attempt is refused when
 * either is over its limit. Email keys are hashed: no addresses in Redis.
 */
import { createHash } from "node:crypto";
import { env } from "~/lib/env.server";
import { type RateLimiter, getRateLimiter } from "./rate-limit.server";
import type { HitOptions } from "./store";
import { plural } from "~/lib/plural";

export type AuthAttemptKind = "sign-in" | "sign-up" | "magic-link" | "password-reset";
export const AUTH_ATTEMPT_KINDS: readonly AuthAttemptKind[] = ["sign-in", "sign-up", "magic-link", "password-reset"];

const MINUTE = 60_000;

/** Per-email limits (not configurable: they protect one account, whatever the deployment). */
export const EMAIL_LIMITS: Record<AuthAttemptKind, HitOptions> = {
  "sign-in": { limit: 10, windowMs: 15 * MINUTE },
  "sign-up": { limit: 5, windowMs: 60 * MINUTE },
  "magic-link": { limit: 5, windowMs: 60 * MINUTE },
  "password-reset": { limit: 5, windowMs: 60 * MINUTE },
};

/** Window of the per-IP limit; its size is RATE_LIMIT_AUTH_PER_IP (default 50). */
export const IP_WINDOW_MS = 15 * MINUTE;

export type AuthLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

export interface AuthLimitOptions {
  /** Limiter to count with (default: the process-wide one). */
  limiter?: RateLimiter;
  /** Attempts per IP per kind per 15 minutes (default: RATE_LIMIT_AUTH_PER_IP). */
  perIp?: number;
}

/** Count one authentication attempt and say whether it may go ahead. */
export async function limitAuthAttempt(kind: AuthAttemptKind, input: { ip: string; email?: string }, opts: AuthLimitOptions = {}): Promise<AuthLimitResult> {
  const limiter = opts.limiter ?? getRateLimiter();
  const perIp = opts.perIp ?? env().RATE_LIMIT_AUTH_PER_IP;
  const checks = [limiter.hit(`auth:${kind}:ip:${input.ip.trim() || "unknown"}`, { limit: perIp, windowMs: IP_WINDOW_MS })];
  const email = input.email === undefined ? "" : normaliseEmail(input.email);
  if (email) checks.push(limiter.hit(`auth:${kind}:email:${hashEmail(email)}`, EMAIL_LIMITS[kind]));

  const results = await Promise.all(checks);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
  return { allowed: false, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds) };
}

/** Forget the per-email counter of a kind (e.g. after a successful sign-in). */
export async function resetAuthAttempts(kind: AuthAttemptKind, email: string, opts: Pick<AuthLimitOptions, "limiter"> = {}): Promise<void> {
  const normalised = normaliseEmail(email);
  if (normalised) await (opts.limiter ?? getRateLimiter()).reset(`auth:${kind}:email:${hashEmail(normalised)}`);
}

/**
 * 'Too many attempts. Please wait 15 minutes and try again.' Whole minutes
 * (rounded up) from one minute on, seconds below.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? plural(seconds, "second") : plural(Math.ceil(seconds / 60), "minute");
  return `Too many attempts. Please wait ${wait} and try again.`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashEmail(email: string): string {
  return createHash("sha256").update(email).digest("base64url").slice(0, 32);
}
