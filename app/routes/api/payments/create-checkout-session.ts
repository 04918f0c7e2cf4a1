import { data } from "react-router";
import { countryFromAcceptLanguage } from "~/lib/country";
import { dbContext } from "~/lib/db-context.server";
import { getViewer } from "~/modules/auth/session.server";
import { createCheckoutSession } from "~/modules/memberships/checkout.server";
import { paymentProvider } from "~/modules/memberships/providers/choose.server";
import type { Route } from "./+types/create-checkout-session";

/** POST payments/create-checkout-session: { type, creatorId, priceId, redirectUrl } → { clientSecret, country }. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  let body: unknown;
  try {
    body = request.headers.get("content-type")?.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return data({ ok: false, error: "This checkout request is not valid." }, { status: 400 });
  }
  const db = context.get(dbContext);
  const result = await createCheckoutSession(db, { userId: viewer.user?.id ?? null }, body, paymentProvider(db, request));
  if (!result.ok) return data({ ok: false, error: result.error }, { status: result.status });
  // The local checkout's country preselected from the browser's language region, if it names one.
  return data({ ok: true, clientSecret: result.clientSecret, country: countryFromAcceptLanguage(request.headers.get("accept-language")) });
}
