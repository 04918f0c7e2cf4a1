import { data, href, redirect, useFetcher } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { dbContext } from "~/lib/db-context.server";
import { resetLink, resetPassword } from "~/modules/auth/flows.server";
import { resetPasswordSchema } from "~/modules/auth/validation";
import { validate, type FieldErrors } from "~/lib/form-validation";
import type { Route } from "./+types/reset-password";

interface ResetPasswordData {
  fieldErrors?: FieldErrors;
  formError?: string;
}

/** The emailed link passes through /api/auth/reset-password/{token}, which lands here with ?token= or ?error=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.has("error") ? "" : (url.searchParams.get("token") ?? "");
  const link = await resetLink(context.get(dbContext), token);
  // An invitation (an account made at checkout) sets a first password: there is nothing to replace.
  const title = link.valid && link.firstPassword ? "Set your password" : "Choose a new password";
  return { token: link.valid ? token : "", title };
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
  // Every old session is gone (revokeSessionsOnPasswordReset); log in afresh.
  throw redirect(`${href("/auth")}?step=login&reset=done`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Choose a new password" }, { name: "robots", content: "noindex" }];

/** /reset-password: set a new password with the sign-up rules. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ResetPasswordData>({ key: "reset-password" });
  const result = fetcher.data ?? actionData;
  const { fields, formProps } = useValidatedForm(resetPasswordSchema, result?.fieldErrors);
  const busy = fetcher.state !== "idle";

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

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">{loaderData.title}</h1>
      <FormAlert message={result?.formError} />
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField label="New password" name="password" type="password" autoComplete="new-password" error={fields.password.errors?.[0]} />
        <TextField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" error={fields.confirmPassword.errors?.[0]} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </fetcher.Form>
    </main>
  );
}
