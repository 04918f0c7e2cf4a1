import { data } from "react-router";
import { z } from "zod";
import { dbContext } from "~/lib/db-context.server";
import { retryAfter } from "~/lib/http-errors";
import { clientIp, getViewer } from "~/modules/auth/session.server";
import { acceptForCheckout } from "~/modules/memberships/checkout-privacy.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/privacy-acceptance";

const body = z.object({ sessionId: z.string().max(300) });

/**
 * POST /api/payments/privacy-acceptance { sessionId }: an anonymous buyer paying with Stripe ticked
 * the privacy-policy box; kept with their address until the purchase makes their account. A signed-in
 * buyer accepted it at sign-up: nothing to keep.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const limit = await hit(`privacy-acceptance:${clientIp(context)}`, { limit: 60, windowMs: 10 * 60 * 1000 });
  if (!limit.allowed)
    return data({ ok: false, error: "Too many attempts. Please wait a few minutes and try again." }, { status: 429, headers: retryAfter(limit) });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ ok: false, error: "A checkout session is required." }, { status: 400 });
  if (getViewer(context).user) return data({ ok: true });
  const kept = await acceptForCheckout(context.get(dbContext), parsed.data.sessionId, clientIp(context));
  return kept ? data({ ok: true }) : data({ ok: false, error: "A checkout session is required." }, { status: 400 });
}
