/**
 * Checkout: open a session for a plan (payments/create-checkout-session) and,
 * with the local test provider, pay it. Everything the browser sends is
 * checked here: the price must be the tier's, the creator a published one,
 * and the buyer must not already have what they are buying.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { profiles } from "#db/schema";
import { findAccountByEmail, findOrCreateBuyerAccount } from "./buyer-account.server";
import { CURRENCY, findPrice, TIERS, TRIAL_DAYS, type Interval, type Tier } from "./plans";
import { configuredPlans } from "./plans.server";
import { checkTestCard } from "./providers/local-cards";
import { recordPayment } from "./payments.server";
import { decodeSession, localPaymentId } from "./providers/local.server";
import type { PaymentProvider } from "./providers/provider";
import { alreadySubscribed, upsertSubscription } from "./subscriptions.server";

export type CheckoutResult<T> = ({ ok: true } & T) | { ok: false; status: number; error: string; field?: string };

const fail = (status: number, error: string, field?: string) => ({ ok: false as const, status, error, ...(field ? { field } : {}) });

/** A path on this site: never another origin (no "//host", no scheme). */
const sitePath = z
  .string()
  .max(2000)
  .refine((p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\"), "Invalid return address");

export const checkoutSessionSchema = z.object({
  type: z.enum(TIERS),
  creatorId: z.string().max(100).nullish(),
  priceId: z.string().min(1).max(200),
  redirectUrl: sitePath,
});

/** The page to come back to, with payment=success and the tier (what the success dialog reads). */
export function successPath(redirectUrl: string, tier: Tier): string {
  const url = new URL(redirectUrl, "http://site.invalid");
  url.searchParams.delete("payment");
  url.searchParams.delete("tier");
  url.searchParams.set("payment", "success");
  url.searchParams.set("tier", tier);
  return `${url.pathname}${url.search}`;
}

async function publishedCreator(db: Database, creatorId: string) {
  const [row] = await db
    .select({ id: profiles.id, handle: profiles.handle })
    .from(profiles)
    .where(and(eq(profiles.id, creatorId), eq(profiles.isCreator, true), eq(profiles.isPublished, true)))
    .limit(1);
  return row ?? null;
}

export async function createCheckoutSession(
  db: Database,
  buyer: { userId: string | null },
  input: unknown,
  provider: PaymentProvider,
): Promise<CheckoutResult<{ clientSecret: string }>> {
  const parsed = checkoutSessionSchema.safeParse(input);
  if (!parsed.success) return fail(400, "This checkout request is not valid.");
  const { type, priceId, redirectUrl } = parsed.data;
  const price = findPrice(configuredPlans(), priceId);
  if (!price || price.tier !== type) return fail(400, "This price does not belong to the chosen plan.");
  const creatorId = type === "supporter" ? (parsed.data.creatorId ?? null) : null;
  if (type === "supporter") {
    if (!creatorId || !(await publishedCreator(db, creatorId))) return fail(404, "This creator cannot be supported.");
    if (creatorId === buyer.userId) return fail(400, "You cannot support yourself.");
  }
  if (buyer.userId && (await alreadySubscribed(db, buyer.userId, type, creatorId)))
    return fail(409, type === "premium" ? "You are already a Premium Member." : "You already support this creator.");
  const { clientSecret } = await provider.createCheckoutSession({
    tier: type,
    interval: price.interval,
    priceId,
    creatorId,
    userId: buyer.userId,
    email: null,
    returnPath: successPath(redirectUrl, type),
  });
  return { ok: true, clientSecret };
}

export const EMAIL_REQUIRED = "Your Email is required";
export const EMAIL_INVALID = "Please enter a valid email address";

export const localPaymentSchema = z.object({
  clientSecret: z.string().min(1).max(4000),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  email: z.string().max(320).optional(),
});

export type LocalPaymentResult = CheckoutResult<{ redirectTo: string; createdAccountEmail: string | null; userId: string; tier: Tier; interval: Interval }>;

/**
 * Pays a local checkout session. For an anonymous buyer the account is made
 * here, in the same transaction as the membership; the caller then sends the
 * invitation to set a password.
 */
export async function payLocalCheckout(db: Database, buyer: { userId: string | null }, input: unknown, now = new Date()): Promise<LocalPaymentResult> {
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
    if (await findAccountByEmail(db, email)) return fail(409, "An account with this email already exists. Log in to continue.", "email");
  }

  const card = checkTestCard({ number: parsed.data.cardNumber, expiry: parsed.data.expiry, cvc: parsed.data.cvc }, now);
  if (!card.ok) return fail(card.declined ? 402 : 400, card.message, card.field);

  if (session.creatorId && !(await publishedCreator(db, session.creatorId))) return fail(404, "This creator cannot be supported.");
  if (session.userId && (await alreadySubscribed(db, session.userId, session.tier, session.creatorId)))
    return fail(409, session.tier === "premium" ? "You are already a Premium Member." : "You already support this creator.");

  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const created = await db.transaction(async (tx) => {
    const account = session.userId ? { userId: session.userId, created: false } : await findOrCreateBuyerAccount(tx, email!);
    const { userId } = account;
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
    });
    return account;
  });
  // Only a new account is invited (one registered meanwhile already has its way in).
  return {
    ok: true,
    redirectTo: session.returnPath,
    createdAccountEmail: created.created ? email : null,
    userId: created.userId,
    tier: session.tier,
    interval: session.interval,
  };
}
