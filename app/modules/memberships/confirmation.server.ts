/**
 * What follows a membership confirmed by a payment provider, the same for
 * every provider and path: the local provider's payment, the buyer's return
 * from Stripe and Stripe's webhook. A provider may report one purchase more
 * than once (Stripe: the return and several webhook events), so it says which
 * report started the membership and which created the buyer's account; each
 * of those happens once, whichever report comes first.
 *
 * The viewer needs no refresh here: the local checkout's page navigates back
 * to its return address and Stripe's return is recorded before the root
 * resolves the viewer, so the next viewer read already sees the membership.
 */
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { trackJoined, trackSubscribedPaid } from "~/modules/analytics/index.server";
import { sendInvitation } from "~/modules/auth/index.server";
import type { Interval, Tier } from "./plans";

export interface ConfirmedMembership {
  /** The member's account (one created for an anonymous buyer included). */
  userId: string;
  tier: Tier;
  interval: Interval;
  /** The buyer was signed in at checkout (the event's is_authenticated). */
  buyerSignedIn: boolean;
  /** This report started the membership; false for a repeat of one already recorded. */
  started: boolean;
  /** The address of an account this report created for an anonymous buyer: it is invited to set a password. */
  invite: string | null;
  /** The address sent a way in after an anonymous purchase (the invitation, or a password link for an existing account); default `invite`. */
  linkTo?: string | null;
  /** The page the buyer paid on: setting their password through that link brings them back to it. */
  paidOn?: string | null;
}

/** The request a confirmation arrives in: its analytics (tracking id, last-click creator) and how to send an invitation from it. */
export interface ConfirmationScope {
  context: Readonly<RouterContextProvider>;
  /** Sends `email` its way in; `paidOn` is where it lands once the password is set. */
  sendInvitation(email: string, paidOn?: string | null): Promise<void>;
}

export function requestScope(db: Database, request: Request, context: Readonly<RouterContextProvider>): ConfirmationScope {
  return { context, sendInvitation: (email, paidOn) => sendInvitation(db, email, request, context, paidOn) };
}

export async function afterMembershipConfirmed(db: Database, membership: ConfirmedMembership, scope: ConfirmationScope): Promise<void> {
  // The buyer as they were at checkout (the request itself may be Stripe's, or come before the viewer is resolved).
  const buyer = { user: membership.buyerSignedIn ? { id: membership.userId } : null };
  if (membership.started) {
    await trackSubscribedPaid(db, scope.context, buyer, {
      tier: membership.tier,
      interval: membership.interval,
      isAuthenticated: membership.buyerSignedIn,
      userId: membership.userId,
    });
  }
  if (membership.invite) await trackJoined(db, scope.context, buyer, { userId: membership.userId, method: "email" });
  const linkTo = membership.linkTo ?? membership.invite;
  if (linkTo) {
    try {
      await scope.sendInvitation(linkTo, membership.paidOn ?? null);
    } catch (error) {
      // The membership is kept; the buyer can still ask for a login link.
      logger.error({ err: error }, "could not send the invitation after a purchase");
    }
  }
}
