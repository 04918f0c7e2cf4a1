/**
 * The payment provider in use: Stripe when STRIPE_SECRET_KEY is set,
 * otherwise the built-in local test provider. The request, when given, is
 * where a Stripe checkout returns the buyer to (PUBLIC_URL wins when set).
 */
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { siteUrl } from "~/lib/site-url.server";
import { localProvider } from "./local.server";
import type { PaymentProvider } from "./provider";
import { stripeFromEnv } from "./stripe-client.server";
import { stripeProvider } from "./stripe.server";

export function paymentProvider(db: Database, request?: Request): PaymentProvider {
  const stripe = stripeFromEnv();
  if (stripe) return stripeProvider(db, stripe, { siteOrigin: request ? siteUrl(request) : undefined });
  return localProvider(db);
}

/** Which card form the browser shows (the same rule as above, without building a client). */
export function paymentProviderName(): PaymentProvider["name"] {
  return env().STRIPE_SECRET_KEY ? "stripe" : "local";
}
