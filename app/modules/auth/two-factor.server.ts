/**
 * Two-factor sign-in (docs/decisions/0041): TOTP through better-auth's twoFactor plugin, with ten
 * single-use recovery codes. Our /account forms and /auth/two-factor call the plugin's endpoints
 * in-process (their HTTP paths are closed, auth.server.ts), each behind our own limits; the
 * plugin keeps the secret and the codes encrypted with the auth secret.
 *
 * Turning it on is two steps: the password starts it (a secret, shown as a QR code and as text),
 * a code from the app confirms it (only then is it on); the recovery codes are shown once, right
 * after. Turning it off and new recovery codes ask for the password.
 */
import { isAPIError } from "better-auth/api";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, like } from "drizzle-orm";
import QRCode from "qrcode";
import type { RouterContextProvider } from "react-router";
import { session, twoFactor, user, verification } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { record } from "~/modules/audit/index.server";
import { limitAccountAction, limitAuthAttempt } from "~/modules/rate-limit/index.server";
import { getAuth } from "./auth.server";
import { authHeaders, clientIp } from "./session.server";
import { base32Decode, verifyTotp } from "./totp.server";
import { TOTP_ISSUER } from "./two-factor-plugin.server";

type Ctx = Readonly<RouterContextProvider>;

export const TWO_FACTOR_MESSAGES = {
  passwordRequired: "Enter your password",
  passwordWrong: "This password is not right",
  codeRequired: "Enter the 6-digit code from your authenticator app",
  codeWrong: "This code is not right. Enter the code your app shows now.",
  recoveryCodeRequired: "Enter one of your recovery codes",
  recoveryCodeWrong: "This recovery code is not right, or it has been used",
  alreadyOn: "Two-factor authentication is already on",
  notOn: "Two-factor authentication is not on",
  noPassword: "Set a password first: two-factor authentication protects a password sign-in",
  expired: "This sign-in has expired. Sign in again.",
  tooManyCodes: "Too many wrong codes. Sign in again.",
  locked: "Too many wrong codes. Wait 15 minutes and sign in again.",
} as const;

export type TwoFactorFailure = { ok: false; status: number; field?: "password" | "code"; error: string; retryAfterSeconds?: number };

/** What /account shows: whether it is on, and how many recovery codes are left. */
export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

async function secretConfig(db: Database) {
  return (await getAuth(db).$context).secretConfig;
}

