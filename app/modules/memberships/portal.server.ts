/**
 * Stripe's customer portal (card, invoices, billing details) for a member
 * whose subscription is Stripe's. The customer is always the one on the
 * signed-in user's own subscription row, never one named by the request;
 * anything else (a test-mode membership, no customer, Stripe not configured)
 * is refused with a message, not an error.
 */
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { creatorSupporters, platformSubscriptions } from "#db/schema";

export const portalSchema = z.object({
  action: z.literal("portal"),
  /** Which of one's memberships (each may have its own Stripe customer); the newest when absent. */
  subscriptionId: z.uuid().optional(),
});

export type PortalResult = { ok: true; url: string } | { ok: false; status: number; error: string };

const fail = (status: number, error: string): PortalResult => ({ ok: false, status, error });

/** The user's own memberships (ours and Stripe's), newest change first; one of them when an id is given. */
async function ownSubscriptions(db: Database, userId: string, subscriptionId: string | undefined) {
  const rows = await Promise.all(
    [platformSubscriptions, creatorSupporters].map((table) =>
      db
        .select({ provider: table.provider, customerId: table.providerCustomerId, updatedAt: table.updatedAt })
        .from(table)
        .where(and(eq(table.userId, userId), subscriptionId ? eq(table.id, subscriptionId) : undefined))
        .orderBy(desc(table.updatedAt))
        .limit(1),
    ),
  );
  return rows.flat().sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}

export async function openCustomerPortal(db: Database, stripe: Stripe | null, userId: string, input: unknown, returnUrl: string): Promise<PortalResult> {
  const parsed = portalSchema.safeParse(input);
  if (!parsed.success) return fail(400, "This request is not valid.");
  const [subscription] = await ownSubscriptions(db, userId, parsed.data.subscriptionId);
  if (!subscription) return fail(404, "This membership was not found.");
  if (subscription.provider !== "stripe") return fail(400, "This membership is in test mode: manage it on this page.");
  if (!subscription.customerId) return fail(404, "No billing account was found for this membership.");
  if (!stripe) return fail(409, "Billing cannot be managed online at the moment. Please try again later.");
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: subscription.customerId, return_url: returnUrl });
    return { ok: true, url: session.url };
  } catch (error) {
    // A customer deleted at Stripe, say: the member gets a way forward, we get the details.
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error({ err: error, customerId: subscription.customerId }, "could not open the Stripe customer portal");
    return error instanceof Stripe.errors.StripeInvalidRequestError
      ? fail(409, "Your billing account could not be opened. Please contact us.")
      : fail(502, "Stripe could not be reached. Please try again in a moment.");
  }
}
