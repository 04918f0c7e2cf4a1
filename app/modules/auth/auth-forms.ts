/** What the auth forms (the /auth page and the dialogs) send and get back. */
import type { UserType } from "./flows.server";
import type { FieldErrors } from "~/lib/form-validation";

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
  /** Social sign-in: the provider asked for and where the browser goes to sign in with it. */
  provider?: string;
  authorizationUrl?: string;
  /** Login with two-factor on: the page that asks for the code (a dialog's page goes there). */
  twoFactorUrl?: string;
}

/** Where a signed-in user goes next: creators on to onboarding. */
export function afterSignIn(next: string, userType: UserType): string {
  return userType === "creator" ? "/creators/apply" : next;
}
