import { MailCheck } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button, buttonClass } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { t } from "~/lib/i18n";
import type { AuthActionData, AuthIntent } from "~/modules/auth/auth-forms";
import { loginSchema, magicLinkSchema, signupSchema } from "~/modules/auth/validation";
import { MAGIC_LINK_RESEND_SECONDS, type AuthStep, type UserType } from "./auth-steps";
import { PrivacyConsent } from "./privacy-consent";

export interface AuthPanelProps {
  step: AuthStep;
  onStepChange: (step: AuthStep) => void;
  userType: UserType;
  redirectTo: string;
  /** "dialog": answers come back as data and `onSuccess` runs; "page": the server redirects. */
  mode: "page" | "dialog";
  socialProviders: string[];
  productName: string;
  /** The action's answer to a no-JavaScript post (page mode). */
  actionData?: AuthActionData;
  onSuccess?: () => void;
  /** Closes the dialog without a login (an ordinary user's sign-up: the notice becomes a toast). */
  onClose?: () => void;
}

/** The auth container: switches between login, signup and magiclink. */
export function AuthPanel(props: AuthPanelProps) {
  return (
    <div data-testid={`auth-${props.step}`}>
      {props.step === "login" ? <LoginForm {...props} /> : null}
      {props.step === "signup" ? <SignupForm {...props} /> : null}
      {props.step === "magiclink" ? <MagicLinkForm {...props} /> : null}
    </div>
  );
}

function useAuthFetcher(intent: AuthIntent, props: AuthPanelProps) {
  const fetcher = useFetcher<AuthActionData>({ key: `auth-${intent}-${props.mode}` });
  const fromPage = props.actionData?.intent === intent ? props.actionData : undefined;
  const result = fetcher.data ?? fromPage;
  return { fetcher, result, busy: fetcher.state !== "idle" };
}

function HiddenFields({ intent, props }: { intent: AuthIntent; props: AuthPanelProps }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="mode" value={props.mode} />
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <input type="hidden" name="userType" value={props.userType} />
    </>
  );
}

// Full width in the panel; a disabled one (a request running, the resend wait) shows it cannot be pressed.
const fullWidth = "w-full disabled:cursor-not-allowed";
const secondaryButton = buttonClass({ variant: "secondary", className: `${fullWidth} text-neutral-800` });
const linkButton = buttonClass({ variant: "link", className: "underline-offset-2" });

function LoginForm(props: AuthPanelProps) {
  const { fetcher, result, busy } = useAuthFetcher("login", props);
  const { fields, formProps } = useValidatedForm(loginSchema, result?.fieldErrors);
  const done = useRef(false);

  useEffect(() => {
    // Two-factor on: the code is asked on its own page (from a dialog too), which brings the user back.
    const twoFactorUrl = fetcher.data?.twoFactorUrl;
    if (twoFactorUrl && !done.current) {
      done.current = true;
      window.location.assign(twoFactorUrl);
      return;
    }
    // Wait for the revalidation after the action, so the page already knows the user.
    if (props.mode === "dialog" && fetcher.state === "idle" && fetcher.data?.ok && !done.current) {
      done.current = true;
      props.onSuccess?.();
    }
  }, [fetcher.state, fetcher.data, props]);

  return (
    <div>
      <h2 className="mb-4 text-lg font-semibold">{t("auth.login.title")}</h2>
      <FormAlert message={result?.formError} />
      <fetcher.Form method="post" action={href("/auth")} {...formProps} className="space-y-4">
        <HiddenFields intent="login" props={props} />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={result?.email} error={fields.email.errors?.[0]} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" error={fields.password.errors?.[0]} />
        <div className="text-right text-sm">
          <Link to={href("/forgot-password")} className={linkButton}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className={fullWidth} disabled={busy}>
          {busy ? "Logging in..." : "Log in"}
        </Button>
      </fetcher.Form>
      <div className="mt-3 space-y-3">
        <StepSwitch to="magiclink" props={props} className={`${secondaryButton} flex items-center justify-center`}>
          Email me a magic link
        </StepSwitch>
        <SocialButtons {...props} />
      </div>
      <p className="mt-6 text-center text-sm text-neutral-700">
        New to {props.productName}?{" "}
        <StepSwitch to="signup" props={props} className={linkButton}>
          Join for free
        </StepSwitch>
      </p>
    </div>
  );
}

