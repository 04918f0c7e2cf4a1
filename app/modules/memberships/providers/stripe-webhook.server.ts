/**
 * Stripe's webhook (POST /api/webhooks/stripe). The signature is checked on
 * the raw body before anything else. An event only tells us which
 * subscription changed: the subscription itself is re-read from Stripe and
 * upserted, so duplicates and out-of-order deliveries all end on Stripe's
 * current state. An invoice event's invoice is then re-read and recorded as
 * a payment the same way. What follows a confirmed membership runs for the
 * event that started it (or made the buyer's account), never again for its
 * repeats, nor when the buyer's return from Stripe already ran it.
 * Refunds and disputes (charge.refunded, charge.dispute.*) are booked in the money ledger the same
 * way: re-read from Stripe, once each (stripe-refunds.server.ts).
 */
import type Stripe from "stripe";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { recordCheckoutAcceptance } from "../checkout-privacy.server";
import { afterMembershipConfirmed, type ConfirmationScope } from "../confirmation.server";
import { invoiceSubscriptionId, recordStripeInvoice } from "./stripe-invoices.server";
import { moneyEventOf, recordStripeDispute, recordStripeRefunds } from "./stripe-refunds.server";
import { syncStripeSubscription, type SyncResult } from "./stripe.server";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * The subscription an event is about: subscription created/updated/deleted,
 * a subscription-mode checkout completed, an invoice paid or failed. Null for
 * every other event (acknowledged and ignored).
 */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    case "checkout.session.completed": {
      const session = event.data.object;
      return session.mode === "subscription" ? idOf(session.subscription) : null;
    }
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed":
      return invoiceSubscriptionId(event.data.object);
    default:
      return null;
  }
}

/** The invoice a payment event is about (recorded as a payment), or null. */
export function invoiceIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed":
      return event.data.object.id ?? null;
    default:
      return null;
  }
}

export interface WebhookOutcome {
  status: 200 | 400;
  body: { received: boolean; error?: string; ignored?: string; subscription?: string };
  /** Emails of accounts created for anonymous buyers, invited to set a password. */
  invitations: string[];
}

export interface WebhookDeps {
  stripe: Stripe;
  webhookSecret: string;
  /** Opened only for a verified event about a subscription. */
  db: () => Promise<Database>;
  /** The webhook's own request: Stripe's servers, so no visitor and no last-click creator. */
  scope: ConfirmationScope;
}

export async function receiveStripeWebhook(rawBody: string, signature: string | null, deps: WebhookDeps): Promise<WebhookOutcome> {
  if (!signature) return { status: 400, body: { received: false, error: "Missing Stripe-Signature header" }, invitations: [] };
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch (error) {
    logger.warn({ err: error }, "Stripe webhook with a bad signature refused");
    return { status: 400, body: { received: false, error: "Invalid signature" }, invitations: [] };
  }

  const money = moneyEventOf(event);
  if (money) {
    // As below: a failure to reach Stripe or the database throws, and Stripe delivers again.
    const db = await deps.db();
    const outcome =
      money.type === "refund"
        ? await recordStripeRefunds(db, deps.stripe, money.chargeId)
        : await recordStripeDispute(db, deps.stripe, money.disputeId, new Date(event.created * 1000));
    logger.info({ eventId: event.id, type: event.type, about: money, outcome }, "Stripe money event applied");
    return { status: 200, body: { received: true, ...(outcome.outcome === "ignored" ? { ignored: outcome.reason } : {}) }, invitations: [] };
  }

  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return { status: 200, body: { received: true, ignored: event.type }, invitations: [] };

  // A failure to reach Stripe or the database throws: the 500 makes Stripe deliver again later.
  const db = await deps.db();
  const result: SyncResult = await syncStripeSubscription(db, deps.stripe, subscriptionId);
  // After the subscription, so the payment finds its row whichever event came first.
  const invoiceId = invoiceIdOf(event);
  const payment = invoiceId && result.outcome === "synced" ? await recordStripeInvoice(db, deps.stripe, invoiceId) : null;
  logger.info({ eventId: event.id, type: event.type, subscriptionId, outcome: result.outcome, invoiceId, payment: payment?.outcome }, "Stripe webhook applied");
  if (result.outcome === "ignored") return { status: 200, body: { received: true, ignored: result.reason, subscription: subscriptionId }, invitations: [] };
  // The checkout's own event names its session: an anonymous buyer's privacy acceptance joins their account.
  if (event.type === "checkout.session.completed") await recordCheckoutAcceptance(db, event.data.object.id, result.userId);
  await afterMembershipConfirmed(db, result, deps.scope);
  return { status: 200, body: { received: true, subscription: subscriptionId }, invitations: result.invite ? [result.invite] : [] };
}
