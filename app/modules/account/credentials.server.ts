/**
 * Account changes that go through better-auth (it owns passwords, sessions
 * and email verification): change password, change email (confirmed by a
 * link sent to the new address), sign out other sessions, and sign out other
 * sessions.
 */
import { isAPIError } from "better-auth/api";
import { href, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { getAuth } from "~/modules/auth/index.server";
import { authHeaders } from "~/modules/auth/index.server";
import type { AccountResult } from "./profile.server";
import { ACCOUNT_MESSAGES } from "./validation";

type Ctx = Readonly<RouterContextProvider>;

const code = (error: unknown) => (isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined);

export async function changePassword(
  db: Database,
  input: { currentPassword: string; password: string },
  request: Request,
  context: Ctx,
): Promise<AccountResult & { setCookies?: string[] }> {
  const auth = getAuth(db);
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    // Other sessions are signed out; this one gets a fresh cookie.
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (code(error) === "INVALID_PASSWORD") return { ok: false, fieldErrors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong } };
    if (code(error) === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      return { ok: false, formError: "Your account signs in without a password. Use Forgot password to set one." };
    }
    logger.error({ err: error }, "password change failed");
    return { ok: false, formError: "Your password could not be changed. Please try again." };
  }
}

export async function changeEmail(db: Database, input: { email: string }, request: Request, context: Ctx): Promise<AccountResult> {
  const auth = getAuth(db);
  try {
    await auth.api.changeEmail({ body: { newEmail: input.email, callbackURL: `${href("/account")}?email=changed` }, headers: authHeaders(request, context) });
    // An address that already has an account gets the same answer (and no mail).
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && error.message === "Email is the same") return { ok: false, fieldErrors: { email: ACCOUNT_MESSAGES.sameEmail } };
    logger.error({ err: error }, "email change failed");
    return { ok: false, formError: "Your email address could not be changed. Please try again." };
  }
}

export async function signOutOtherSessions(db: Database, request: Request, context: Ctx): Promise<AccountResult> {
  const auth = getAuth(db);
  await auth.api.revokeOtherSessions({ headers: authHeaders(request, context) });
  return { ok: true };
}
