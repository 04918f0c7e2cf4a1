/**
 * The auth flows behind our forms (the /auth page and the dialogs post to the
 * same actions). Each validates with the shared rules, applies the rate
 * limits, then calls better-auth in-process. Results carry the Set-Cookie
 * headers to send back; failures carry a form-level message and an HTTP status.
 */
import { isAPIError } from "better-auth/api";
import { href, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { t } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { trackJoined } from "~/modules/analytics/index.server";
import { limitAuthAttempt, resetAuthAttempts } from "~/modules/rate-limit/index.server";
import {
  accountExists,
  configuredSocialProviders,
  emailOfUser,
  getAuth,
  hasPassword,
  rehearsePasswordReset,
  rehearseSignUp,
  type SocialProvider,
} from "./auth.server";
import { recordPrivacyAgreement } from "./privacy-agreement.server";
import { ACCOUNT_SUSPENDED } from "./suspension.server";
import { authHeaders, clientIp, getViewer } from "./session.server";

export type UserType = "user" | "creator";

export type FlowResult =
  | { ok: true; setCookies: string[]; redirectTo?: string; twoFactor?: boolean }
  | { ok: false; status: number; formError: string; code?: string; retryAfterSeconds?: number };

type Ctx = Readonly<RouterContextProvider>;

function rateLimited(limit: { message: string; retryAfterSeconds: number }): FlowResult {
  return { ok: false, status: 429, formError: limit.message, code: "RATE_LIMITED", retryAfterSeconds: limit.retryAfterSeconds };
}

function apiCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

/** Where a verified or social sign-in lands: /confirm, which sends the user on. */
export function confirmUrl(next: string, userType: UserType = "user"): string {
  const params = new URLSearchParams();
  if (next !== "/") params.set("next", next);
  if (userType === "creator") params.set("type", "creator");
  const query = params.toString();
  return `${href("/confirm")}${query ? `?${query}` : ""}`;
}

export async function signIn(db: Database, input: { email: string; password: string }, request: Request, context: Ctx): Promise<FlowResult> {
  const limit = await limitAuthAttempt("sign-in", { ip: clientIp(context), email: input.email });
  if (!limit.allowed) return rateLimited(limit);
  const auth = getAuth(db);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    // Two-factor on (and this device not trusted): the plugin set a pending challenge instead of a session.
    const twoFactor = Boolean(response && "twoFactorRedirect" in response && response.twoFactorRedirect);
    return { ok: true, setCookies: headers.getSetCookie(), twoFactor };
  } catch (error) {
    const code = apiCode(error);
    // Only a correct password reaches the verification check, so saying so leaks nothing.
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, status: 403, formError: t("auth.login.emailNotVerified"), code };
    // Only a correct password reaches the session hook that refuses a suspended account: the reason goes to its owner alone.
    if (code === ACCOUNT_SUSPENDED && isAPIError(error)) return { ok: false, status: 403, formError: error.message, code };
    if (!isAPIError(error)) logger.error({ err: error }, "sign-in failed unexpectedly");
    return { ok: false, status: 401, formError: t("auth.login.loginFailed"), code };
  }
}

export async function signUp(
  db: Database,
  input: { email: string; password: string; userType: UserType; next: string },
  request: Request,
  context: Ctx,
): Promise<FlowResult> {
  const ip = clientIp(context);
  const limit = await limitAuthAttempt("sign-up", { ip, email: input.email });
  if (!limit.allowed) return rateLimited(limit);
  const auth = getAuth(db);
  const name = input.email.split("@")[0] ?? "";
  const callbackURL = confirmUrl(input.next, input.userType);
  try {
    const result = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name, callbackURL },
      headers: authHeaders(request, context),
    });
    // An address with an account gets the same answer (a user that is not in the database) after the
    // same password hashing; the rest of a new account's work is rehearsed, so the answer takes as long.
    const created = await recordPrivacyAgreement(db, result.user.id, ip);
    if (!created) await rehearseSignUp(db, input.email, name, callbackURL);
    await trackJoined(db, context, getViewer(context), { userId: result.user.id, method: "email" });
    return { ok: true, setCookies: [] };
  } catch (error) {
    if (!isAPIError(error)) logger.error({ err: error }, "sign-up failed unexpectedly");
    return { ok: false, status: isAPIError(error) ? error.statusCode : 500, formError: t("auth.signup.signupFailed"), code: apiCode(error) };
  }
}

export async function requestMagicLink(db: Database, input: { email: string; next: string }, request: Request, context: Ctx): Promise<FlowResult> {
  const limit = await limitAuthAttempt("magic-link", { ip: clientIp(context), email: input.email });
  if (!limit.allowed) return rateLimited(limit);
  const auth = getAuth(db);
  try {
    await auth.api.signInMagicLink({
      body: { email: input.email, callbackURL: input.next, errorCallbackURL: href("/confirm") },
      headers: authHeaders(request, context),
    });
    return { ok: true, setCookies: [] };
  } catch (error) {
    logger.error({ err: error }, "magic link failed");
    return { ok: false, status: 500, formError: t("auth.magicLink.failed") };
  }
}

