/**
 * The built-in local test provider, used whenever Stripe is not configured.
 * A checkout session is a signed, short-lived client secret (nothing stored);
 * confirming it with a test card plays the part of Stripe's payment plus its
 * webhook: the subscription then goes through the same upsert as Stripe's.
 * Test card numbers only ever reach it; they are checked, never kept or logged.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { authSecret } from "~/modules/auth/secret.server";
import { creatorSupporters, platformSubscriptions } from "#db/schema";
import { findPrice, type Interval, type Tier } from "../plans";
import { configuredPlans } from "../plans.server";
import type { CheckoutRequest, PaymentProvider, ProviderSubscriptionRef, SubscriptionChange } from "./provider";

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
