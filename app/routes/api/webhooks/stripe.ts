import { dbContext } from "~/lib/db-context.server";
import { env } from "~/lib/env.server";
import { requestScope } from "~/modules/memberships/confirmation.server";
import { stripeFromEnv } from "~/modules/memberships/providers/stripe-client.server";
import { receiveStripeWebhook } from "~/modules/memberships/providers/stripe-webhook.server";
import type { Route } from "./+types/stripe";

/**
 * POST /api/webhooks/stripe. A resource route (no page): React Router's
 * cross-origin check for form posts applies to page actions only, so
 * Stripe's server-to-server POST reaches this action. The body is read raw,
 * as the signature covers its exact bytes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const stripe = stripeFromEnv();
  const webhookSecret = env().STRIPE_WEBHOOK_SECRET;
  if (!stripe || !webhookSecret) return Response.json({ received: false, error: "Stripe is not configured" }, { status: 404 });
  const db = context.get(dbContext);
  const outcome = await receiveStripeWebhook(await request.text(), request.headers.get("stripe-signature"), {
    stripe,
    webhookSecret,
    db: async () => db,
    scope: requestScope(db, request, context),
  });
  return Response.json(outcome.body, { status: outcome.status });
}
