/**
 * The built-in local test provider, used whenever Stripe is not configured.
 * A checkout session is a signed, short-lived client secret (nothing stored);
 * paying it with a test card (`payCheckout`, POST /api/payments/local/pay)
 * plays the part of Stripe's payment plus its webhook: the subscription then
 * goes through the same upsert as Stripe's, and what follows a confirmed
 * membership runs as it does for Stripe's.
 * Test card numbers only ever reach it; they are checked, never kept or logged.
 * The buyer also chooses their country (required): Stripe's card country plays that part there,
 * and the member's VAT follows it (modules/money).
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { isCountryCode } from "~/lib/country";
import { authSecret } from "~/lib/secret.server";
import { MESSAGES } from "~/modules/auth";
import { recordPrivacyAgreement } from "~/modules/auth/index.server";
import { creatorSupporters, platformSubscriptions } from "#db/schema";
import { findOrCreateBuyerAccount } from "../buyer-account.server";
import { alreadyHaveIt, fail, pagePaidOn, publishedCreator } from "../checkout.server";
import { afterMembershipConfirmed, type ConfirmationScope } from "../confirmation.server";
import { queueMembershipStartEmails } from "../membership-emails.server";
import { recordPayment } from "../payments.server";
import { CURRENCY, findPrice, TRIAL_DAYS, type Interval, type Tier } from "../plans";
import { configuredPlans } from "../plans.server";
import { alreadySubscribed, startsMembership, upsertSubscription } from "../subscriptions.server";
import { checkTestCard, COUNTRY_INVALID, COUNTRY_REQUIRED } from "./local-cards";
import type { CheckoutRequest, PaymentProvider, PaymentResult, ProviderSubscriptionRef, SubscriptionChange } from "./provider";

/** How long a checkout may stay open before paying. */
const SESSION_TTL_MS = 60 * 60 * 1000;
const PREFIX = "lcs_";

export interface LocalSession {
  id: string;
  tier: Tier;
  interval: Interval;
  priceId: string;
  creatorId: string | null;
  userId: string | null;
  returnPath: string;
  expiresAt: number;
}

function sign(body: string): string {
  return createHmac("sha256", `local-checkout:${authSecret()}`).update(body).digest("base64url");
}

export function encodeSession(session: LocalSession): string {
  const body = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `${PREFIX}${body}.${sign(body)}`;
}

/** The session behind a client secret, or null when it is forged, garbled or expired. */
export function decodeSession(clientSecret: string, now = Date.now()): LocalSession | null {
  if (!clientSecret.startsWith(PREFIX)) return null;
  const [body, signature] = clientSecret.slice(PREFIX.length).split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const session = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as LocalSession;
    return session.expiresAt > now ? session : null;
  } catch {
    return null;
  }
}

/**
 * The local provider's payment id for one period of one subscription: the
 * same period always gets the same id, so recording it again (the clock run
 * twice, by two servers at once) updates the one payment instead of charging again.
 */
export function localPaymentId(subscriptionRowId: string, periodStart: Date): string {
  return `lpi_${subscriptionRowId}_${Math.floor(periodStart.getTime() / 1000)}`;
}

/** Who pays: the signed-in user (or null), and the address their request came from (kept with a privacy acceptance). */
export interface LocalBuyer {
  userId: string | null;
  ip: string;
}

/** What a ticked checkbox sends, with JavaScript or without (the same values sign-up takes). */
const PRIVACY_ACCEPTED = ["on", "true"];

const EMAIL_REQUIRED = "Your Email is required";
const EMAIL_INVALID = "Please enter a valid email address";

const localPaymentSchema = z.object({
  clientSecret: z.string().min(1).max(4000),
  // As typed: "4242 4242 4242 4242", "12 / 2030" (card-input.ts reads them).
  cardNumber: z.string().max(40),
  expiry: z.string().max(20),
  cvc: z.string().max(10),
  email: z.string().max(320).optional(),
  // The privacy-policy box: "on" when ticked, absent when not.
  privacy: z.string().max(10).optional(),
  // Where the member lives (ISO alpha-2): the evidence whose VAT their payments carry.
  country: z.string().max(10).optional(),
});

/**
 * Pays a local checkout session. For an anonymous buyer the account is made
 * here, in the same transaction as the membership and the record of their
 * privacy-policy acceptance, which sign-up asks for too (and then invited,
 * with the rest of what follows a confirmed membership).
 */