function SignupForm(props: AuthPanelProps) {
  const { fetcher, result, busy } = useAuthFetcher("signup", props);
  const { fields, formProps } = useValidatedForm(signupSchema, result?.fieldErrors);
  const privacyError = fields.privacy.errors?.[0];
  const closed = useRef(false);

  // Spec section 4: after sign-up a creator goes on to onboarding; anyone else's dialog closes,
  // and the check-your-email notice goes with them as a toast.
  useEffect(() => {
    const email = fetcher.data?.checkEmail;
    if (props.mode !== "dialog" || props.userType === "creator" || !email || !props.onClose || closed.current) return;
    closed.current = true;
    toast("success", t("auth.signup.checkEmail"), t("auth.signup.checkEmailText", { email }));
    props.onClose();
  }, [fetcher.data, props]);

  if (result?.checkEmail) {
    return (
      <div className="py-4 text-center" data-testid="check-email">
        <MailCheck aria-hidden className="mx-auto mb-3 size-10 text-brand-600" />
        <h2 className="text-lg font-semibold">{t("auth.signup.checkEmail")}</h2>
        <p className="mt-2 text-neutral-700">{t("auth.signup.checkEmailText", { email: result.checkEmail })}</p>
      </div>
    );
  }

  return (
    <div>
      <h2 className="mb-4 text-lg font-semibold">{props.userType === "creator" ? "Create your creator account" : t("auth.signup.title")}</h2>
      <FormAlert message={result?.formError} />
      <fetcher.Form method="post" action={href("/auth")} {...formProps} className="space-y-4">
        <HiddenFields intent="signup" props={props} />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={result?.email} error={fields.email.errors?.[0]} />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" error={fields.password.errors?.[0]} />
        <TextField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" error={fields.confirmPassword.errors?.[0]} />
        <PrivacyConsent id={`privacy-${props.mode}`} error={privacyError} productName={props.productName} />
        <Button type="submit" className={fullWidth} disabled={busy}>
          {busy ? "Signing up..." : "Sign up"}
        </Button>
      </fetcher.Form>
      <div className="mt-3 space-y-3">
        <SocialButtons {...props} />
      </div>
      <p className="mt-6 text-center text-sm text-neutral-700">
        Already have an account?{" "}
        <StepSwitch to="login" props={props} className={linkButton}>
          Log in
        </StepSwitch>
      </p>
    </div>
  );
}

function MagicLinkForm(props: AuthPanelProps) {
  const { fetcher, result, busy } = useAuthFetcher("magiclink", props);
  const { fields, formProps } = useValidatedForm(magicLinkSchema, result?.fieldErrors);
  const [secondsLeft, setSecondsLeft] = useState(0);
  // A new success starts the 60-second resend wait (state adjusted while rendering, not in an effect).
  const [counted, setCounted] = useState<AuthActionData | undefined>(undefined);
  if (result !== counted) {
    setCounted(result);
    if (result?.magicLinkSent) setSecondsLeft(MAGIC_LINK_RESEND_SECONDS);
  }
  const toasted = useRef<AuthActionData | undefined>(undefined);

  // Each answer is announced once with a toast.
  useEffect(() => {
    if (!result || toasted.current === result) return;
    toasted.current = result;
    if (result.magicLinkSent) {
      toast("success", t("auth.magicLink.sent"), t("auth.magicLink.sentText"));
    } else if (result.formError) {
      toast("error", t("auth.magicLink.failed"), result.formError === t("auth.magicLink.failed") ? undefined : result.formError);
    }
  }, [result]);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const waiting = secondsLeft > 0;
  return (
    <div>
      <h2 className="mb-2 text-lg font-semibold">Log in with a magic link</h2>
      <p className="mb-4 text-sm text-neutral-700">We will email you a link that logs you in, no password needed.</p>
      <FormAlert message={magicLinkFailure(result?.formError)} />
      {result?.magicLinkSent ? <FormAlert tone="success" message={t("auth.magicLink.sentText")} /> : null}
      <fetcher.Form method="post" action={href("/auth")} {...formProps} className="space-y-4">
        <HiddenFields intent="magiclink" props={props} />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={result?.email} error={fields.email.errors?.[0]} />
        <Button type="submit" className={fullWidth} disabled={busy || waiting}>
          {busy ? "Sending..." : waiting ? `Resend in ${secondsLeft}s` : result?.magicLinkSent ? "Resend magic link" : "Send magic link"}
        </Button>
      </fetcher.Form>
      <p className="mt-6 text-center text-sm">
        <StepSwitch to="login" props={props} className={linkButton}>
          Back to login
        </StepSwitch>
      </p>
    </div>
  );
}

