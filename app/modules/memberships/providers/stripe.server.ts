/**
 * Stripe as the payment provider. Checkout is a subscription-mode Checkout
 * Session for Stripe's own card form in our page (ui_mode "elements", the API's
 * current name for the "custom" mode); the card never reaches our server.
 * What we store is always read back from Stripe (`syncStripeSubscription`) and
 * written through the one upsert, so a webhook replayed, late or out of order
 * converges on Stripe's current state.
 */
import { and, desc, eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database, Transaction } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { creatorSupporters, platformSubscriptions, profiles, SUBSCRIPTION_STATUSES, user, type SubscriptionStatus } from "#db/schema";
import { findOrCreateBuyerAccount } from "../buyer-account.server";
import { pagePaidOn } from "../checkout.server";
import type { ConfirmedMembership } from "../confirmation.server";
import { queueMembershipStartEmails } from "../membership-emails.server";
import { findPrice, TRIAL_DAYS, type Tier } from "../plans";
import { configuredPlans } from "../plans.server";
import { startsMembership, upsertSubscription, type SubscriptionState } from "../subscriptions.server";
import { recordCheckoutAcceptance, STRIPE_SESSION_ID } from "../checkout-privacy.server";
import type { CheckoutRequest, PaymentProvider, ProviderSubscriptionRef, SubscriptionChange } from "./provider";

/** The metadata put on the session and the subscription, read back by the webhook. */
interface CheckoutMetadata {
  tier: Tier;
  creatorId?: string;
  userId?: string;
  /** An anonymous buyer's page, where their invitation brings them back (kept only when Stripe can hold it). */
  paidOn?: string;
}

/** The longest value Stripe keeps in a metadata field. */
const STRIPE_METADATA_VALUE_MAX = 500;

/** A subscription recorded as Stripe now has it (what follows a confirmed membership reads it), or why it was not. */
export type SyncResult = ({ outcome: "synced"; status: SubscriptionStatus } & ConfirmedMembership) | { outcome: "ignored"; reason: string };

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The Stripe customer a signed-in user already has (from an earlier subscription), to keep one customer per person. */
async function storedCustomerId(db: Database, userId: string): Promise<string | null> {
  for (const table of [platformSubscriptions, creatorSupporters]) {
    const [row] = await db
      .select({ customerId: table.providerCustomerId })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.provider, "stripe")))
      .orderBy(desc(table.updatedAt))
      .limit(1);
    if (row?.customerId) return row.customerId;
  }
  return null;
}

async function accountEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}

export function stripeProvider(db: Database, stripe: Stripe, options: { siteOrigin?: string } = {}): PaymentProvider {
  return {
    name: "stripe",

    async createCheckoutSession(request: CheckoutRequest) {
      if (!options.siteOrigin) throw new Error("a Stripe checkout needs the site's origin for its return address");
      const metadata: CheckoutMetadata = { tier: request.tier };
      if (request.creatorId) metadata.creatorId = request.creatorId;
      if (request.userId) metadata.userId = request.userId;
      const paidOn = pagePaidOn(request.returnPath);
      if (!request.userId && paidOn.length <= STRIPE_METADATA_VALUE_MAX) metadata.paidOn = paidOn;

      const customer = request.userId ? await storedCustomerId(db, request.userId) : null;
      const email = request.email ?? (request.userId ? await accountEmail(db, request.userId) : null);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "subscription",
        ui_mode: "elements",
        line_items: [{ price: request.priceId, quantity: 1 }],
        subscription_data: { trial_period_days: TRIAL_DAYS, metadata: { ...metadata } },
        metadata: { ...metadata },
        // Stripe fills in {CHECKOUT_SESSION_ID}: the return re-reads the session, so access never waits for the webhook.
        return_url: `${options.siteOrigin.replace(/\/+$/, "")}${request.returnPath}${request.returnPath.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`,
        // Stripe takes one or the other; anonymous buyers give their email in the card form.
        ...(customer ? { customer } : email ? { customer_email: email } : {}),
      };
      const session = await stripe.checkout.sessions.create(params);
      if (!session.client_secret) throw new Error(`Stripe returned checkout session ${session.id} without a client secret`);
      return { clientSecret: session.client_secret };
    },

    async changeSubscription(ref: ProviderSubscriptionRef, change: SubscriptionChange) {
      if (ref.provider !== "stripe") throw new Error(`subscription ${ref.providerSubscriptionId} is not Stripe's`);
      const params: Stripe.SubscriptionUpdateParams = {};
      if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.priceId) {
        const target = findPrice(configuredPlans(), change.priceId);
        if (!target) throw new Error(`unknown price ${change.priceId}`);
        const current = await stripe.subscriptions.retrieve(ref.providerSubscriptionId);
        const item = current.items.data[0];
        const from = item ? findPrice(configuredPlans(), item.price.id) : null;
        if (!item || !from || from.tier !== target.tier) throw new Error(`subscription ${ref.providerSubscriptionId} cannot move to ${change.priceId}`);
        // Swapping the item's price keeps the trial; Stripe prorates by default.
        params.items = [{ id: item.id, price: change.priceId }];
      }
      await stripe.subscriptions.update(ref.providerSubscriptionId, params);
      const result = await syncStripeSubscription(db, stripe, ref.providerSubscriptionId);
      if (result.outcome === "ignored") throw new Error(`subscription ${ref.providerSubscriptionId} changed at Stripe but was not recorded: ${result.reason}`);
    },
  };
}

