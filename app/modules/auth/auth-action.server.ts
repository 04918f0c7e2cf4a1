/**
 * One action for every auth form (the /auth page and the dialogs post here):
 * intent login | signup | magiclink | social. Without JavaScript a success
 * redirects; from a dialog (`mode=dialog`) it answers with data so the page
 * stays put and the interrupted action can continue.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { t } from "~/lib/i18n";
import { requestMagicLink, signIn, signUp, startSocialSignIn, type FlowResult, type UserType } from "./flows.server";
import { safeRedirect } from "./session.server";
import { loginSchema, magicLinkSchema, signupSchema, validate, type FieldErrors } from "./validation";

export type AuthIntent = "login" | "signup" | "magiclink" | "social";

export interface AuthActionData {
  intent: AuthIntent;
  ok?: boolean;
  fieldErrors?: FieldErrors;
  formError?: string;
  /** Sign-up done: the address the confirmation went to. */
  checkEmail?: string;
  /** Magic link requested. */
  magicLinkSent?: boolean;
  email?: string;
}

function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Where a signed-in user goes next: creators on to onboarding. */
export function afterSignIn(next: string, userType: UserType): string {
  return userType === "creator" ? "/creators/apply" : next;
}

function failure(intent: AuthIntent, result: Extract<FlowResult, { ok: false }>, email?: string) {
  return data<AuthActionData>({ intent, formError: result.formError, email }, { status: result.status });
}

export async function authAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = values.intent as AuthIntent;
  const dialog = values.mode === "dialog";
  const next = safeRedirect(values.redirectTo);
  const userType: UserType = values.userType === "creator" ? "creator" : "user";

  switch (intent) {
    case "login": {
      const parsed = validate(loginSchema, values);
      if (!parsed.ok) return data<AuthActionData>({ intent, fieldErrors: parsed.errors, email: values.email }, { status: 400 });
      const result = await signIn(parsed.data, request, context);
      if (!result.ok) return failure(intent, result, parsed.data.email);
      const headers = cookieHeaders(result.setCookies);
      if (dialog) return data<AuthActionData>({ intent, ok: true }, { headers });
      throw redirect(afterSignIn(next, userType), { headers });
    }
    case "signup": {
      const parsed = validate(signupSchema, values);
      if (!parsed.ok) return data<AuthActionData>({ intent, fieldErrors: parsed.errors, email: values.email }, { status: 400 });
      const result = await signUp({ email: parsed.data.email, password: parsed.data.password, userType, next }, request, context);
      if (!result.ok) return failure(intent, result, parsed.data.email);
      return data<AuthActionData>({ intent, ok: true, checkEmail: parsed.data.email });
    }
    case "magiclink": {
      const parsed = validate(magicLinkSchema, values);
      if (!parsed.ok) return data<AuthActionData>({ intent, fieldErrors: parsed.errors, email: values.email }, { status: 400 });
      const result = await requestMagicLink({ email: parsed.data.email, next: afterSignIn(next, userType) }, request, context);
      if (!result.ok) return failure(intent, result, parsed.data.email);
      return data<AuthActionData>({ intent, ok: true, magicLinkSent: true, email: parsed.data.email });
    }
    case "social": {
      const result = await startSocialSignIn({ provider: values.provider ?? "", next, userType }, request, context);
      if (!result.ok) return failure(intent, result);
      throw redirect(result.redirectTo ?? "/", { headers: cookieHeaders(result.setCookies) });
    }
    default:
      return data<AuthActionData>({ intent: "login", formError: t("auth.login.loginFailed") }, { status: 400 });
  }
}