/** Spec section 8: a failure says 'Failed to send magic link', then the reason when there is one. */
function magicLinkFailure(formError: string | undefined): string | undefined {
  if (!formError) return undefined;
  const failed = t("auth.magicLink.failed");
  return formError === failed ? failed : `${failed}. ${formError}`;
}

/** Moves between steps: a button in the dialog, a real link on the page (works without JavaScript). */
function StepSwitch({ to, props, className, children }: { to: AuthStep; props: AuthPanelProps; className: string; children: ReactNode }) {
  const location = useLocation();
  if (props.mode === "dialog") {
    return (
      <button type="button" className={className} onClick={() => props.onStepChange(to)}>
        {children}
      </button>
    );
  }
  const params = new URLSearchParams(location.search);
  params.set("step", to);
  return (
    <Link
      to={`${location.pathname}?${params}`}
      replace
      preventScrollReset
      className={className}
      onClick={(event) => {
        event.preventDefault();
        props.onStepChange(to);
      }}
    >
      {children}
    </Link>
  );
}

const PROVIDER_LABELS: Record<string, string> = { google: "Google", facebook: "Facebook" };

/** Google (and Facebook) sign-in; hidden when the provider is not configured. */
function SocialButtons(props: AuthPanelProps) {
  if (props.socialProviders.length === 0) return null;
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-neutral-500">
        <span className="h-px flex-1 bg-neutral-200" /> or <span className="h-px flex-1 bg-neutral-200" />
      </div>
      {props.socialProviders.map((provider) => (
        <SocialButton key={provider} provider={provider} props={props} />
      ))}
    </>
  );
}

/**
 * The server starts the sign-in and answers with the provider's authorization URL; the browser
 * then leaves by a top-level navigation, which the CSP's form-action 'self' does not govern (a
 * redirect answering the post would be blocked). Without JavaScript the answer is a link to it.
 */
function SocialButton({ provider, props }: { provider: string; props: AuthPanelProps }) {
  const fetcher = useFetcher<AuthActionData>({ key: `auth-social-${provider}-${props.mode}` });
  const fromPage = props.actionData?.intent === "social" && props.actionData.provider === provider ? props.actionData : undefined;
  const result = fetcher.data ?? fromPage;
  const label = PROVIDER_LABELS[provider] ?? provider;
  const leaving = useRef<string | undefined>(undefined);

  useEffect(() => {
    const url = fetcher.data?.authorizationUrl;
    if (url && leaving.current !== url) {
      leaving.current = url;
      window.location.assign(url);
    }
  }, [fetcher.data]);

  return (
    <div>
      <FormAlert message={result?.formError} />
      {fromPage?.authorizationUrl && !fetcher.data ? (
        <a href={fromPage.authorizationUrl} className={`${secondaryButton} flex items-center justify-center`}>
          Continue to {label}
        </a>
      ) : (
        <fetcher.Form method="post" action={href("/auth")}>
          <HiddenFields intent="social" props={props} />
          <input type="hidden" name="provider" value={provider} />
          <Button
            type="submit"
            variant="secondary"
            className={`${fullWidth} text-neutral-800`}
            disabled={fetcher.state !== "idle" || Boolean(fetcher.data?.authorizationUrl)}
          >
            Continue with {label}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