function isStatus(status: string): status is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/**
 * Who the subscription belongs to, most reliable first: the buyer signed in at
 * checkout; whoever we already recorded for this subscription or customer
 * (so a later change of email on either side moves nothing); the account with
 * the customer's email; a new account for an anonymous buyer.
 */
async function resolveOwner(
  tx: Transaction,
  subscriptionId: string,
  customerId: string,
  metadataUserId: string | undefined,
  email: string | null,
): Promise<{ userId: string; created: boolean } | null> {
  if (metadataUserId) {
    const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, metadataUserId)).limit(1);
    return row ? { userId: row.id, created: false } : null;
  }
  for (const table of [platformSubscriptions, creatorSupporters]) {
    const [row] = await tx
      .select({ userId: table.userId })
      .from(table)
      .where(or(eq(table.providerSubscriptionId, subscriptionId), and(eq(table.provider, "stripe"), eq(table.providerCustomerId, customerId))))
      .limit(1);
    if (row) return { userId: row.userId, created: false };
  }
  return email ? findOrCreateBuyerAccount(tx, email) : null;
}

/**
 * Reads a subscription from Stripe and records it as it now stands. Says
 * whether this read started the membership, and the email to invite when an
 * anonymous buyer's account was created here: the caller runs what follows
 * (`afterMembershipConfirmed`), once per purchase however often it is read.
 * Anything we cannot map (a price not in our plans, an unknown status, a
 * missing creator) is logged and ignored: retrying would never fix it.
 */
export async function syncStripeSubscription(db: Database, stripe: Stripe, subscriptionId: string): Promise<SyncResult> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ["customer"] });
  const ignore = (reason: string): SyncResult => {
    logger.warn({ subscriptionId, reason }, "Stripe subscription not recorded");
    return { outcome: "ignored", reason };
  };

  const item = subscription.items.data[0];
  const price = item ? findPrice(configuredPlans(), item.price.id) : null;
  if (!item || !price) return ignore(`price ${item?.price.id ?? "(none)"} is not one of our plans`);
  if (!isStatus(subscription.status)) return ignore(`unknown status ${subscription.status}`);
  const metadata = subscription.metadata ?? {};
  const creatorId = price.tier === "supporter" ? (metadata.creatorId ?? null) : null;
  if (price.tier === "supporter") {
    if (!creatorId) return ignore("a supporter subscription without a creator");
    const [creator] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, creatorId)).limit(1);
    if (!creator) return ignore(`creator ${creatorId} does not exist`);
  }

  const customer = subscription.customer;
  const customerId = typeof customer === "string" ? customer : customer.id;
  const email = typeof customer !== "string" && !customer.deleted && customer.email ? customer.email.trim().toLowerCase() : null;
  const status = subscription.status;

  const recorded = await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, subscription.id, customerId, metadata.userId, email);
    if (!owner) return null;
    const state: SubscriptionState = {
      provider: "stripe",
      providerSubscriptionId: subscription.id,
      providerCustomerId: customerId,
      userId: owner.userId,
      tier: price.tier,
      creatorId,
      interval: price.interval,
      priceId: item.price.id,
      status,
      trialEnd: toDate(subscription.trial_end),
      // Since API version 2025-03-31 the period lives on each item, not on the subscription.
      currentPeriodEnd: toDate(item.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: toDate(subscription.canceled_at),
      endedAt: toDate(subscription.ended_at),
    };
    const { id, previousStatus } = await upsertSubscription(tx, state);
    // Whichever report first finds it running queues its start emails, with the row; the others find them claimed.
    await queueMembershipStartEmails(tx, price.tier, id);
    return { ...owner, started: startsMembership(previousStatus, status) };
  });
  if (!recorded) return ignore(metadata.userId ? `account ${metadata.userId} no longer exists` : "no account and no customer email to create one");
  return {
    outcome: "synced",
    status,
    userId: recorded.userId,
    tier: price.tier,
    interval: price.interval,
    buyerSignedIn: Boolean(metadata.userId),
    started: recorded.started,
    invite: recorded.created ? email : null,
    paidOn: metadata.paidOn ?? null,
  };
}

/**
 * The buyer's return from a Stripe checkout (its session id in the address):
 * the session is read from Stripe and, once complete, its subscription is
 * recorded at once — the webhook, arriving later, converges on the same row.
 * A session id from the address proves nothing by itself; only what Stripe
 * answers is recorded, so a made-up or unpaid one changes nothing.
 */
export async function syncReturnedCheckout(db: Database, stripe: Stripe, sessionId: string): Promise<SyncResult | null> {
  if (!STRIPE_SESSION_ID.test(sessionId)) return null;
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.mode !== "subscription" || session.status !== "complete" || !session.subscription) return null;
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription.id;
  const result = await syncStripeSubscription(db, stripe, subscriptionId);
  if (result.outcome === "synced") await recordCheckoutAcceptance(db, sessionId, result.userId);
  return result;
}
