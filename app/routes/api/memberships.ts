import { data, href, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { siteUrl } from "~/lib/site-url.server";
import { getViewer } from "~/modules/auth/session.server";
import { changeMembership } from "~/modules/memberships/manage.server";
import { openCustomerPortal } from "~/modules/memberships/portal.server";
import { paymentProvider } from "~/modules/memberships/providers/choose.server";
import { stripeFromEnv } from "~/modules/memberships/providers/stripe-client.server";
import type { Route } from "./+types/memberships";

/**
 * POST /api/memberships: cancel at period end, resume, or switch the interval
 * of one's own membership; or (action "portal") go to Stripe's customer portal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer.user) return data({ ok: false, error: "Log in to manage your membership" }, { status: 401 });
  const db = context.get(dbContext);
  const input = Object.fromEntries(await request.formData());
  if (input.action === "portal") {
    const portal = await openCustomerPortal(db, stripeFromEnv(), viewer.user.id, input, `${siteUrl(request)}${href("/account")}`);
    if (!portal.ok) return data({ ok: false, error: portal.error }, { status: portal.status });
    return redirect(portal.url);
  }
  const result = await changeMembership(db, paymentProvider(db), viewer.user.id, input);
  if (!result.ok) return data({ ok: false, error: result.error }, { status: result.status });
  return data({ ok: true, message: result.message });
}
