/**
 * The Stripe API client, built from configuration. STRIPE_API_BASE points it
 * at another host (a local stand-in in tests); the API version is the one this
 * SDK release is pinned to, so the shapes read in stripe.server.ts are the
 * ones its types describe.
 */
import Stripe from "stripe";
import { env } from "~/lib/env.server";

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const config: Stripe.StripeConfig = {
    // Creating a session or changing a subscription is idempotent on retry (the SDK adds keys).
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Spotfolio" },
  };
  if (apiBase) {
    const url = new URL(apiBase);
    const protocol = url.protocol === "http:" ? "http" : "https";
    config.protocol = protocol;
    config.host = url.hostname;
    config.port = url.port || (protocol === "http" ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

let cached: { key: string; client: Stripe } | undefined;

/** The configured client, or null when STRIPE_SECRET_KEY is unset (the local test provider is used). */
export function stripeFromEnv(): Stripe | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: apiBase } = env();
  if (!secretKey) return null;
  const key = `${secretKey}\n${apiBase ?? ""}`;
  if (cached?.key !== key) cached = { key, client: createStripeClient(secretKey, apiBase) };
  return cached.client;
}
