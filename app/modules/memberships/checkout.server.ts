/**
 * Checkout: open a session for a plan (payments/create-checkout-session).
 * Everything the browser sends is checked here: the price must be the
 * tier's, the creator a published one, and the buyer must not already have
 * what they are buying. (The local test provider pays its sessions itself,
 * with the same checks: providers/local.server.ts.)
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { isSitePath } from "~/lib/safe-redirect";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { profiles } from "#db/schema";
import { findPrice, TIERS, type Tier } from "./plans";
import { configuredPlans } from "./plans.server";
import type { PaymentProvider } from "./providers/provider";
import { alreadySubscribed } from "./subscriptions.server";

export type CheckoutResult<T> = ({ ok: true } & T) | { ok: false; status: number; error: string; field?: string };

export const fail = (status: number, error: string, field?: string) => ({ ok: false as const, status, error, ...(field ? { field } : {}) });

/** A path on this site: never another origin (no "//host", no scheme). */
const sitePath = z.string().max(2000).refine(isSitePath, "Invalid return address");

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

/** The page a checkout was opened on, from its return path: without the thank-you's parameters (or Stripe's session id). */
export function pagePaidOn(returnPath: string): string {
  const url = new URL(returnPath, "http://site.invalid");
  for (const name of ["payment", "tier", "session_id"]) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

export const alreadyHaveIt = (tier: Tier) => (tier === "premium" ? "You are already a Premium Member." : "You already support this creator.");

export async function publishedCreator(db: Database, creatorId: string) {
  const [row] = await db
    .select({ id: profiles.id, handle: profiles.handle })
    .from(profiles)
    .where(and(eq(profiles.id, creatorId), publishedCreatorSql))
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
  if (buyer.userId && (await alreadySubscribed(db, buyer.userId, type, creatorId))) return fail(409, alreadyHaveIt(type));
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
