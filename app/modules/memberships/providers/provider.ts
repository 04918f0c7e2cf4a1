/** What memberships need from a payment provider; Stripe and the local test provider both answer it. */
import type { ConfirmationScope } from "../confirmation.server";
import type { Interval, Tier } from "../plans";

export interface CheckoutRequest {
  tier: Tier;
  interval: Interval;
  priceId: string;
  creatorId: string | null;
  /** The buyer when signed in; anonymous buyers give their email in the card form. */
  userId: string | null;
  email: string | null;
  /** Where the buyer lands after paying (a path on this site with payment=success and tier). */
  returnPath: string;
}

/** A subscription as we keep it, enough for the provider to find and change its own. */
export interface ProviderSubscriptionRef {
  provider: "local" | "stripe";
  providerSubscriptionId: string;
  providerCustomerId: string | null;
}

export interface SubscriptionChange {
  /** Stop (true) or resume (false) renewal at the end of the current period. */
  cancelAtPeriodEnd?: boolean;
  /** Move to the other interval's price of the same tier. */
  priceId?: string;
}

/** A checkout paid on our server: where the buyer goes next, or why it failed (`status` as HTTP would say it, `field` the form field at fault). */
export type PaymentResult =
  | { ok: true; redirectTo: string; createdAccountEmail: string | null; userId: string; tier: Tier; interval: Interval }
  | { ok: false; status: number; error: string; field?: string };

export interface PaymentProvider {
  name: "local" | "stripe";
  /** Opens a checkout session; the browser's card form uses its client secret. */
  createCheckoutSession(request: CheckoutRequest): Promise<{ clientSecret: string }>;
  /**
   * Changes a subscription at the provider. The provider's answer reaches our
   * tables through the same upsert as a payment (for Stripe: re-read and
   * upserted right away, and again by the webhook; both converge).
   */
  changeSubscription(ref: ProviderSubscriptionRef, change: SubscriptionChange): Promise<void>;
  /**
   * Pays a checkout session with the card form's fields, on our server, and
   * runs what follows a confirmed membership in `scope`. Only a provider
   * whose card form posts to us has it (the local test provider); Stripe's
   * card form pays Stripe directly. `buyer.ip` is the request's client
   * address, recorded with an anonymous buyer's privacy-policy acceptance.
   */
  payCheckout?(buyer: { userId: string | null; ip: string }, input: unknown, scope: ConfirmationScope): Promise<PaymentResult>;
}