async function payLocalCheckout(db: Database, buyer: LocalBuyer, input: unknown, scope: ConfirmationScope, now: Date): Promise<PaymentResult> {
  const parsed = localPaymentSchema.safeParse(input);
  if (!parsed.success) return fail(400, "This payment request is not valid.");
  const session = decodeSession(parsed.data.clientSecret, now.getTime());
  if (!session) return fail(400, "This checkout has expired. Please start again.");
  if (session.userId && session.userId !== buyer.userId) return fail(403, "This checkout belongs to another account.");

  let email: string | null = null;
  if (!session.userId) {
    email = (parsed.data.email ?? "").trim().toLowerCase();
    if (!email) return fail(400, EMAIL_REQUIRED, "email");
    if (!z.email().safeParse(email).success) return fail(400, EMAIL_INVALID, "email");
    // The account this may create is made on the same terms as at sign-up (issue 28, item 14).
    if (!PRIVACY_ACCEPTED.includes(parsed.data.privacy ?? "")) return fail(400, MESSAGES.privacyRequired, "privacy");
    // An address that has an account gets the same answer as a new one (the membership is added to that
    // account, as Stripe's does, and the address is sent its way in): checkout never says who is registered.
  }

  const country = (parsed.data.country ?? "").trim();
  if (!country) return fail(400, COUNTRY_REQUIRED, "country");
  if (!isCountryCode(country)) return fail(400, COUNTRY_INVALID, "country");

  const card = checkTestCard({ number: parsed.data.cardNumber, expiry: parsed.data.expiry, cvc: parsed.data.cvc }, now);
  if (!card.ok) return fail(card.declined ? 402 : 400, card.message, card.field);

  if (session.creatorId && !(await publishedCreator(db, session.creatorId))) return fail(404, "This creator cannot be supported.");
  if (session.userId && (await alreadySubscribed(db, session.userId, session.tier, session.creatorId))) return fail(409, alreadyHaveIt(session.tier));

  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const created = await db.transaction(async (tx) => {
    const account = session.userId ? { userId: session.userId, created: false } : await findOrCreateBuyerAccount(tx, email!);
    const { userId } = account;
    // As at sign-up, only an account made here gets the row: an address already registered says nothing of its owner.
    if (account.created) await recordPrivacyAgreement(tx, userId, buyer.ip);
    const subscription = await upsertSubscription(tx, {
      provider: "local",
      providerSubscriptionId: `local_sub_${session.id}`,
      providerCustomerId: `local_cus_${userId}`,
      userId,
      tier: session.tier,
      creatorId: session.creatorId,
      interval: session.interval,
      priceId: session.priceId,
      status: "trialing",
      trialEnd,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      country,
    });
    // As Stripe does at a trial's start: a €0 paid invoice for the trial, the first receipt.
    await recordPayment(tx, {
      provider: "local",
      providerPaymentId: localPaymentId(subscription.id, now),
      userId,
      subscription:
        session.tier === "premium" ? { tier: "premium", id: subscription.id } : { tier: "supporter", id: subscription.id, creatorId: session.creatorId! },
      amountCents: 0,
      taxCents: 0,
      currency: CURRENCY,
      status: "succeeded",
      paidAt: now,
      periodStart: now,
      periodEnd: trialEnd,
      receiptUrl: null,
      country,
    });
    // The confirmation (and the creator's "new supporter" email) commit with the membership, before any invitation.
    await queueMembershipStartEmails(tx, session.tier, subscription.id);
    return { ...account, started: startsMembership(subscription.previousStatus, "trialing") };
  });
  const createdAccountEmail = created.created ? email : null;
  await afterMembershipConfirmed(
    db,
    {
      userId: created.userId,
      tier: session.tier,
      interval: session.interval,
      buyerSignedIn: Boolean(buyer.userId),
      started: created.started,
      invite: createdAccountEmail,
      // An anonymous buyer's address is always sent a way in: the invitation, or a password link for an account it already had.
      linkTo: email,
      paidOn: pagePaidOn(session.returnPath),
    },
    scope,
  );
  return { ok: true, redirectTo: session.returnPath, createdAccountEmail, userId: created.userId, tier: session.tier, interval: session.interval };
}

/**
 * `now` is the provider's clock: the server uses the real one; tests that pay
 * at a fixed date open the checkout on the same clock, so the session's
 * one-hour life does not depend on when they run.
 */
export function localProvider(db: Database, now: () => number = Date.now): PaymentProvider {
  return {
    name: "local",
    createCheckoutSession(request: CheckoutRequest) {
      const session: LocalSession = {
        id: randomUUID(),
        tier: request.tier,
        interval: request.interval,
        priceId: request.priceId,
        creatorId: request.creatorId,
        userId: request.userId,
        returnPath: request.returnPath,
        expiresAt: now() + SESSION_TTL_MS,
      };
      return Promise.resolve({ clientSecret: encodeSession(session) });
    },

    payCheckout(buyer: LocalBuyer, input: unknown, scope: ConfirmationScope) {
      return payLocalCheckout(db, buyer, input, scope, new Date(now()));
    },

    /** The local provider is its own record: the change is made on our row directly. */
    async changeSubscription(ref: ProviderSubscriptionRef, change: SubscriptionChange) {
      const set: Partial<typeof platformSubscriptions.$inferInsert> = { updatedAt: new Date() };
      if (change.cancelAtPeriodEnd !== undefined) {
        set.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
        set.canceledAt = change.cancelAtPeriodEnd ? new Date() : null;
      }
      if (change.priceId) {
        const price = findPrice(configuredPlans(), change.priceId);
        if (!price) throw new Error(`unknown price ${change.priceId}`);
        set.priceId = change.priceId;
        set.interval = price.interval;
      }
      for (const table of [platformSubscriptions, creatorSupporters]) {
        await db.update(table).set(set).where(eq(table.providerSubscriptionId, ref.providerSubscriptionId));
      }
    },
  };
}
