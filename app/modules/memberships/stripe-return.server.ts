/**
 * Runs before the viewer is resolved: a page opened on the way back from a
 * Stripe checkout (payment=success&session_id=…) first records what Stripe
 * says about that session, so the page — and its success dialog — already
 * see the new membership instead of waiting for the webhook.
 */
import type { MiddlewareFunction } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { logger } from "~/lib/logger.server";
import { clientIp } from "~/modules/auth/session.server";
import { sendInvitation } from "~/modules/auth/flows.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { stripeFromEnv } from "./providers/stripe-client.server";
import { syncReturnedCheckout } from "./providers/stripe.server";

export const stripeReturnMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  if (request.method === "GET" && sessionId && url.searchParams.get("payment") === "success") {
    const stripe = stripeFromEnv();
    // Each return costs a call to Stripe: a handful per visitor and minute is plenty.
    const allowed = stripe ? (await hit(`stripe-return:${clientIp(context)}`, { limit: 20, windowMs: 60_000 })).allowed : false;
    if (stripe && allowed) {
      try {
        const db = context.get(dbContext);
        const result = await syncReturnedCheckout(db, stripe, sessionId);
        if (result?.outcome === "synced" && result.invite) await sendInvitation(db, result.invite, request, context);
      } catch (error) {
        // The webhook will record it; the page must still open.
        logger.warn({ err: error, sessionId }, "could not re-read a returned Stripe checkout");
      }
    }
  }
  return next();
};
