import { data, href, Link, redirect, useFetcher } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { actionRetryAfter, retryAfter } from "~/lib/http-errors";
import { safeRedirect } from "~/lib/safe-redirect";
import { getViewer } from "~/modules/auth/session.server";
import { hasPendingChallenge, verifySignInCode } from "~/modules/auth/two-factor.server";
import type { Route } from "./+types/two-factor";

interface TwoFactorData {
  error?: string;
  fieldError?: string;
  /** The challenge is spent or expired: only signing in again helps. */
  restart?: boolean;
}

function signInAgain(redirectTo: string): string {
  return `${href("/auth")}?${new URLSearchParams({ step: "login", ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (getViewer(context).isLoggedIn) throw redirect(redirectTo);
  // Nothing pending (opened directly, or the ten minutes are over): the password comes first.
  if (!hasPendingChallenge(request)) throw redirect(signInAgain(redirectTo));
  return { redirectTo, recovery: url.searchParams.get("method") === "recovery" };
}

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const redirectTo = safeRedirect(text("redirectTo"));
  const kind = text("method") === "recovery" ? "recovery" : "totp";
  const result = await verifySignInCode(context.get(dbContext), { code: text("code"), kind, trustDevice: text("trustDevice") === "on" }, request, context);
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(redirectTo, { headers });
  }
  const restart = result.status !== 400 && !result.field;
  return data<TwoFactorData>(
    { error: result.field ? undefined : result.error, fieldError: result.field ? result.error : undefined, restart },
    { status: result.status, headers: retryAfter(result) },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Two-factor authentication" }, { name: "robots", content: "noindex" }];

/** /auth/two-factor: the second step of a sign-in with two-factor on. Works without JavaScript. */
export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<TwoFactorData>({ key: "two-factor-sign-in" });
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const { redirectTo, recovery } = loaderData;
  const switchTo = `${href("/auth/two-factor")}?${new URLSearchParams({ redirectTo, ...(recovery ? {} : { method: "recovery" }) })}`;

  return (
    <main className="mx-auto max-w-md px-4 py-12" data-testid="two-factor-page">
      <h1 className="mb-2 text-2xl font-bold">Two-factor authentication</h1>
      <p className="mb-6 text-neutral-700">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned two-factor authentication on. Each code works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Spotfolio."}
      </p>
      <FormAlert message={result?.error} />
      {result?.restart ? (
        <p className="mb-6">
          <Link to={signInAgain(redirectTo)} className="font-semibold text-brand-700 hover:underline">
            Sign in again
          </Link>
        </p>
      ) : (
        <fetcher.Form method="post" className="space-y-4" key={recovery ? "recovery" : "totp"}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="method" value={recovery ? "recovery" : "totp"} />
          {recovery ? (
            <TextField label="Recovery code" name="code" autoComplete="off" autoCapitalize="off" spellCheck={false} required error={result?.fieldError} />
          ) : (
            <TextField
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              autoFocus
              error={result?.fieldError}
            />
          )}
          <label className="flex items-center gap-2 text-sm text-neutral-800">
            <input type="checkbox" name="trustDevice" className="h-4 w-4" />
            Trust this device for 30 days
          </label>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Checking..." : "Continue"}
          </Button>
        </fetcher.Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={switchTo} className="font-semibold text-brand-700 hover:underline">
          {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </Link>
      </p>
    </main>
  );
}
