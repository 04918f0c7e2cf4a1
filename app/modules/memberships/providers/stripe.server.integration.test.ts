/**
 * Stripe as the provider, end to end without the network: the real `stripe`
 * SDK talks to a local stand-in (tests/stripe/stand-in.ts) that answers
 * with fixture-shaped objects and holds each subscription's current state;
 * webhook events are signed the way Stripe signs them.
 */
import { asc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { stubTestEnv } from "../../../../tests/setup/env";
import { TestVisitor } from "../../../../tests/setup/visitor";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stripe/stand-in";
import { creatorSupporters, events, payments, platformSubscriptions, privacyPolicyAgreementAuditLog, profiles, user } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { creditCreator } from "~/modules/analytics/request.server";
import { loadViewer } from "~/modules/auth/viewer.server";
import { createCheckoutSession } from "../checkout.server";
import { acceptForCheckout } from "../checkout-privacy.server";
import type { ConfirmationScope } from "../confirmation.server";
import { receiptsOf } from "../payments.server";
import { openCustomerPortal } from "../portal.server";
import { recordStripeReturn } from "../stripe-return.server";
import { upsertSubscription } from "../subscriptions.server";
import { createStripeClient } from "./stripe-client.server";
import { receiveStripeWebhook } from "./stripe-webhook.server";
import { stripeProvider, syncReturnedCheckout, syncStripeSubscription } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_standin_test_secret";
const SITE = "https://spotfolio.test";
const PRICES = {
  price_premium_month: { amount: 500, interval: "month" },
  price_premium_year: { amount: 4800, interval: "year" },
  price_supporter_month: { amount: 1000, interval: "month" },
  price_supporter_year: { amount: 10000, interval: "year" },
} as const;
const PRICE_ENV = {
  PRICE_PREMIUM_MONTH_ID: "price_premium_month",
  PRICE_PREMIUM_YEAR_ID: "price_premium_year",
  PRICE_SUPPORTER_MONTH_ID: "price_supporter_month",
  PRICE_SUPPORTER_YEAR_ID: "price_supporter_year",
};
const DAY = 86_400_000;

const db = await setupTestDatabase();
stubTestEnv(PRICE_ENV);

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ ...PRICES });
  stripe = createStripeClient("sk_test_standin", standIn.url);
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.reset();
});

const provider = () => stripeProvider(db, stripe, { siteOrigin: SITE });

