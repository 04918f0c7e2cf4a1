import { useEffect } from "react";
import { data, href, redirect, useFetcher, useNavigate } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { t } from "~/lib/i18n";
import { dbContext } from "~/lib/db-context.server";
import { pageUrl } from "~/lib/page-url";
import { safeRedirect } from "~/lib/safe-redirect";
import { resetLink, resetPassword } from "~/modules/auth/flows.server";
import { resetPasswordSchema } from "~/modules/auth/validation";
import { validate, type FieldErrors } from "~/lib/form-validation";
import type { Route } from "./+types/reset-password";

interface ResetPasswordData {
  fieldErrors?: FieldErrors;
  formError?: string;
  /** A first password was set and its owner signed in: where they go on (the page they paid on). */
  signedInTo?: string;
}

/** The page to come back to (an invitation's: the page its buyer paid on), held to the same-site rule. */
const nextPage = (value: unknown) => pageUrl(safeRedirect(value, "/"));

/** The emailed link passes through /api/auth/reset-password/{token}, which lands here with ?token= or ?error= (and an invitation's ?next=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.has("error") ? "" : (url.searchParams.get("token") ?? "");
  const link = await resetLink(context.get(dbContext), token);
  // An invitation (an account made at checkout) sets a first password: there is nothing to replace.
  const firstPassword = link.valid && link.firstPassword;
  return {
    token: link.valid ? token : "",
    firstPassword,
    title: firstPassword ? t("auth.reset.first.title") : "Choose a new password",
    next: nextPage(url.searchParams.get("next")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = validate(resetPasswordSchema, form);
  if (!parsed.ok) {
    if (parsed.errors.token) return data<ResetPasswordData>({ formError: t("auth.reset.invalidToken") }, { status: 400 });
    return data<ResetPasswordData>({ fieldErrors: parsed.errors }, { status: 400 });
  }
  const result = await resetPassword(context.get(dbContext), { token: parsed.data.token, password: parsed.data.password }, request, context);
  if (!result.ok) return data<ResetPasswordData>({ formError: result.formError }, { status: result.status });
  const next = nextPage(form.next);
  if (result.firstPassword && result.setCookies.length > 0) {
    // Signed in: the page says so and moves on to where they were (without JavaScript, a link does).
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return data<ResetPasswordData>({ signedInTo: next }, { headers });
  }
  // A changed password signs every session out (revokeSessionsOnPasswordReset): log in afresh, then go on.
  const login = new URLSearchParams({ step: "login", reset: result.firstPassword ? "set" : "done" });
  if (next !== "/") login.set("redirectTo", next);
  throw redirect(`${href("/auth")}?${login}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Choose a new password" }, { name: "robots", content: "noindex" }];

/** /reset-password: set a new password with the sign-up rules; an invitation's first password signs its owner in. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ResetPasswordData>({ key: "reset-password" });
  const navigate = useNavigate();
  const result = fetcher.data ?? actionData;
  const { fields, formProps } = useValidatedForm(resetPasswordSchema, result?.fieldErrors);
  const busy = fetcher.state !== "idle";
  const signedInTo = result?.signedInTo;

  // On once the page's data has been read again after the action (the root's viewer now signed in):
  // a navigation started while that revalidation is still running could be overtaken by it.
  useEffect(() => {
    if (!signedInTo || busy) return;
    toast("success", t("auth.reset.first.done"), t("auth.reset.first.doneText"));
    void navigate(signedInTo, { replace: true });
  }, [signedInTo, busy, navigate]);

  if (signedInTo) {
    return (
      <main className="mx-auto max-w-md px-4 py-12 text-center">
        <h1 className="mb-3 text-2xl font-bold">{t("auth.reset.first.done")}</h1>
        <p className="mb-6 text-neutral-700">{t("auth.reset.first.doneText")}</p>
        <ButtonLink to={signedInTo} size="none" className="inline-block px-5 py-2.5">
          Continue
        </ButtonLink>
      </main>
    );
  }

  if (!loaderData.token) {
    return (
      <main className="mx-auto max-w-md px-4 py-12 text-center">
        <h1 className="mb-3 text-2xl font-bold">{loaderData.title}</h1>
        <FormAlert message={t("auth.reset.invalidToken")} />
        <ButtonLink to={href("/forgot-password")} size="none" className="inline-block px-5 py-2.5">
          Send me a new link
        </ButtonLink>
      </main>
    );
  }

  const first = loaderData.firstPassword;
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">{loaderData.title}</h1>
      <FormAlert message={result?.formError} />
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="next" value={loaderData.next} />
        <TextField
          label={first ? t("auth.reset.first.password") : "New password"}
          name="password"
          type="password"
          autoComplete="new-password"
          error={fields.password.errors?.[0]}
        />
        <TextField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" error={fields.confirmPassword.errors?.[0]} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Saving..." : first ? t("auth.reset.first.submit") : "Set new password"}
        </Button>
      </fetcher.Form>
    </main>
  );
}
