import { env } from "~/lib/env.server";
import type { Plans } from "./plans";

/** The plans as configured (defaults: Premium €5/€48, Supporter €10/€100). */
export function configuredPlans(): Plans {
  const e = env();
  return {
    premium: {
      month: { priceId: e.PRICE_PREMIUM_MONTH_ID, amountCents: e.PRICE_PREMIUM_MONTH_CENTS },
      year: { priceId: e.PRICE_PREMIUM_YEAR_ID, amountCents: e.PRICE_PREMIUM_YEAR_CENTS },
    },
    supporter: {
      month: { priceId: e.PRICE_SUPPORTER_MONTH_ID, amountCents: e.PRICE_SUPPORTER_MONTH_CENTS },
      year: { priceId: e.PRICE_SUPPORTER_YEAR_ID, amountCents: e.PRICE_SUPPORTER_YEAR_CENTS },
    },
  };
}