async function openCheckout(buyer: { userId: string | null }, input: Record<string, unknown>) {
  const result = await createCheckoutSession(db, buyer, { redirectUrl: "/maps/x", ...input }, provider());
  if (!result.ok) throw new Error(result.error);
  const request = standIn.requests.findLast((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
  if (!request) throw new Error("the stand-in received no checkout session");
  const sessionId = result.clientSecret.split("_secret_")[0];
  return { clientSecret: result.clientSecret, sessionId, params: request.params };
}

/** A request without a visitor, whose invitations go nowhere. */
const noVisitor = (): ConfirmationScope => ({ context: new RouterContextProvider(), sendInvitation: async () => {} });

/** Delivers an event as Stripe would: JSON body, Stripe-Signature header over it. */
function deliver(event: object, options: { secret?: string; signature?: string | null; tamper?: boolean } = {}, scope = noVisitor()) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature !== undefined ? options.signature : stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  const body = options.tamper ? payload.replace('"trialing"', '"active"').replace('"canceled"', '"active"') : payload;
  return receiveStripeWebhook(body, signature, { stripe, webhookSecret: WEBHOOK_SECRET, db: async () => db, scope });
}

const premiumRows = () => db.select().from(platformSubscriptions);

describe("Stripe checkout sessions", () => {
  it("a signed-in buyer's session: subscription mode, our card form, the price, a 30-day trial, metadata on session and subscription, their email, our return address", async () => {
    const { user: buyer } = await createProfile(db);
    const { clientSecret, params } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    expect(clientSecret).toMatch(/^cs_test_.+_secret_/);
    expect(params).toEqual({
      mode: "subscription",
      ui_mode: "elements",
      line_items: [{ price: "price_premium_month", quantity: "1" }],
      subscription_data: { trial_period_days: "30", metadata: { tier: "premium", userId: buyer.id } },
      metadata: { tier: "premium", userId: buyer.id },
      return_url: `${SITE}/maps/x?payment=success&tier=premium&session_id={CHECKOUT_SESSION_ID}`,
      customer_email: buyer.email,
    });
  });

  it("an anonymous supporter's session names the creator and no buyer; a returning customer is reused instead of an email", async () => {
    const { profile: creator } = await createCreator(db);
    const anonymous = await openCheckout({ userId: null }, { type: "supporter", creatorId: creator.id, priceId: "price_supporter_year" });
    expect(anonymous.params).toMatchObject({
      line_items: [{ price: "price_supporter_year", quantity: "1" }],
      // An anonymous buyer's page, where their invitation brings them back.
      subscription_data: { trial_period_days: "30", metadata: { tier: "supporter", creatorId: creator.id, paidOn: "/maps/x" } },
      metadata: { tier: "supporter", creatorId: creator.id, paidOn: "/maps/x" },
    });
    expect(anonymous.params).not.toHaveProperty("customer_email");
    expect(anonymous.params).not.toHaveProperty("customer");

    const { user: member } = await createProfile(db);
    await upsertSubscription(db, {
      provider: "stripe",
      providerSubscriptionId: "sub_old",
      providerCustomerId: "cus_returning",
      userId: member.id,
      tier: "premium",
      creatorId: null,
      interval: "month",
      priceId: "price_premium_month",
      status: "canceled",
      trialEnd: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: new Date(),
    });
    const returning = await openCheckout({ userId: member.id }, { type: "premium", creatorId: null, priceId: "price_premium_year" });
    expect(returning.params).toMatchObject({ customer: "cus_returning" });
    expect(returning.params).not.toHaveProperty("customer_email");
  });
});

describe("the buyer's return from Stripe", () => {
  it("records a completed checkout's membership before any webhook; unpaid or made-up sessions change nothing", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    expect(await syncReturnedCheckout(db, stripe, sessionId)).toBeNull();
    expect(await premiumRows()).toEqual([]);
    expect(await syncReturnedCheckout(db, stripe, "not-a-session")).toBeNull();

    standIn.completeCheckout(sessionId);
    expect(await syncReturnedCheckout(db, stripe, sessionId)).toMatchObject({ outcome: "synced", userId: buyer.id, tier: "premium" });
    const [row] = await premiumRows();
    expect(row).toMatchObject({ userId: buyer.id, provider: "stripe", status: "trialing" });
    // Coming back to the same address again converges on the same row.
    await syncReturnedCheckout(db, stripe, sessionId);
    expect(await premiumRows()).toHaveLength(1);
  });
});

