/**
 * The privacy-policy acceptance of an anonymous buyer who pays with Stripe. Sign-up and the local
 * provider's checkout record it with the account they create; a Stripe purchase makes the account
 * later (its webhook, or the buyer's return), after the card form has gone to Stripe. So the form
 * tells us first, by checkout session (`acceptForCheckout`, with the buyer's address), and the
 * purchase's own paths — the `checkout.session.completed` webhook and the return — turn it into the
 * account's agreement row (`recordCheckoutAcceptance`), once, whichever comes first.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { recordPrivacyAgreement } from "~/modules/auth/index.server";
import { checkoutPrivacyAcceptances, privacyPolicyAgreementAuditLog } from "#db/schema";

/** A Stripe checkout session id, as Stripe makes them. */
export const STRIPE_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** The session of a checkout's client secret (`cs_…_secret_…`), or null. */
export function sessionOfClientSecret(clientSecret: string): string | null {
  const id = clientSecret.split("_secret_")[0];
  return STRIPE_SESSION_ID.test(id) ? id : null;
}

/** The buyer ticked the box for this session (again: the first address stays). */
export async function acceptForCheckout(db: Database, sessionId: string, ip: string): Promise<boolean> {
  if (!STRIPE_SESSION_ID.test(sessionId)) return false;
  await db.insert(checkoutPrivacyAcceptances).values({ sessionId, ip }).onConflictDoNothing();
  return true;
}

/**
 * The purchase of `sessionId` belongs to `userId`: its acceptance, if the buyer gave one, becomes
 * their agreement row — unless they already have one (an account that signed up before buying).
 */
export async function recordCheckoutAcceptance(db: Database, sessionId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [acceptance] = await tx
      .select({ ip: checkoutPrivacyAcceptances.ip })
      .from(checkoutPrivacyAcceptances)
      .where(and(eq(checkoutPrivacyAcceptances.sessionId, sessionId), isNull(checkoutPrivacyAcceptances.recordedAt)))
      .for("update");
    if (!acceptance) return false;
    await tx
      .update(checkoutPrivacyAcceptances)
      .set({ userId, recordedAt: sql`now()` })
      .where(eq(checkoutPrivacyAcceptances.sessionId, sessionId));
    const [agreed] = await tx
      .select({ id: privacyPolicyAgreementAuditLog.id })
      .from(privacyPolicyAgreementAuditLog)
      .where(eq(privacyPolicyAgreementAuditLog.userId, userId))
      .limit(1);
    if (agreed) return false;
    return recordPrivacyAgreement(tx, userId, acceptance.ip);
  });
}
