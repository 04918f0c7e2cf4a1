/**
 * The buyer's return from a Stripe checkout (payment=success&session_id=… on
 * the page they bought from). The root records it before it resolves the
 * viewer, so the page — and its success dialog — already see the new
 * membership instead of waiting for the webhook; and it runs in the buyer's
 * own request, so the purchase is credited to their last-click creator.
 */
import type Stripe from "stripe";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { afterMembershipConfirmed, type ConfirmationScope } from "./confirmation.server";
import { syncReturnedCheckout } from "./providers/stripe.server";

export async function recordStripeReturn(db: Database, stripe: Stripe, sessionId: string, scope: ConfirmationScope): Promise<void> {
  try {
    const result = await syncReturnedCheckout(db, stripe, sessionId);
    if (result?.outcome === "synced") await afterMembershipConfirmed(db, result, scope);
  } catch (error) {
    // The webhook will record it; the page must still open.
    logger.warn({ err: error, sessionId }, "could not re-read a returned Stripe checkout");
  }
}
