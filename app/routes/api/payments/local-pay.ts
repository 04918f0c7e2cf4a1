import { data } from "react-router";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { sendInvitation } from "~/modules/auth/flows.server";
import { clientIp, getViewer } from "~/modules/auth/session.server";
import { trackJoined, trackSubscribedPaid } from "~/modules/analytics/track.server";
import { payLocalCheckout } from "~/modules/memberships/checkout.server";
import { paymentProviderName } from "~/modules/memberships/providers/choose.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/local-pay";

/** POST /api/payments/local/pay: the local test provider's card payment (test cards only, no real charge). */
export async function action({ request, context }: Route.ActionArgs) {
  if (paymentProviderName() !== "local") return data({ ok: false, error: "Not found" }, { status: 404 });
  const limit = await hit(`local-pay:${clientIp(context)}`, { limit: 60, windowMs: 10 * 60 * 1000 });
  if (!limit.allowed) return data({ ok: false, error: "Too many attempts. Please wait a few minutes and try again." }, { status: 429 });
  const viewer = getViewer(context);
  const form = Object.fromEntries(await request.formData());
  const db = await getDb();
  const result = await payLocalCheckout(db, { userId: viewer.user?.id ?? null }, form);
  if (!result.ok) return data({ ok: false, error: result.error, field: result.field ?? null }, { status: result.status });
  await trackSubscribedPaid(db, context, viewer, {
    tier: result.tier,
    interval: result.interval,
    isAuthenticated: Boolean(viewer.user),
    userId: result.userId,
  });
  if (result.createdAccountEmail) {
    await trackJoined(db, context, viewer, { userId: result.userId, method: "email" });
    try {
      await sendInvitation(result.createdAccountEmail, request, context);
    } catch (error) {
      // The membership is paid and kept; the buyer can still ask for a login link.
      logger.error({ err: error }, "could not send the invitation after a purchase");
    }
  }
  return data({ ok: true, redirectTo: result.redirectTo });
}
