import { postHogConfig } from "~/modules/analytics";
import { configuredSocialProviders } from "~/modules/auth/index.server";
import { configuredPlans } from "~/modules/memberships/index.server";
import { paymentProviderName } from "~/modules/memberships/index.server";
import { basemapSettings } from "~/modules/basemap/index.server";
import { env } from "~/lib/env.server";

/** Settings the browser may see (never secrets). */
export function publicConfig() {
  const e = env();
  return {
    productName: e.PRODUCT_NAME,
    infoEmail: e.INFO_EMAIL,
    helpUrl: e.HELP_URL,
    buildCheckIntervalMs: e.BUILD_CHECK_INTERVAL_MS,
    /** Sign-in providers with credentials configured; the others' buttons are hidden. */
    socialProviders: configuredSocialProviders() as string[],
    /** The interactive maps' street map (OpenFreeMap, MAP_STYLE_URL, the self-hosted archive, or offline only); offline when it does not answer. */
    basemap: basemapSettings(e).basemap,
    /** Membership plans with their price ids (public at any payment provider). */
    plans: configuredPlans(),
    /** PostHog's public project key and hosts when POSTHOG_KEY is set; null: PostHog is off. */
    posthog: postHogConfig(e.POSTHOG_KEY, e.POSTHOG_HOST),
    /** Which card form checkout shows; Stripe's needs its publishable key (the secret key never leaves the server). */
    payments: {
      provider: paymentProviderName(),
      stripePublishableKey: paymentProviderName() === "stripe" ? (e.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
