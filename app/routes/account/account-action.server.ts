/**
 * The /account page's one action: `intent` picks the form (profile, avatar,
 * remove-avatar, email, password, sessions, revoke-session, delete, withdraw-application, create-feed,
 * revoke-feed, two-factor-start, two-factor-confirm, two-factor-disable, two-factor-recovery-codes). Every input is parsed
 * with the shared rules; bad input answers 400 with field errors and changes
 * nothing.
 */
import { data, href, redirect, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { retryAfter } from "~/lib/http-errors";
import { limitAccountAction } from "~/modules/rate-limit/auth-limits.server";
import { changeEmail, changePassword, signOutOtherSessions } from "~/modules/account/credentials.server";
import { deleteAccount } from "~/modules/account/delete-account.server";
import { withdrawApplication } from "~/modules/creators/applications.server";
import { removeAvatar, setAvatar, updateProfile, type AccountResult } from "~/modules/account/profile.server";
import { ACCOUNT_MESSAGES, accountProfileSchema, changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "~/modules/account/validation";
import { signOut } from "~/modules/auth/flows.server";
import { currentSessionId, type SignedIn } from "~/modules/auth/session.server";
import { revokeSession } from "~/modules/account/sessions.server";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setupAgain,
  startTwoFactor,
  type TwoFactorFailure,
} from "~/modules/auth/two-factor.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { siteUrl } from "~/lib/site-url.server";
import { createFeedToken, revokeFeedToken } from "~/modules/posts/index.server";
import { MAX_IMAGE_BYTES, IMAGE_MESSAGES } from "~/modules/images/avatar.server";

export type AccountIntent =
  | "profile"
  | "avatar"
  | "remove-avatar"
  | "email"
  | "password"
  | "sessions"
  | "revoke-session"
  | "delete"
  | "withdraw-application"
  | "create-feed"
  | "revoke-feed"
  | "two-factor-start"
  | "two-factor-confirm"
  | "two-factor-disable"
  | "two-factor-recovery-codes";

export interface AccountActionData {
  intent: AccountIntent;
  ok?: boolean;
  message?: string;
  fieldErrors?: FieldErrors;
  formError?: string;
  /** create-feed: the new private feed's address, shown this once. */
  feedUrl?: string;
  /** two-factor-start: what the authenticator app needs, shown until the first code confirms it. */
  twoFactorSetup?: { secret: string; qrSvg: string };
  /** two-factor-confirm and two-factor-recovery-codes: the recovery codes, shown this once. */
  recoveryCodes?: string[];
}

const SUCCESS: Record<AccountIntent, string> = {
  profile: "Your profile has been saved",
  avatar: "Your profile image has been updated",
  "remove-avatar": "Your profile image has been removed",
  email: "We sent a confirmation link to your new address. Your email changes once you open it.",
  password: "Your password has been changed. Other sessions have been signed out.",
  sessions: "You have been signed out everywhere else",
  "revoke-session": "That session has been signed out",
  delete: "",
  "withdraw-application": "Your application has been withdrawn",
  "create-feed": "Your private feed is ready",
  "revoke-feed": "That private feed has been revoked",
  "two-factor-start": "",
  "two-factor-confirm": "Two-factor authentication is on",
  "two-factor-disable": "Two-factor authentication is off",
  "two-factor-recovery-codes": "You have new recovery codes. The old ones no longer work.",
};

/** A two-factor form's refusal: the field it is about, or the form. */
function twoFactorRefusal(intent: AccountIntent, failure: TwoFactorFailure, twoFactorSetup?: AccountActionData["twoFactorSetup"]) {
  const body: AccountActionData = failure.field
    ? { intent, fieldErrors: { [failure.field]: failure.error }, twoFactorSetup }
    : { intent, formError: failure.error, twoFactorSetup };
  return data<AccountActionData>(body, { status: failure.status, headers: retryAfter(failure) });
}

function answer(intent: AccountIntent, result: AccountResult, headers?: Headers) {
  if (result.ok) return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent] }, { headers });
  return data<AccountActionData>({ intent, fieldErrors: result.fieldErrors, formError: result.formError }, { status: 400 });
}

function tooMany(intent: AccountIntent, limit: { message: string; retryAfterSeconds: number }) {
  return data<AccountActionData>({ intent, formError: limit.message }, { status: 429, headers: retryAfter(limit) });
}

