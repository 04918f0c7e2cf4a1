/**
 * One action for every auth form (the /auth page and the dialogs post here):
 * intent login | signup | magiclink | social. Without JavaScript a success
 * redirects; from a dialog (`mode=dialog`) it answers with data so the page
 * stays put and the interrupted action can continue.
 */
import { data, href, redirect, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { retryAfter } from "~/lib/http-errors";
import { t } from "~/lib/i18n";
import { pageUrl } from "~/lib/page-url";
import { afterSignIn, type AuthActionData, type AuthIntent } from "~/modules/auth/auth-forms";
import { requestMagicLink, signIn, signUp, startSocialSignIn, type FlowResult, type UserType } from "~/modules/auth/flows.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { loginSchema, magicLinkSchema, signupSchema } from "~/modules/auth/validation";
import { validate } from "~/lib/form-validation";

function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

function failure(intent: AuthIntent, result: Extract<FlowResult, { ok: false }>, email?: string) {
  return data<AuthActionData>({ intent, formError: result.formError, email }, { status: result.status, headers: retryAfter(result) });
}

export async function authAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = values.intent as AuthIntent;
  const dialog = values.mode === "dialog";
  const next = pageUrl(safeRedirect(values.redirectTo));
  const userType: UserType = values.userType === "creator" ? "creator" : "user";
  const db = context.get(dbContext);

  switch (intent) {
    case "login": {
      const parsed = validate(loginSchema, values);
      if (!parsed.ok) return data<AuthActionData>({ intent, fieldErrors: parsed.errors, email: values.email }, { status: 400 });
      const result = await signIn(db, parsed.data, request, context);
      if (!result.ok) return failure(intent, result, parsed.data.email);
      const headers = cookieHeaders(result.setCookies);
      if (result.twoFactor) {
        // The password was right and two-factor is on: the code is asked on its own page, which sends the user on.
        const twoFactorUrl = `${href("/auth/two-factor")}?${new URLSearchParams({ redirectTo: afterSignIn(next, userType) })}`;
        if (dialog) return data<AuthActionData>({ intent, twoFactorUrl }, { headers });
        throw redirect(twoFactorUrl, { headers });
      }
      if (dialog) return data<AuthActionData>({ intent, ok: true }, { headers });
      throw redirect(afterSignIn(next, userType), { headers });
    }
    case "signup": {
      const parsed = validate(signupSchema, values);
      if (!parsed.ok) return data<AuthActionData>({ intent, fieldErrors: parsed.errors, email: values.email }, { status: 400 });
      const result = await signUp(db, { email: parsed.data.email, password: parsed.data.password, userType, next }, request, context);
      if (!result.ok) return failure(intent, result, parsed.data.email);
      return data<AuthActionData>({ intent, ok: true, checkEmail: parsed.data.email });
    }
    case "magiclink": {
      const parsed = validate(magicLinkSchema, values);
      if (!parsed.ok) return data<AuthActionData>({ intent, fieldErrors: parsed.errors, email: values.email }, { status: 400 });
      const result = await requestMagicLink(db, { email: parsed.data.email, next: afterSignIn(next, userType) }, request, context);
      if (!result.ok) return failure(intent, result, parsed.data.email);
      return data<AuthActionData>({ intent, ok: true, magicLinkSent: true, email: parsed.data.email });
    }
    case "social": {
      const provider = values.provider ?? "";
      const result = await startSocialSignIn(db, { provider, next, userType }, request, context);
      if (!result.ok) return data<AuthActionData>({ intent, provider, formError: result.formError }, { status: result.status });
      // Not a redirect: the page's CSP (form-action 'self') blocks a form post from being redirected to
      // the provider. The browser goes there by a top-level navigation (a script, or a link without one).
      return data<AuthActionData>({ intent, ok: true, provider, authorizationUrl: result.redirectTo }, { headers: cookieHeaders(result.setCookies) });
    }
    default:
      return data<AuthActionData>({ intent: "login", formError: t("auth.login.loginFailed") }, { status: 400 });
  }
}
