import { data } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { retryAfter } from "~/lib/http-errors";
import { clientIp, getViewer } from "~/modules/auth/session.server";
import { requestScope } from "~/modules/memberships/confirmation.server";
import { paymentProvider } from "~/modules/memberships/providers/choose.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/local-pay";

/** POST /api/payments/local/pay: the local test provider's card payment (test cards only, no real charge). */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const provider = paymentProvider(db, request);
  // Only a provider whose card form posts here pays here: Stripe's pays Stripe.
  if (!provider.payCheckout) return data({ ok: false, error: "Not found" }, { status: 404 });
  const limit = await hit(`local-pay:${clientIp(context)}`, { limit: 60, windowMs: 10 * 60 * 1000 });
  if (!limit.allowed) {
    return data({ ok: false, error: "Too many attempts. Please wait a few minutes and try again." }, { status: 429, headers: retryAfter(limit) });
  }
  const viewer = getViewer(context);
  const form = Object.fromEntries(await request.formData());
  const result = await provider.payCheckout({ userId: viewer.user?.id ?? null, ip: clientIp(context) }, form, requestScope(db, request, context));
  if (!result.ok) return data({ ok: false, error: result.error, field: result.field ?? null }, { status: result.status });
  return data({ ok: true, redirectTo: result.redirectTo });
}