describe("Stripe webhook", () => {
  it("applies a completed checkout: a trialing membership with Stripe's ids, trial end and period end (read from the item)", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);

    const outcome = await deliver(standIn.event("checkout.session.completed", paid.session));
    expect(outcome).toEqual({ status: 200, body: { received: true, subscription: paid.subscription.id }, invitations: [] });
    const [row] = await premiumRows();
    expect(row).toMatchObject({
      userId: buyer.id,
      provider: "stripe",
      providerSubscriptionId: paid.subscription.id,
      providerCustomerId: paid.customer.id,
      priceId: "price_premium_month",
      interval: "month",
      status: "trialing",
      trialEnd: new Date(paid.subscription.trial_end * 1000),
      currentPeriodEnd: new Date(paid.subscription.items.data[0].current_period_end * 1000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    expect(row.trialEnd!.getTime() - Date.now()).toBeGreaterThan(29 * DAY);

    // The subscription's own event for the same purchase changes nothing.
    await deliver(standIn.event("customer.subscription.created", paid.subscription));
    expect(await premiumRows()).toEqual([row].map((r) => ({ ...r, updatedAt: expect.any(Date) })));
  });

  it("converges on Stripe's current state whatever the order and however often events arrive", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);
    const created = standIn.event("customer.subscription.created", paid.subscription);
    const trialingUpdate = standIn.event("customer.subscription.updated", paid.subscription);
    const completed = standIn.event("checkout.session.completed", paid.session);
    const invoicePaid = standIn.event("invoice.paid", standIn.invoice(paid.subscription.id, "paid"));
    const legacyInvoicePaid = standIn.event("invoice.paid", standIn.legacyInvoice(paid.subscription.id));

    // Meanwhile at Stripe the subscription ended.
    const ended = Math.floor(Date.now() / 1000);
    const canceled = standIn.updateSubscription(paid.subscription.id, { status: "canceled", canceled_at: ended, ended_at: ended });
    const deleted = standIn.event("customer.subscription.deleted", canceled);

    // The newest first, then the old ones late, some twice.
    for (const event of [deleted, trialingUpdate, created, completed, invoicePaid, legacyInvoicePaid, trialingUpdate, deleted, created]) {
      expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true, subscription: paid.subscription.id } });
    }
    const rows = await premiumRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "canceled", canceledAt: new Date(ended * 1000), userId: buyer.id });
    const viewer = await loadViewer(db, { id: buyer.id, email: buyer.email, emailVerified: true, name: buyer.name });
    expect(viewer.hasActiveSubscription).toBe(false);
  });

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);
    await deliver(standIn.event("customer.subscription.created", paid.subscription));
    const before = await premiumRows();
    const canceled = standIn.updateSubscription(paid.subscription.id, { status: "canceled", canceled_at: Math.floor(Date.now() / 1000) });
    const event = standIn.event("customer.subscription.deleted", canceled);
    const reads = standIn.requests.length;

    expect(await deliver(event, { secret: "whsec_someone_else" })).toMatchObject({ status: 400, body: { received: false, error: "Invalid signature" } });
    expect(await deliver(event, { tamper: true })).toMatchObject({ status: 400, body: { error: "Invalid signature" } });
    expect(await deliver(event, { signature: "t=1,v1=deadbeef" })).toMatchObject({ status: 400 });
    expect(await deliver(event, { signature: null })).toMatchObject({ status: 400, body: { error: "Missing Stripe-Signature header" } });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(await deliver(event, { signature: stale })).toMatchObject({ status: 400 });

    expect(standIn.requests.length).toBe(reads);
    expect(await premiumRows()).toEqual(before);
  });

  it("acknowledges other events and subscriptions it cannot map (unknown price) without recording anything", async () => {
    expect(await deliver(standIn.fixtureEvent())).toEqual({ status: 200, body: { received: true, ignored: "plan.created" }, invitations: [] });
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);
    const item = paid.subscription.items.data[0];
    const foreign = standIn.updateSubscription(paid.subscription.id, {
      items: { ...paid.subscription.items, data: [{ ...item, price: { ...item.price, id: "price_somebody_elses" } }] },
    });
    const outcome = await deliver(standIn.event("customer.subscription.updated", foreign));
    expect(outcome).toMatchObject({ status: 200, body: { received: true, ignored: "price price_somebody_elses is not one of our plans" } });
    expect(await premiumRows()).toEqual([]);
    // A one-off payment's checkout is not about a subscription.
    expect(await deliver(standIn.event("checkout.session.completed", { ...paid.session, mode: "payment", subscription: null }))).toMatchObject({
      body: { ignored: "checkout.session.completed" },
    });
  });

  it("an anonymous buyer's purchase creates the account (invited once) and the support", async () => {
    const { profile: creator } = await createCreator(db);
    const { sessionId } = await openCheckout({ userId: null }, { type: "supporter", creatorId: creator.id, priceId: "price_supporter_month" });
    const paid = standIn.completeCheckout(sessionId, { email: "New.Buyer@Example.com" });

    const first = await deliver(standIn.event("checkout.session.completed", paid.session));
    expect(first.invitations).toEqual(["new.buyer@example.com"]);
    const [account] = await db.select().from(user).where(eq(user.email, "new.buyer@example.com"));
    expect(account).toMatchObject({ emailVerified: true });
    expect(await db.select().from(profiles).where(eq(profiles.id, account.id))).toHaveLength(1);
    const [support] = await db.select().from(creatorSupporters);
    expect(support).toMatchObject({ userId: account.id, creatorId: creator.id, status: "trialing", provider: "stripe", interval: "month" });
    const viewer = await loadViewer(db, { id: account.id, email: account.email, emailVerified: true, name: account.name });
    expect(viewer).toMatchObject({ hasActiveSubscription: true, isActiveSupporter: true });

    // The subscription's own events for the same purchase: no second account, no second invitation.
    const again = await deliver(standIn.event("customer.subscription.created", paid.subscription));
    expect(again.invitations).toEqual([]);
    expect(await db.select().from(user).where(eq(user.email, "new.buyer@example.com"))).toHaveLength(1);
    expect(await db.select().from(creatorSupporters)).toHaveLength(1);
  });

  it("two events of one anonymous purchase delivered at the same time make one account, one invitation, one membership", async () => {
    const { sessionId } = await openCheckout({ userId: null }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId, { email: "both@example.com" });
    const outcomes = await Promise.all([
      deliver(standIn.event("checkout.session.completed", paid.session)),
      deliver(standIn.event("customer.subscription.created", paid.subscription)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
    expect(outcomes.flatMap((o) => o.invitations)).toEqual(["both@example.com"]);
    expect(await db.select().from(user).where(eq(user.email, "both@example.com"))).toHaveLength(1);
    expect(await premiumRows()).toHaveLength(1);
  });

  it("an anonymous buyer's privacy acceptance, ticked before paying, becomes their new account's agreement once (issue 28, item 14)", async () => {
    const agreements = (userId: string) => db.select().from(privacyPolicyAgreementAuditLog).where(eq(privacyPolicyAgreementAuditLog.userId, userId));
    const { sessionId } = await openCheckout({ userId: null }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    expect(await acceptForCheckout(db, sessionId, "198.51.100.7")).toBe(true);
    const paid = standIn.completeCheckout(sessionId, { email: "agreed.buyer@example.com" });
    // The subscription's event may make the account first: the checkout's own event (or the return) records the acceptance.
    await deliver(standIn.event("customer.subscription.created", paid.subscription));
    const [account] = await db.select().from(user).where(eq(user.email, "agreed.buyer@example.com"));
    expect(await agreements(account.id)).toEqual([]);
    await deliver(standIn.event("checkout.session.completed", paid.session));
    expect(await agreements(account.id)).toMatchObject([{ termsVersion: "1.0", ip: "198.51.100.7" }]);
    // Replayed, and the buyer's return: still one.
    await deliver(standIn.event("checkout.session.completed", paid.session));
    await syncReturnedCheckout(db, stripe, sessionId);
    expect(await agreements(account.id)).toHaveLength(1);

    // A made-up session id is refused; a purchase without the acceptance records none.
    expect(await acceptForCheckout(db, "not-a-session", "198.51.100.7")).toBe(false);
    const other = await openCheckout({ userId: null }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const unticked = standIn.completeCheckout(other.sessionId, { email: "unticked@example.com" });
    await deliver(standIn.event("checkout.session.completed", unticked.session));
    const [second] = await db.select().from(user).where(eq(user.email, "unticked@example.com"));
    expect(await agreements(second.id)).toEqual([]);
  });

  it("an anonymous buyer who gave an existing account's email buys for that account, without an invitation", async () => {
    const { user: existing } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: null }, { type: "premium", creatorId: null, priceId: "price_premium_year" });
    const paid = standIn.completeCheckout(sessionId, { email: existing.email.toUpperCase() });
    const outcome = await deliver(standIn.event("checkout.session.completed", paid.session));
    expect(outcome.invitations).toEqual([]);
    expect(await premiumRows()).toMatchObject([{ userId: existing.id, interval: "year", status: "trialing" }]);
  });
});

describe("what follows a Stripe purchase: subscribed_paid, joined and the invitation, once", () => {
  const STRIPE_SERVERS = "Stripe/1.0 (+https://stripe.com/docs/webhooks)";
  let invited: string[] = [];
  /** The page each invitation brings its buyer back to. */
  let landings: (string | null | undefined)[] = [];
  beforeEach(() => {
    invited = [];
    landings = [];
  });
  const scopeOf = (context: RouterContextProvider): ConfirmationScope => ({
    context,
    sendInvitation: async (email, paidOn) => {
      invited.push(email);
      landings.push(paidOn);
    },
  });
  /** The buyer's browser opening the return address Stripe sends it to. */
  const comeBack = (visitor: TestVisitor, sessionId: string) =>
    visitor.request(`/maps/x?payment=success&tier=premium&session_id=${sessionId}`, (_request, context) =>
      recordStripeReturn(db, stripe, sessionId, scopeOf(context)),
    );
  /** An event posted by Stripe's servers, in a request of their own (no cookies, no visitor). */
  const webhook = async (event: object) =>
    (
      await new TestVisitor(STRIPE_SERVERS, null).request("/api/webhooks/stripe", (_request, context) => deliver(event, {}, scopeOf(context)), {
        method: "POST",
      })
    ).result;
  const conversions = () => db.select().from(events).orderBy(asc(events.id));

  it("a signed-in buyer coming back first: one subscribed_paid, credited to their last-click creator, however often the webhook and the page repeat it", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: buyer } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.request("/@creator", async (_request, context) => creditCreator(context, creator.id));
    await visitor.signIn(db, buyer.id, buyer.email);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);

    await comeBack(visitor, sessionId);
    await webhook(standIn.event("checkout.session.completed", paid.session));
    await webhook(standIn.event("customer.subscription.created", paid.subscription));
    await webhook(standIn.event("invoice.paid", standIn.invoice(paid.subscription.id, "paid", { amount: 0 })));
    await comeBack(visitor, sessionId);

    expect(await conversions()).toEqual([
      expect.objectContaining({
        type: "subscribed_paid",
        userId: buyer.id,
        anonymousId: visitor.cookies.get("sf_tid"),
        attributionCreatorId: creator.id,
        properties: { tier: "premium", interval: "month", is_authenticated: true },
      }),
    ]);
    expect(invited).toEqual([]);
  });

  it("an anonymous buyer who never comes back: the webhook records the purchase and the new account once, and invites once", async () => {
    const { profile: creator } = await createCreator(db);
    const { sessionId } = await openCheckout({ userId: null }, { type: "supporter", creatorId: creator.id, priceId: "price_supporter_year" });
    const paid = standIn.completeCheckout(sessionId, { email: "Away@Example.com" });

    await webhook(standIn.event("customer.subscription.created", paid.subscription));
    await webhook(standIn.event("checkout.session.completed", paid.session));
    await webhook(standIn.event("customer.subscription.created", paid.subscription));

    const [account] = await db.select().from(user).where(eq(user.email, "away@example.com"));
    expect(await conversions()).toEqual([
      expect.objectContaining({
        type: "subscribed_paid",
        userId: account.id,
        anonymousId: null,
        attributionCreatorId: null,
        properties: { tier: "supporter", interval: "year", is_authenticated: false },
      }),
      expect.objectContaining({ type: "joined", userId: account.id, properties: { method: "email", is_authenticated: false } }),
    ]);
    expect(invited).toEqual(["away@example.com"]);
    expect(landings).toEqual(["/maps/x"]);

    // Coming back much later records nothing more.
    await comeBack(new TestVisitor(), sessionId);
    expect(await conversions()).toHaveLength(2);
    expect(invited).toHaveLength(1);
  });

  it("the return and two webhook events at the same moment record one purchase", async () => {
    const { user: buyer } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.signIn(db, buyer.id, buyer.email);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_year" });
    const paid = standIn.completeCheckout(sessionId);

    await Promise.all([
      comeBack(visitor, sessionId),
      webhook(standIn.event("checkout.session.completed", paid.session)),
      webhook(standIn.event("customer.subscription.created", paid.subscription)),
    ]);
    expect(await conversions()).toMatchObject([{ type: "subscribed_paid", userId: buyer.id, properties: { tier: "premium", interval: "year" } }]);
    expect(await premiumRows()).toHaveLength(1);
  });

  it("a subscription waiting for its first payment is a purchase once paid, and a recovered payment is not a new one", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);
    const id = paid.subscription.id;

    await webhook(standIn.event("customer.subscription.created", standIn.updateSubscription(id, { status: "incomplete" })));
    expect(await conversions()).toEqual([]);
    await webhook(standIn.event("customer.subscription.updated", standIn.updateSubscription(id, { status: "active" })));
    await webhook(standIn.event("customer.subscription.updated", standIn.updateSubscription(id, { status: "past_due" })));
    await webhook(standIn.event("customer.subscription.updated", standIn.updateSubscription(id, { status: "active" })));
    expect(await conversions()).toMatchObject([{ type: "subscribed_paid", userId: buyer.id }]);
  });
});

