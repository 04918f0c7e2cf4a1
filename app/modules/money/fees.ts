/**
 * Provider fees. Stripe's is its own, read from the charge's balance transaction
 * (memberships/providers/stripe-invoices.server.ts). The local test provider charges no one, so its
 * fee is this formula, Stripe's standard European card pricing: 1.5% of the payment, rounded to the
 * nearest cent, plus EUR 0.25 (EUR 10.00 → 0.15 + 0.25 = 0.40, the fee of the terms' example). It is
 * never more than the payment itself.
 */
import { cents, shareOf, type Cents } from "./cents";

/** 1.5%, in tenths of a percent. */
export const LOCAL_FEE_PER_MILLE = 15;
export const LOCAL_FEE_FIXED = cents(25);

export function localProviderFee(gross: Cents): Cents {
  return cents(Math.min(gross, shareOf(gross, LOCAL_FEE_PER_MILLE, 1000) + LOCAL_FEE_FIXED));
}
