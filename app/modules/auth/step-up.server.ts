/**
 * Step-up: proving it is still you before a sensitive change (bank or tax details), beyond the
 * session cookie a borrowed or stolen browser would carry. `identityChallenge` says what to ask
 * for; `confirmIdentity` checks the answer.
 *
 * - "password": the account has a password; it is checked with better-auth's own verifier (the
 *   hash of its credential account), counted against the account's `password-check` limit (5 per
 *   15 minutes, right or wrong) so a session cannot guess its way to the password.
 * - "none": the account signs in without a password (social or magic link only). There is
 *   nothing to ask here; the caller makes the emailed confirmation link the step instead.
 * - "totp": two-factor sign-in is on (docs/decisions/0041): the second factor is asked instead of the
 *   password (a code from the authenticator app, or one recovery code, which is then spent),
 *   counted against the account's `second-factor-check` limit (5 per 15 minutes, right or wrong).
 *   It proves more than the password would: a borrowed session's holder may know the password.
 */
import { and, eq } from "drizzle-orm";
import { account } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { limitAccountAction } from "~/modules/rate-limit/index.server";
import { getAuth } from "./auth.server";
import { checkSecondFactor, twoFactorEnabled } from "./two-factor.server";

export type IdentityChallenge = "password" | "totp" | "none";
export type IdentityCheck = { ok: true } | { ok: false; field: "password" | "code"; error: string };

export const STEP_UP_MESSAGES = {
  passwordRequired: "Enter your password to confirm it is you",
  passwordWrong: "This password is not right",
  codeRequired: "Enter the code from your authenticator app, or a recovery code, to confirm it is you",
  codeWrong: "This code is not right. Enter the code your app shows now, or an unused recovery code.",
} as const;

async function passwordHash(db: Database, userId: string): Promise<string | null> {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return credential?.password ? credential.password : null;
}

/** What this account is asked before a sensitive change. */
export async function identityChallenge(db: Database, userId: string): Promise<IdentityChallenge> {
  if (await twoFactorEnabled(db, userId)) return "totp";
  return (await passwordHash(db, userId)) ? "password" : "none";
}

/** Check the answer to `identityChallenge`; "none" needs no answer here. */
export async function confirmIdentity(db: Database, userId: string, input: { password?: string; code?: string }): Promise<IdentityCheck> {
  if (await twoFactorEnabled(db, userId)) {
    const code = (input.code ?? "").trim();
    if (!code) return { ok: false, field: "code", error: STEP_UP_MESSAGES.codeRequired };
    const limit = await limitAccountAction("second-factor-check", userId);
    if (!limit.allowed) return { ok: false, field: "code", error: limit.message };
    const ok = code.length <= 64 && (await checkSecondFactor(db, userId, code));
    return ok ? { ok: true } : { ok: false, field: "code", error: STEP_UP_MESSAGES.codeWrong };
  }
  const hash = await passwordHash(db, userId);
  if (!hash) return { ok: true };
  const password = input.password ?? "";
  if (!password) return { ok: false, field: "password", error: STEP_UP_MESSAGES.passwordRequired };
  const limit = await limitAccountAction("password-check", userId);
  if (!limit.allowed) return { ok: false, field: "password", error: limit.message };
  // better-auth's verifier, as its own /verify-password endpoint uses it (the configured hasher), over a bounded input.
  const context = await getAuth(db).$context;
  const ok = password.length <= 255 && (await context.password.verify({ hash, password }));
  return ok ? { ok: true } : { ok: false, field: "password", error: STEP_UP_MESSAGES.passwordWrong };
}