describe("changing a Stripe subscription", () => {
  it("cancels at period end, resumes, and switches interval through Stripe; the row follows", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);
    expect(await syncStripeSubscription(db, stripe, paid.subscription.id)).toMatchObject({ outcome: "synced", status: "trialing", invite: null });
    const ref = { provider: "stripe" as const, providerSubscriptionId: paid.subscription.id, providerCustomerId: paid.customer.id };
    const updates = () => standIn.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${paid.subscription.id}`).map((r) => r.params);

    await provider().changeSubscription(ref, { cancelAtPeriodEnd: true });
    expect(updates().at(-1)).toEqual({ cancel_at_period_end: "true" });
    const [cancelling] = await premiumRows();
    expect(cancelling).toMatchObject({ cancelAtPeriodEnd: true, status: "trialing", canceledAt: expect.any(Date) });

    await provider().changeSubscription(ref, { cancelAtPeriodEnd: false });
    expect(updates().at(-1)).toEqual({ cancel_at_period_end: "false" });
    expect(await premiumRows()).toMatchObject([{ cancelAtPeriodEnd: false, canceledAt: null }]);

    await provider().changeSubscription(ref, { priceId: "price_premium_year" });
    expect(updates().at(-1)).toEqual({ items: [{ id: paid.subscription.items.data[0].id, price: "price_premium_year" }] });
    expect(await premiumRows()).toMatchObject([{ interval: "year", priceId: "price_premium_year", status: "trialing" }]);
    expect(standIn.subscription(paid.subscription.id).items.data[0].price.id).toBe("price_premium_year");

    // Only the other interval of the same tier.
    await expect(provider().changeSubscription(ref, { priceId: "price_supporter_year" })).rejects.toThrow(/cannot move/);
    await expect(provider().changeSubscription(ref, { priceId: "price_unknown" })).rejects.toThrow(/unknown price/);
    expect(updates()).toHaveLength(3);
  });
});

describe("Stripe invoices as payments", () => {
  /** A signed-in buyer's completed checkout, not yet told to us by any event. */
  async function purchase(priceId = "price_premium_month") {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId });
    return { buyer, ...standIn.completeCheckout(sessionId) };
  }
  const invoiceReads = (id: string) => standIn.requests.filter((r) => r.method === "GET" && r.path === `/v1/invoices/${id}`).length;

  it("records a paid invoice as re-read from Stripe, once, delivered twice and before any subscription event", async () => {
    const { buyer, subscription } = await purchase();
    const invoice = standIn.invoice(subscription.id, "paid", { amount: 500, tax: 87 });
    // The event's own copy is never trusted for amounts or addresses: Stripe's answer is.
    const event = standIn.event("invoice.paid", { ...invoice, amount_paid: 1, hosted_invoice_url: "https://evil.example/receipt" });

    for (let i = 0; i < 2; i++) expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true, subscription: subscription.id } });
    expect(invoiceReads(invoice.id)).toBe(2);
    const [row] = await premiumRows();
    const line = invoice.lines.data[0];
    expect(await db.select().from(payments)).toEqual([
      expect.objectContaining({
        userId: buyer.id,
        kind: "platform",
        platformSubscriptionId: row.id,
        provider: "stripe",
        providerPaymentId: invoice.id,
        amountCents: 500,
        taxCents: 87,
        currency: "EUR",
        status: "succeeded",
        paidAt: new Date(invoice.status_transitions.paid_at * 1000),
        periodStart: new Date(line.period.start * 1000),
        periodEnd: new Date(line.period.end * 1000),
        receiptUrl: `https://invoice.stripe.com/i/acct_standin/${invoice.id}`,
      }),
    ]);

    // The subscription's own event, arriving after: the same membership, still one payment.
    await deliver(standIn.event("customer.subscription.updated", subscription));
    expect(await premiumRows()).toHaveLength(1);
    expect(await db.select().from(payments)).toHaveLength(1);
    expect(await receiptsOf(db, buyer.id)).toMatchObject([
      { description: "Premium · monthly", amount: "€5", status: "succeeded", href: `https://invoice.stripe.com/i/acct_standin/${invoice.id}`, external: true },
    ]);
  });

  it("a failed invoice paid on a later attempt ends succeeded, whichever event comes last", async () => {
    const { buyer, subscription } = await purchase("price_premium_year");
    // The first yearly charge, at the trial's end.
    const trialEnd = subscription.trial_end as number;
    const invoice = standIn.invoice(subscription.id, "open", { amount: 4800, period: { start: trialEnd, end: trialEnd + 365 * 86_400 } });
    const failed = standIn.event("invoice.payment_failed", invoice);
    await deliver(failed);
    expect(await db.select().from(payments)).toMatchObject([{ providerPaymentId: invoice.id, status: "failed", amountCents: 4800, paidAt: null }]);
    expect(await receiptsOf(db, buyer.id)).toMatchObject([{ status: "failed", amount: "€48" }]);

    const paid = standIn.payInvoice(invoice.id);
    await deliver(standIn.event("invoice.payment_succeeded", paid));
    await deliver(standIn.event("invoice.paid", paid));
    await deliver(failed);
    expect(await db.select().from(payments)).toMatchObject([
      { providerPaymentId: invoice.id, status: "succeeded", amountCents: 4800, paidAt: new Date(paid.status_transitions.paid_at * 1000) },
    ]);
    expect(await receiptsOf(db, buyer.id)).toMatchObject([{ description: "Premium · yearly", status: "succeeded" }]);
  });

  it("records nothing for an invoice whose subscription is not one of ours", async () => {
    const { subscription } = await purchase();
    const item = subscription.items.data[0];
    standIn.updateSubscription(subscription.id, {
      items: { ...subscription.items, data: [{ ...item, price: { ...item.price, id: "price_somebody_elses" } }] },
    });
    const invoice = standIn.invoice(subscription.id, "paid");
    expect(await deliver(standIn.event("invoice.paid", invoice))).toMatchObject({
      status: 200,
      body: { ignored: "price price_somebody_elses is not one of our plans" },
    });
    expect(await db.select().from(payments)).toEqual([]);
  });
});

