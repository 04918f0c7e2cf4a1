import { redirect, useSearchParams } from "react-router";
import { actionRetryAfter } from "~/lib/http-errors";
import { AuthPanel } from "~/components/auth/auth-panel";
import { FormAlert } from "~/components/forms/text-field";
import { parseStep, parseUserType, type AuthStep } from "~/components/auth/auth-steps";
import { t } from "~/lib/i18n";
import { pageUrl } from "~/lib/page-url";
import { publicConfig } from "~/modules/site/public-config.server";
import { afterSignIn } from "~/modules/auth/auth-forms";
import { configuredSocialProviders } from "~/modules/auth/auth.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getViewer } from "~/modules/auth/session.server";
import type { Route } from "./+types/auth-page";
import { authAction } from "./auth-action.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = pageUrl(safeRedirect(url.searchParams.get("redirectTo")));
  const userType = parseUserType(url.searchParams.get("type"));
  if (getViewer(context).isLoggedIn) throw redirect(afterSignIn(redirectTo, userType));
  // A password reset ends here; its page says so, since the user is asked to log in again. A first
  // password ends here only when signing in with it at once did not work.
  const reset = url.searchParams.get("reset");
  const notice = reset === "done" ? t("auth.reset.done") : reset === "set" ? t("auth.reset.first.doneLogin") : undefined;
  // A suspended account's emailed or social sign-in ends here (routes/api/auth.ts); only the password form can say why.
  const config = publicConfig();
  const refused = url.searchParams.get("suspended") === "1" ? t("auth.login.accountSuspendedLink", { infoEmail: config.infoEmail }) : undefined;
  return { redirectTo, userType, notice, refused, socialProviders: configuredSocialProviders(), productName: config.productName };
}

export const headers = actionRetryAfter;

export function action({ request, context }: Route.ActionArgs) {
  return authAction(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: t("auth.join", { product: loaderData?.productName ?? "Spotfolio" }) },
  { name: "robots", content: "noindex" },
];

/** /auth: the auth dialog's flow as a page; its forms work without JavaScript. */
export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  // After a post without JavaScript the answer belongs to the form that was sent.
  const answered = actionData && actionData.intent !== "social" ? actionData.intent : undefined;
  const step = answered ?? parseStep(params.get("step"));
  const setStep = (next: AuthStep) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set("step", next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-2xl font-bold">{t("auth.join", { product: loaderData.productName })}</h1>
      <div className="rounded-2xl border border-neutral-200 p-6 shadow-sm">
        {step === "login" ? <FormAlert tone="success" message={loaderData.notice} /> : null}
        {step === "login" && !actionData ? <FormAlert message={loaderData.refused} /> : null}
        <AuthPanel
          step={step}
          onStepChange={setStep}
          userType={loaderData.userType}
          redirectTo={loaderData.redirectTo}
          mode="page"
          socialProviders={loaderData.socialProviders}
          productName={loaderData.productName}
          actionData={actionData}
        />
      </div>
    </main>
  );
}
