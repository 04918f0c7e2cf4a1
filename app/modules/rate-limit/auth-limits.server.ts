/**
 * Rate limits on authentication: per client IP and per email address, for
 * each kind of attempt. Call before doing the work:
 *
 *   const limit = await limitAuthAttempt("sign-in", { ip: context.clientIp, email });
 *   if (!limit.allowed) return data({ error: limit.message }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
 *
 * Every counter is counted on every attempt; the attempt is refused when any
 * is over its limit. Email keys are hashed: no addresses in Redis.
 */
import { createHash } from "node:crypto";
import { env } from "~/lib/env.server";
import { type RateLimiter, getRateLimiter } from "./rate-limit.server";
import type { HitOptions, HitResult } from "./store";
import { plural } from "~/lib/plural";

export type AuthAttemptKind = "sign-in" | "sign-up" | "magic-link" | "password-reset";
export const AUTH_ATTEMPT_KINDS: readonly AuthAttemptKind[] = ["sign-in", "sign-up", "magic-link", "password-reset"];

const MINUTE = 60_000;

/**
 * Per-account limits (not configurable: they protect one account, whatever the deployment). Counted
 * per client IP and account together, so a stranger guessing (or spamming) from elsewhere never
 * locks the owner out of signing in, or out of the magic link and password reset that let them in.
 */
export const EMAIL_LIMITS: Record<AuthAttemptKind, HitOptions> = {
  "sign-in": { limit: 10, windowMs: 15 * MINUTE },
  "sign-up": { limit: 5, windowMs: 60 * MINUTE },
  "magic-link": { limit: 5, windowMs: 60 * MINUTE },
  "password-reset": { limit: 5, windowMs: 60 * MINUTE },
};

/**
 * What one inbox may be sent per hour from everywhere together (links by email), so many IPs cannot
 * flood it; high enough that a few strangers cannot use it up before the owner asks.
 */
export const INBOX_LIMITS: Partial<Record<AuthAttemptKind, HitOptions>> = {
  "sign-up": { limit: 5, windowMs: 60 * MINUTE },
  "magic-link": { limit: 20, windowMs: 60 * MINUTE },
  "password-reset": { limit: 20, windowMs: 60 * MINUTE },
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

const ipKey = (ip: string) => ip.trim() || "unknown";

/** Count one authentication attempt and say whether it may go ahead. */
export async function limitAuthAttempt(kind: AuthAttemptKind, input: { ip: string; email?: string }, opts: AuthLimitOptions = {}): Promise<AuthLimitResult> {
  const limiter = opts.limiter ?? getRateLimiter();
  const perIp = opts.perIp ?? env().RATE_LIMIT_AUTH_PER_IP;
  const ip = ipKey(input.ip);
  const checks = [limiter.hit(`auth:${kind}:ip:${ip}`, { limit: perIp, windowMs: IP_WINDOW_MS })];
  const email = input.email === undefined ? "" : normaliseEmail(input.email);
  if (email) {
    checks.push(limiter.hit(`auth:${kind}:ip-email:${ip}:${hashEmail(email)}`, EMAIL_LIMITS[kind]));
    const inbox = INBOX_LIMITS[kind];
    if (inbox) checks.push(limiter.hit(`auth:${kind}:email:${hashEmail(email)}`, inbox));
  }
  return refusal(await Promise.all(checks));
}

/** Forget this IP's counter for an account (e.g. its owner set a new password from here). */
export async function resetAuthAttempts(
  kind: AuthAttemptKind,
  input: { ip: string; email: string },
  opts: Pick<AuthLimitOptions, "limiter"> = {},
): Promise<void> {
  const normalised = normaliseEmail(input.email);
  if (normalised) await (opts.limiter ?? getRateLimiter()).reset(`auth:${kind}:ip-email:${ipKey(input.ip)}:${hashEmail(normalised)}`);
}

/**
 * Limits on what a signed-in account does that costs an email or checks a password, per account:
 * - `password-check`: the current password asked for again (changing the password): 5 wrong or
 *   right per 15 minutes, so a borrowed session cannot guess its way to the password;
 * - `second-factor-check`: a two-factor code asked of a signed-in account (confirming the app,
 *   step-up before bank or tax changes): 5 per 15 minutes, so a session cannot guess a code;
 * - `change-email`: 5 per hour (each sends a link to a new, possibly someone else's, address);
 * - `verification-email`: confirmation links sent to one address, 3 per hour (a sign-up, a
 *   sign-in before confirming, a resend, an email change all send one).
 */
export const ACCOUNT_LIMITS = {
  "password-check": { limit: 5, windowMs: 15 * MINUTE },
  "second-factor-check": { limit: 5, windowMs: 15 * MINUTE },
  "change-email": { limit: 5, windowMs: 60 * MINUTE },
  "verification-email": { limit: 3, windowMs: 60 * MINUTE },
} as const satisfies Record<string, HitOptions>;
export type AccountActionKind = keyof typeof ACCOUNT_LIMITS;

/** Count one `kind` for `subject` (a user id, or an email address for `verification-email`). */
export async function limitAccountAction(kind: AccountActionKind, subject: string, opts: Pick<AuthLimitOptions, "limiter"> = {}): Promise<AuthLimitResult> {
  const key = kind === "verification-email" ? hashEmail(normaliseEmail(subject)) : subject;
  return refusal([await (opts.limiter ?? getRateLimiter()).hit(`account:${kind}:${key}`, ACCOUNT_LIMITS[kind])]);
}

/**
 * Every write (any method but GET, HEAD, OPTIONS) per signed-in user, or per IP for visitors:
 * generous enough for the Studio's autosave, a cap on scripted floods of edits.
 */
export async function limitWrite(
  who: { userId?: string | null; ip: string },
  perMinute: number,
  opts: Pick<AuthLimitOptions, "limiter"> = {},
): Promise<AuthLimitResult> {
  const key = who.userId ? `writes:user:${who.userId}` : `writes:ip:${ipKey(who.ip)}`;
  return refusal([await (opts.limiter ?? getRateLimiter()).hit(key, { limit: perMinute, windowMs: MINUTE })]);
}

function refusal(results: HitResult[]): AuthLimitResult {
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
  return { allowed: false, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds) };
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
