import { data, href, Link, useFetcher } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { dbContext } from "~/lib/db-context.server";
import { actionRetryAfter, retryAfter } from "~/lib/http-errors";
import { requestPasswordReset } from "~/modules/auth/flows.server";
import { forgotPasswordSchema } from "~/modules/auth/validation";
import { validate, type FieldErrors } from "~/lib/form-validation";
import type { Route } from "./+types/forgot-password";

interface ForgotPasswordData {
  fieldErrors?: FieldErrors;
  formError?: string;
  sentTo?: string;
  email?: string;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = validate(forgotPasswordSchema, form);
  if (!parsed.ok) return data<ForgotPasswordData>({ fieldErrors: parsed.errors, email: String(form.email ?? "") }, { status: 400 });
  const result = await requestPasswordReset(context.get(dbContext), { email: parsed.data.email }, request, context);
  if (!result.ok)
    return data<ForgotPasswordData>({ formError: result.formError, email: parsed.data.email }, { status: result.status, headers: retryAfter(result) });
  // The same answer whether or not the address has an account.
  return data<ForgotPasswordData>({ sentTo: parsed.data.email });
}

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password?" }, { name: "robots", content: "noindex" }];

/** /forgot-password: ask for a reset link by email. Works without JavaScript. */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ForgotPasswordData>({ key: "forgot-password" });
  const result = fetcher.data ?? actionData;
  const { fields, formProps } = useValidatedForm(forgotPasswordSchema, result?.fieldErrors);
  const busy = fetcher.state !== "idle";

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-2xl font-bold">Forgot your password?</h1>
      <p className="mb-6 text-neutral-700">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <FormAlert message={result?.formError} />
      {result?.sentTo ? (
        <div data-testid="reset-sent">
          <FormAlert tone="success" message={t("auth.reset.sent", { email: result.sentTo })} />
        </div>
      ) : null}
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={result?.email} error={fields.email.errors?.[0]} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </fetcher.Form>
      <p className="mt-6 text-center text-sm">
        <Link to={`${href("/auth")}?step=login`} className="font-semibold text-brand-700 hover:underline">
          Back to login
        </Link>
      </p>
    </main>
  );
}