async function recoveryCodes(db: Database, encrypted: string): Promise<string[]> {
  try {
    const codes = JSON.parse(await symmetricDecrypt({ key: await secretConfig(db), data: encrypted })) as unknown;
    return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

export async function twoFactorEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on ?? false;
}

export async function twoFactorState(db: Database, userId: string): Promise<TwoFactorState> {
  if (!(await twoFactorEnabled(db, userId))) return { enabled: false, recoveryCodesLeft: 0 };
  const [row] = await db.select({ codes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return { enabled: true, recoveryCodesLeft: row ? (await recoveryCodes(db, row.codes)).length : 0 };
}

function apiCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

function cookiesOf(headers: Headers | null | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/** The password asked again by /account's two-factor forms: counted like a password change's. */
async function passwordCheck(userId: string, password: string): Promise<TwoFactorFailure | undefined> {
  if (!password) return { ok: false, status: 400, field: "password", error: TWO_FACTOR_MESSAGES.passwordRequired };
  const limit = await limitAccountAction("password-check", userId);
  if (!limit.allowed) return { ok: false, status: 429, field: "password", error: limit.message, retryAfterSeconds: limit.retryAfterSeconds };
  if (password.length > 255) return { ok: false, status: 400, field: "password", error: TWO_FACTOR_MESSAGES.passwordWrong };
  return undefined;
}

function passwordFailure(error: unknown, what: string): TwoFactorFailure {
  const code = apiCode(error);
  if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
    return { ok: false, status: 400, field: "password", error: TWO_FACTOR_MESSAGES.passwordWrong };
  }
  if (code === "TOTP_ALREADY_ENABLED") return { ok: false, status: 400, error: TWO_FACTOR_MESSAGES.alreadyOn };
  if (code === "TWO_FACTOR_NOT_ENABLED") return { ok: false, status: 400, error: TWO_FACTOR_MESSAGES.notOn };
  if (!isAPIError(error)) logger.error({ err: error }, `${what} failed unexpectedly`);
  return { ok: false, status: isAPIError(error) ? 400 : 500, error: `Two-factor authentication could not be changed. Try again.` };
}

/** Step 1 of turning it on: what the app needs (the secret as a QR code and as text). */
export type TwoFactorSetup = { ok: true; secret: string; otpauthUrl: string; qrSvg: string };

export async function startTwoFactor(
  db: Database,
  userId: string,
  password: string,
  request: Request,
  context: Ctx,
): Promise<TwoFactorSetup | TwoFactorFailure> {
  const refused = await passwordCheck(userId, password);
  if (refused) return refused;
  try {
    const result = await getAuth(db).api.enableTwoFactor({ body: { password, issuer: TOTP_ISSUER }, headers: authHeaders(request, context) });
    if (!("totpURI" in result) || !result.totpURI) throw new Error("no TOTP URI");
    const otpauthUrl = result.totpURI;
    const secret = new URL(otpauthUrl).searchParams.get("secret") ?? "";
    const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { ok: true, secret, otpauthUrl, qrSvg };
  } catch (error) {
    return passwordFailure(error, "turning two-factor on");
  }
}

/**
 * The setup shown again after a wrong first code without JavaScript (the page forgets the previous
 * answer): rebuilt from the key the form sent back, which is only ever what this browser was shown.
 */
export async function setupAgain(secret: string, email: string): Promise<{ secret: string; qrSvg: string } | undefined> {
  if (!/^[A-Z2-7]{16,128}$/.test(secret)) return undefined;
  const params = new URLSearchParams({ secret, issuer: TOTP_ISSUER, digits: "6", period: "30" });
  const otpauthUrl = `otpauth://totp/${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}?${params}`;
  return { secret, qrSvg: await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/** Step 2: the first code from the app turns it on; the recovery codes come back, to be shown once. */
export async function confirmTwoFactor(
  db: Database,
  userId: string,
  code: string,
  request: Request,
  context: Ctx,
): Promise<{ ok: true; recoveryCodes: string[]; setCookies: string[] } | TwoFactorFailure> {
  const clean = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(clean)) return { ok: false, status: 400, field: "code", error: TWO_FACTOR_MESSAGES.codeRequired };
  const limit = await limitAccountAction("second-factor-check", userId);
  if (!limit.allowed) return { ok: false, status: 429, field: "code", error: limit.message, retryAfterSeconds: limit.retryAfterSeconds };
  const auth = getAuth(db);
  try {
    const { headers } = await auth.api.verifyTOTP({ body: { code: clean }, headers: authHeaders(request, context), returnHeaders: true });
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    // verifyTOTP replaced the session (its cookie carries the user's new state): pass its cookie on.
    return { ok: true, recoveryCodes: backupCodes, setCookies: cookiesOf(headers) };
  } catch (error) {
    const apiErrorCode = apiCode(error);
    if (apiErrorCode === "INVALID_CODE") return { ok: false, status: 400, field: "code", error: TWO_FACTOR_MESSAGES.codeWrong };
    if (apiErrorCode === "TOTP_NOT_ENABLED") return { ok: false, status: 400, error: "Start again: enter your password to set up two-factor authentication" };
    logger.error({ err: error }, "confirming two-factor failed");
    return { ok: false, status: 500, error: "Two-factor authentication could not be turned on. Try again." };
  }
}

export async function disableTwoFactor(
  db: Database,
  userId: string,
  password: string,
  request: Request,
  context: Ctx,
): Promise<{ ok: true; setCookies: string[] } | TwoFactorFailure> {
  const refused = await passwordCheck(userId, password);
  if (refused) return refused;
  try {
    const { headers } = await getAuth(db).api.disableTwoFactor({ body: { password }, headers: authHeaders(request, context), returnHeaders: true });
    return { ok: true, setCookies: cookiesOf(headers) };
  } catch (error) {
    return passwordFailure(error, "turning two-factor off");
  }
}

export async function regenerateRecoveryCodes(
  db: Database,
  userId: string,
  password: string,
  request: Request,
  context: Ctx,
): Promise<{ ok: true; recoveryCodes: string[] } | TwoFactorFailure> {
  const refused = await passwordCheck(userId, password);
  if (refused) return refused;
  try {
    const result = await getAuth(db).api.generateBackupCodes({ body: { password }, headers: authHeaders(request, context) });
    return { ok: true, recoveryCodes: result.backupCodes };
  } catch (error) {
    return passwordFailure(error, "new recovery codes");
  }
}

/** The pending challenge's cookie (set by a password sign-in or a link of an account with 2FA on). */
export function hasPendingChallenge(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?[^=;]*\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

/**
 * The second step of a sign-in: a code from the app or a recovery code. The plugin counts wrong
 * codes per challenge (5, then sign in again) and per account (10 in a row lock it for 15
 * minutes); ours counts every try from the address with the sign-in attempts.
 */
export async function verifySignInCode(
  db: Database,
  input: { code: string; kind: "totp" | "recovery"; trustDevice: boolean },
  request: Request,
  context: Ctx,
): Promise<{ ok: true; setCookies: string[] } | TwoFactorFailure> {
  const code = input.kind === "totp" ? input.code.replace(/\s/g, "") : input.code.trim();
  if (input.kind === "totp" && !/^\d{6}$/.test(code)) return { ok: false, status: 400, field: "code", error: TWO_FACTOR_MESSAGES.codeRequired };
  if (input.kind === "recovery" && (!code || code.length > 64))
    return { ok: false, status: 400, field: "code", error: TWO_FACTOR_MESSAGES.recoveryCodeRequired };
  const limit = await limitAuthAttempt("sign-in", { ip: clientIp(context) });
  if (!limit.allowed) return { ok: false, status: 429, field: "code", error: limit.message, retryAfterSeconds: limit.retryAfterSeconds };
  const auth = getAuth(db);
  const headers = authHeaders(request, context);
  try {
    const result =
      input.kind === "totp"
        ? await auth.api.verifyTOTP({ body: { code, trustDevice: input.trustDevice }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code, trustDevice: input.trustDevice }, headers, returnHeaders: true });
    return { ok: true, setCookies: cookiesOf(result.headers) };
  } catch (error) {
    const errorCode = apiCode(error);
    // A refusal may still carry cookies (the spent challenge's cookie cleared): they are not needed, the page says what to do.
    if (errorCode === "INVALID_CODE") return { ok: false, status: 401, field: "code", error: TWO_FACTOR_MESSAGES.codeWrong };
    if (errorCode === "INVALID_BACKUP_CODE") return { ok: false, status: 401, field: "code", error: TWO_FACTOR_MESSAGES.recoveryCodeWrong };
    if (errorCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { ok: false, status: 429, error: TWO_FACTOR_MESSAGES.tooManyCodes };
    if (errorCode === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, status: 429, error: TWO_FACTOR_MESSAGES.locked };
    if (errorCode === "INVALID_TWO_FACTOR_COOKIE") return { ok: false, status: 401, error: TWO_FACTOR_MESSAGES.expired };
    if (!isAPIError(error)) logger.error({ err: error }, "two-factor sign-in failed unexpectedly");
    return { ok: false, status: isAPIError(error) ? 400 : 500, error: TWO_FACTOR_MESSAGES.expired };
  }
}

/**
 * The step-up check with two-factor on (step-up.server.ts): a code from the app, or one recovery
 * code, which is then spent. The caller has counted the attempt.
 */
export async function checkSecondFactor(db: Database, userId: string, code: string): Promise<boolean> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (!row || !row.verified) return false;
  const key = await secretConfig(db);
  const clean = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(clean)) {
    // The plugin's secret: its UTF-8 bytes are the HMAC key (an imported one is stored as "base32:…").
    const secret = await symmetricDecrypt({ key, data: row.secret });
    const bytes = secret.startsWith("base32:") ? base32Decode(secret.slice(7)) : new Uint8Array(Buffer.from(secret, "utf8"));
    return verifyTotp(bytes, clean);
  }
  const codes = await recoveryCodes(db, row.backupCodes);
  const given = code.trim();
  if (!given || !codes.includes(given)) return false;
  // Spend it, only if nobody spent one in between (the same compare-and-set the plugin does).
  const rest = await symmetricEncrypt({ key, data: JSON.stringify(codes.filter((c) => c !== given)) });
  const spent = await db
    .update(twoFactor)
    .set({ backupCodes: rest })
    .where(and(eq(twoFactor.id, row.id), eq(twoFactor.backupCodes, row.backupCodes)))
    .returning({ id: twoFactor.id });
  return spent.length === 1;
}

export class UnknownAccountForTwoFactorError extends Error {}

/**
 * Support's way back in for someone who lost their phone and their codes (`npm run admin --
 * disable-2fa EMAIL`): two-factor off, its secret and codes gone, every session signed out, and
 * an entry in the audit log, in one transaction. Returns whether it was on.
 */
export async function adminDisableTwoFactor(db: Database, email: string): Promise<{ email: string; wasOn: boolean }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()))
      .limit(1);
    if (!found) throw new UnknownAccountForTwoFactorError(`No account with the email address ${email.trim()}`);
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id)).returning({ id: twoFactor.id });
    const wasOn = found.on || removed.length > 0;
    if (!wasOn) return { email: found.email, wasOn };
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, found.id));
    await tx.delete(session).where(eq(session.userId, found.id));
    // Devices trusted for 30 days would skip the second factor once it is turned on again.
    await tx.delete(verification).where(and(eq(verification.value, found.id), like(verification.identifier, "trust-device-%")));
    await record(
      tx,
      { userId: null, ip: null },
      "user.two_factor_disabled",
      { type: "user", id: found.id },
      { twoFactorEnabled: true },
      { twoFactorEnabled: false },
    );
    return { email: found.email, wasOn };
  });
}
