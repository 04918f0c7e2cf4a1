import { href, redirect } from "react-router";
import { t } from "~/lib/i18n";
import { pageUrl } from "~/lib/page-url";
import { ButtonLink } from "~/components/ui/button";
import { safeRedirect } from "~/lib/safe-redirect";
import { getViewer } from "~/modules/auth/session.server";
import type { Route } from "./+types/confirm";

/**
 * /confirm: where the emailed verification link and social sign-in return.
 * better-auth has already set the session cookie; this sends the user on
 * (creators to onboarding) or explains a failed link.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = getViewer(context);
  const error = url.searchParams.get("error");
  if (viewer.isLoggedIn && !error) {
    // Onboarding opens there; closing it goes on to /explore, as it would on /confirm itself.
    if (url.searchParams.get("type") === "creator") throw redirect(`${href("/creators/apply")}?from=confirm`);
    throw redirect(pageUrl(safeRedirect(url.searchParams.get("next"))));
  }
  return { error: error ?? "unknown" };
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm" }, { name: "robots", content: "noindex" }];

export default function Confirm() {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("auth.confirm.invalid")}</h1>
      <p className="mt-3 text-neutral-700">Links in our emails work once and expire after a while. Log in, or ask for a new link.</p>
      <ButtonLink to={`${href("/auth")}?step=login`} size="none" className="mt-6 inline-block px-5 py-2.5">
        Log in
      </ButtonLink>
    </main>
  );
}
