import { data, href, redirect } from "react-router";
import { isConsent } from "~/modules/analytics/consent";
import { clearAnalyticsCookies, consentCookie, setCookie } from "~/modules/analytics/cookies.server";
import { secureCookies } from "~/modules/analytics/request.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/consent";

/**
 * POST /api/consent (choice=granted|denied, redirectTo): records the visitor's
 * choice about analytics cookies and goes back to the page they were on (a
 * full page load, so PostHog starts or is gone). Refusing deletes the
 * analytics cookies already set.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("choice");
  if (!isConsent(choice)) return data({ error: "Choose to accept or refuse analytics cookies." }, { status: 400 });
  const secure = secureCookies();
  const headers = new Headers();
  headers.append("Set-Cookie", await setCookie(consentCookie, choice, secure));
  if (choice === "denied") for (const cookie of await clearAnalyticsCookies(request.headers.get("cookie"), secure)) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirect(form.get("redirectTo")), { status: 303, headers });
}

export function loader() {
  return redirect(`${href("/info/:slug", { slug: "cookie-policy" })}#cookie-settings`);
}