describe("the Stripe customer portal", () => {
  const returnUrl = `${SITE}/account`;

  it("opens a portal session for the signed-in member's own customer only", async () => {
    const { user: buyer } = await createProfile(db);
    const { sessionId } = await openCheckout({ userId: buyer.id }, { type: "premium", creatorId: null, priceId: "price_premium_month" });
    const paid = standIn.completeCheckout(sessionId);
    await syncStripeSubscription(db, stripe, paid.subscription.id);
    const [mine] = await premiumRows();
    const { user: other } = await createProfile(db);
    const othersCustomer = standIn.createCustomer(other.email);

    // A customer named in the request is ignored: the one on one's own subscription is used.
    const opened = await openCustomerPortal(db, stripe, buyer.id, { action: "portal", customer: othersCustomer.id }, returnUrl);
    expect(opened).toEqual({ ok: true, url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) });
    expect(await openCustomerPortal(db, stripe, buyer.id, { action: "portal", subscriptionId: mine.id }, returnUrl)).toMatchObject({ ok: true });
    expect(standIn.portalSessions()).toEqual([
      { customer: paid.customer.id, return_url: returnUrl },
      { customer: paid.customer.id, return_url: returnUrl },
    ]);

    // Someone else, even naming this membership, gets no portal.
    expect(await openCustomerPortal(db, stripe, other.id, { action: "portal", subscriptionId: mine.id }, returnUrl)).toEqual({
      ok: false,
      status: 404,
      error: "This membership was not found.",
    });
    expect(await openCustomerPortal(db, stripe, other.id, { action: "portal" }, returnUrl)).toMatchObject({ ok: false, status: 404 });
    expect(await openCustomerPortal(db, stripe, buyer.id, { action: "portal", subscriptionId: "not-an-id" }, returnUrl)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(standIn.portalSessions()).toHaveLength(2);
  });

  it("refuses politely: a test-mode membership, no customer, Stripe not configured, a customer Stripe no longer has", async () => {
    const member = async (provider: "local" | "stripe", customerId: string | null) => {
      const { user: u } = await createProfile(db);
      await upsertSubscription(db, {
        provider,
        providerSubscriptionId: `${provider}_sub_${u.id}`,
        providerCustomerId: customerId,
        userId: u.id,
        tier: "premium",
        creatorId: null,
        interval: "month",
        priceId: "price_premium_month",
        status: "active",
        trialEnd: null,
        currentPeriodEnd: new Date(Date.now() + 30 * DAY),
        cancelAtPeriodEnd: false,
        canceledAt: null,
      });
      return u.id;
    };
    const portal = (userId: string, client: Stripe | null = stripe) => openCustomerPortal(db, client, userId, { action: "portal" }, returnUrl);

    expect(await portal(await member("local", "local_cus_x"))).toEqual({
      ok: false,
      status: 400,
      error: "This membership is in test mode: manage it on this page.",
    });
    expect(await portal(await member("stripe", null))).toEqual({ ok: false, status: 404, error: "No billing account was found for this membership." });
    const customer = standIn.createCustomer("someone@example.com");
    expect(await portal(await member("stripe", customer.id), null)).toMatchObject({ ok: false, status: 409 });
    expect(await portal(await member("stripe", "cus_deleted_at_stripe"))).toEqual({
      ok: false,
      status: 409,
      error: "Your billing account could not be opened. Please contact us.",
    });
    expect(standIn.portalSessions()).toEqual([{ customer: "cus_deleted_at_stripe", return_url: returnUrl }]);
  });
});