export async function startSocialSignIn(
  db: Database,
  input: { provider: string; next: string; userType: UserType },
  request: Request,
  context: Ctx,
): Promise<FlowResult> {
  const provider = input.provider as SocialProvider;
  if (!configuredSocialProviders().includes(provider)) {
    return { ok: false, status: 400, formError: t("auth.social.failed", { provider: input.provider }) };
  }
  const auth = getAuth(db);
  try {
    const { headers, response } = await auth.api.signInSocial({
      body: {
        provider,
        callbackURL: confirmUrl(input.next, input.userType),
        errorCallbackURL: href("/confirm"),
        newUserCallbackURL: confirmUrl(input.next, input.userType),
      },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    if (!response?.url) throw new Error("no authorization url");
    return { ok: true, setCookies: headers.getSetCookie(), redirectTo: response.url };
  } catch (error) {
    logger.error({ err: error, provider }, "social sign-in could not start");
    return { ok: false, status: 500, formError: t("auth.social.failed", { provider: input.provider }) };
  }
}

export async function requestPasswordReset(db: Database, input: { email: string }, request: Request, context: Ctx): Promise<FlowResult> {
  const limit = await limitAuthAttempt("password-reset", { ip: clientIp(context), email: input.email });
  if (!limit.allowed) return rateLimited(limit);
  const auth = getAuth(db);
  try {
    // better-auth does far less for an unknown address (no link, no email): such an address gets
    // the same reads and writes, rolled back, so how long the answer takes does not tell.
    if (await accountExists(db, input.email)) {
      await auth.api.requestPasswordReset({
        body: { email: input.email, redirectTo: href("/reset-password") },
        headers: authHeaders(request, context),
      });
    } else {
      await rehearsePasswordReset(db, input.email, href("/reset-password"));
    }
  } catch (error) {
    // Unknown addresses and failures look the same from outside.
    logger.warn({ err: error }, "password reset request failed");
  }
  return { ok: true, setCookies: [] };
}

/**
 * Where a password link lands: /reset-password, carrying the page to come back to when it is a
 * path on this site (better-auth adds the token; our /api/auth route holds the whole address to
 * the same rule again).
 */
export function passwordPage(next?: string | null): string {
  const page = safeRedirect(next, "/");
  return page === "/" ? href("/reset-password") : `${href("/reset-password")}?${new URLSearchParams({ next: page })}`;
}

/**
 * The invitation an account made at checkout gets: a link to set its password, which then signs
 * the buyer in on `paidOn`, the page they paid on. (An address that already had an account is sent
 * a password link the same way.)
 */
export async function sendInvitation(db: Database, email: string, request: Request, context: Ctx, paidOn?: string | null): Promise<void> {
  const auth = getAuth(db);
  await auth.api.requestPasswordReset({ body: { email, redirectTo: passwordPage(paidOn) }, headers: authHeaders(request, context) });
}

/** What a password link opens: nothing when it is unknown or expired; a first password for an invitation. */
export type ResetLink = { valid: false } | { valid: true; firstPassword: boolean };

export async function resetLink(db: Database, token: string): Promise<ResetLink> {
  if (!token) return { valid: false };
  // better-auth's own lookup, so the check matches however it stores the token.
  const { internalAdapter } = await getAuth(db).$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return { valid: false };
  return { valid: true, firstPassword: !(await hasPassword(db, verification.value)) };
}

/**
 * A password set through an emailed link. A first password (an account made at checkout, or one
 * that only ever signed in with Google) signs its owner in at once: the link proved the address, as
 * a magic link does, and there is no older password or session to protect. A changed password
 * signs every session out and asks for a login with it (revokeSessionsOnPasswordReset).
 */
export type ResetResult = { ok: true; setCookies: string[]; firstPassword: boolean } | Extract<FlowResult, { ok: false }>;

export async function resetPassword(db: Database, input: { token: string; password: string }, request: Request, context: Ctx): Promise<ResetResult> {
  const auth = getAuth(db);
  let email: string | undefined;
  let firstPassword = false;
  try {
    const { internalAdapter } = await auth.$context;
    const link = await internalAdapter.findVerificationValue(`reset-password:${input.token}`);
    if (link) {
      email = await emailOfUser(db, link.value);
      firstPassword = !(await hasPassword(db, link.value));
    }
    await auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: authHeaders(request, context),
    });
  } catch (error) {
    return { ok: false, status: 400, formError: t("auth.reset.invalidToken"), code: apiCode(error) };
  }
  // The owner proved the address: wrong guesses counted against it from here no longer keep them out.
  if (email) await resetAuthAttempts("sign-in", { ip: clientIp(context), email });
  if (!firstPassword || !email) return { ok: true, setCookies: [], firstPassword: false };
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    // Two-factor needs a password, so a first one should never meet it; if it does, no session past it: the login page asks.
    if (response && "twoFactorRedirect" in response) return { ok: true, setCookies: [], firstPassword: true };
    return { ok: true, setCookies: headers.getSetCookie(), firstPassword: true };
  } catch (error) {
    // The password is set; the login page takes it from here.
    logger.error({ err: error }, "sign-in after a first password failed");
    return { ok: true, setCookies: [], firstPassword: true };
  }
}

export async function signOut(db: Database, request: Request, context: Ctx): Promise<string[]> {
  const auth = getAuth(db);
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
    return headers.getSetCookie();
  } catch {
    return [];
  }
}