function cookies(setCookies: string[] = []): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function accountAction(request: Request, context: Readonly<RouterContextProvider>, viewer: SignedIn) {
  // Refuse oversized uploads before reading them into memory.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_IMAGE_BYTES + 64 * 1024) {
    return data<AccountActionData>({ intent: "avatar", fieldErrors: { avatar: IMAGE_MESSAGES.tooLarge } }, { status: 413 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as AccountIntent;
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const db = context.get(dbContext);
  const userId = viewer.user.id;

  switch (intent) {
    case "profile": {
      const parsed = validate(accountProfileSchema, values);
      if (!parsed.ok) return answer(intent, { ok: false, fieldErrors: parsed.errors as Record<string, string> });
      // A member needs no handle; a creator's public page needs theirs, so their form must keep one.
      if (viewer.profile.isCreator && !parsed.data.handle) {
        return answer(intent, { ok: false, fieldErrors: { handle: ACCOUNT_MESSAGES.handleRequired } });
      }
      return answer(intent, await updateProfile(db, userId, parsed.data));
    }
    case "avatar": {
      const file = form.get("avatar");
      const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      return answer(intent, await setAvatar(db, userId, bytes));
    }
    case "remove-avatar":
      return answer(intent, await removeAvatar(db, userId));
    case "email": {
      const parsed = validate(changeEmailSchema, values);
      if (!parsed.ok) return answer(intent, { ok: false, fieldErrors: parsed.errors as Record<string, string> });
      // Each change mails a link to an address of the user's choosing: a few an hour.
      const limit = await limitAccountAction("change-email", userId);
      if (!limit.allowed) return tooMany(intent, limit);
      return answer(intent, await changeEmail(db, parsed.data, request, context));
    }
    case "password": {
      const parsed = validate(changePasswordSchema, values);
      if (!parsed.ok) return answer(intent, { ok: false, fieldErrors: parsed.errors as Record<string, string> });
      // The current password is checked again here: a session left open must not become a way to guess it.
      const limit = await limitAccountAction("password-check", userId);
      if (!limit.allowed) return tooMany(intent, limit);
      const result = await changePassword(db, parsed.data, request, context);
      return answer(intent, result, cookies(result.ok ? result.setCookies : []));
    }
    case "sessions":
      return answer(intent, await signOutOtherSessions(db, request, context));
    case "revoke-session": {
      const result = await revokeSession(db, userId, String(values.sessionId ?? ""), await currentSessionId(request, context));
      if (!result.ok) return data<AccountActionData>({ intent, formError: result.error }, { status: result.status });
      return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent] });
    }
    case "withdraw-application": {
      const result = await withdrawApplication(db, userId);
      if (!result.ok) return data<AccountActionData>({ intent, formError: result.error }, { status: result.status });
      return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent] });
    }
    case "create-feed": {
      const result = await createFeedToken(db, userId, String(values.creatorId ?? ""));
      if (!result.ok) return data<AccountActionData>({ intent, formError: result.error }, { status: result.status });
      const feedUrl = `${siteUrl(request)}${href("/feeds/:token", { token: result.token })}`;
      return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent], feedUrl }, { headers: { "Cache-Control": "no-store" } });
    }
    case "revoke-feed": {
      const result = await revokeFeedToken(db, userId, String(values.feedId ?? ""));
      if (!result.ok) return data<AccountActionData>({ intent, formError: result.error }, { status: result.status });
      return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent] });
    }
    case "two-factor-start": {
      const result = await startTwoFactor(db, userId, String(values.password ?? ""), request, context);
      if (!result.ok) return twoFactorRefusal(intent, result);
      // The secret is shown to this answer only: never cached, never in a loader.
      return data<AccountActionData>(
        { intent, ok: true, twoFactorSetup: { secret: result.secret, qrSvg: result.qrSvg } },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "two-factor-confirm": {
      const result = await confirmTwoFactor(db, userId, String(values.code ?? ""), request, context);
      if (!result.ok) {
        return twoFactorRefusal(intent, result, await setupAgain(String(values.secret ?? ""), viewer.user.email));
      }
      const headers = cookies(result.setCookies);
      headers.set("Cache-Control", "no-store");
      return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent], recoveryCodes: result.recoveryCodes }, { headers });
    }
    case "two-factor-disable": {
      const result = await disableTwoFactor(db, userId, String(values.password ?? ""), request, context);
      if (!result.ok) return twoFactorRefusal(intent, result);
      return data<AccountActionData>({ intent, ok: true, message: SUCCESS[intent] }, { headers: cookies(result.setCookies) });
    }
    case "two-factor-recovery-codes": {
      const result = await regenerateRecoveryCodes(db, userId, String(values.password ?? ""), request, context);
      if (!result.ok) return twoFactorRefusal(intent, result);
      return data<AccountActionData>(
        { intent, ok: true, message: SUCCESS[intent], recoveryCodes: result.recoveryCodes },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "delete": {
      const parsed = validate(deleteAccountSchema, values);
      if (!parsed.ok) return answer(intent, { ok: false, fieldErrors: parsed.errors as Record<string, string> });
      // Clear this browser's session first (its row goes with the account).
      const setCookies = await signOut(db, request, context);
      await deleteAccount(db, userId);
      throw redirect(`${href("/")}?account=deleted`, { headers: cookies(setCookies) });
    }
    default:
      return data<AccountActionData>({ intent: "profile", formError: "Unknown request" }, { status: 400 });
  }
}
