/**
 * What an admin does to an account (issue 25, item 7): grant or revoke admin, suspend with a
 * reason, lift a suspension. Each is one transaction with its audit entry (who, from where, the
 * account before and after) and, where the user is told, its email in the outbox: all of it
 * commits, or none. Undoing a creator approval is the creators room's (undo-approval.server.ts).
 *
 * A suspension (ADR 0033): the account gets no new session (modules/auth refuses it), every
 * session it has ends in the same transaction, and its profile is unpublished, which hides the
 * creator page, maps, spots and posts from everyone else, in search, the sitemap and the page
 * cache too (they all follow `profiles.is_published`). Lifting it publishes the profile again if it
 * was published before.
 */
import { isTakenDown } from "~/modules/moderation/index.server";
import { and, eq, isNull } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { siteUrl } from "~/lib/site-url.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { isConfiguredAdmin } from "~/modules/auth/index.server";
import { liftSuppression, sendEmail } from "~/modules/email/index.server";
import { profiles, session, user, userSuspensions } from "#db/schema";

export const USER_AUDIT_ACTIONS = {
  adminGranted: "user.admin_granted",
  adminRevoked: "user.admin_revoked",
  suspended: "user.suspended",
  lifted: "user.suspension_lifted",
  bounceCleared: "user.email_bounce_cleared",
} as const;

export const USER_ACTION_MESSAGES = {
  notFound: "This user does not exist",
  alreadyAdmin: "This user is already an admin",
  notAdmin: "This user is not an admin",
  ownAdmin: "You cannot revoke your own admin rights",
  configuredAdmin: "This address is listed in ADMIN_EMAILS, so it is made admin again at every start: remove it from ADMIN_EMAILS to revoke it",
  ownSuspension: "You cannot suspend your own account",
  adminSuspension: "Admins cannot be suspended: revoke their admin rights first",
  alreadySuspended: "This account is already suspended",
  notSuspended: "This account is not suspended",
  reasonRequired: "Give the reason for the suspension: it is emailed to the user",
  notBounced: "This address is not on the bounce list (any more)",
} as const;

export type UserActionResult = { ok: true } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

type Actor = AuditActor & { userId: string };

const fail = (status: 400 | 403 | 404 | 409, error: string) => ({ ok: false, status, error }) as const;

async function account(db: Database, userId: string) {
  const [found] = await db
    .select({ id: user.id, email: user.email, isAdmin: profiles.isAdmin })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return found;
}

/** Grant (`admin` true) or revoke admin rights. An admin never revokes their own; ADMIN_EMAILS' addresses stay admin. */
export async function setAdminRole(db: Database, input: { actor: Actor; userId: string; admin: boolean }): Promise<UserActionResult> {
  const found = await account(db, input.userId);
  if (!found) return fail(404, USER_ACTION_MESSAGES.notFound);
  if (!input.admin && found.id === input.actor.userId) return fail(403, USER_ACTION_MESSAGES.ownAdmin);
  if (!input.admin && isConfiguredAdmin(found.email)) return fail(409, USER_ACTION_MESSAGES.configuredAdmin);
  return db.transaction(async (tx) => {
    // Conditional on the current state: a second click (or a second admin) changes nothing.
    const changed = await tx
      .update(profiles)
      .set({ isAdmin: input.admin, updatedAt: new Date() })
      .where(and(eq(profiles.id, input.userId), eq(profiles.isAdmin, !input.admin)))
      .returning({ id: profiles.id });
    if (changed.length === 0) return fail(409, input.admin ? USER_ACTION_MESSAGES.alreadyAdmin : USER_ACTION_MESSAGES.notAdmin);
    await record(
      tx,
      input.actor,
      input.admin ? USER_AUDIT_ACTIONS.adminGranted : USER_AUDIT_ACTIONS.adminRevoked,
      { type: "user", id: input.userId },
      { isAdmin: !input.admin },
      { isAdmin: input.admin },
    );
    return { ok: true } as const;
  });
}

/** Suspend an account with a reason: no sign-in, every session ended, public content hidden, the reason emailed. */
export async function suspendUser(db: Database, input: { actor: Actor; userId: string; reason: string }): Promise<UserActionResult> {
  const reason = input.reason.trim();
  if (!reason) return fail(400, USER_ACTION_MESSAGES.reasonRequired);
  const found = await account(db, input.userId);
  if (!found) return fail(404, USER_ACTION_MESSAGES.notFound);
  if (found.id === input.actor.userId) return fail(403, USER_ACTION_MESSAGES.ownSuspension);
  if (found.isAdmin) return fail(409, USER_ACTION_MESSAGES.adminSuspension);
  const infoEmail = env().INFO_EMAIL;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [profile] = await tx.select({ isPublished: profiles.isPublished }).from(profiles).where(eq(profiles.id, input.userId)).for("update");
    // The partial unique index allows one suspension in force: a second suspends nothing.
    const inserted = await tx
      .insert(userSuspensions)
      .values({ userId: input.userId, reason, suspendedBy: input.actor.userId, suspendedAt: now, wasPublished: profile.isPublished })
      .onConflictDoNothing()
      .returning({ id: userSuspensions.id });
    if (inserted.length === 0) return fail(409, USER_ACTION_MESSAGES.alreadySuspended);
    // Unpublishing the profile hides everything it owns wherever it is listed (the `listed` triggers, the page cache's version).
    if (profile.isPublished) await tx.update(profiles).set({ isPublished: false, updatedAt: now }).where(eq(profiles.id, input.userId));
    const ended = await tx.delete(session).where(eq(session.userId, input.userId)).returning({ id: session.id });
    await record(
      tx,
      input.actor,
      USER_AUDIT_ACTIONS.suspended,
      { type: "user", id: input.userId },
      { suspended: false, isPublished: profile.isPublished },
      { suspended: true, isPublished: false, reason, suspensionId: inserted[0].id, sessionsEnded: ended.length },
    );
    await sendEmail(tx, {
      to: found.email,
      template: "account-suspended",
      payload: { reason, contactUrl: `mailto:${infoEmail}?subject=${encodeURIComponent("My suspended account")}` },
    });
    return { ok: true } as const;
  });
}

/** Lift the suspension in force: the account can sign in again and what it had published is public again. */
export async function liftSuspension(db: Database, input: { actor: Actor; userId: string; siteOrigin?: string }): Promise<UserActionResult> {
  const found = await account(db, input.userId);
  if (!found) return fail(404, USER_ACTION_MESSAGES.notFound);
  const origin = (input.siteOrigin ?? siteUrl()).replace(/\/+$/, "");
  return db.transaction(async (tx) => {
    const now = new Date();
    const [lifted] = await tx
      .update(userSuspensions)
      .set({ liftedAt: now, liftedBy: input.actor.userId })
      .where(and(eq(userSuspensions.userId, input.userId), isNull(userSuspensions.liftedAt)))
      .returning({ id: userSuspensions.id, wasPublished: userSuspensions.wasPublished });
    if (!lifted) return fail(409, USER_ACTION_MESSAGES.notSuspended);
    // Only a creator's profile is ever published (an approval undone meanwhile cleared wasPublished);
    // one taken down by moderation stays down until the takedown itself is restored.
    const republished =
      lifted.wasPublished && !(await isTakenDown(tx, "creator", input.userId))
        ? await tx
            .update(profiles)
            .set({ isPublished: true, updatedAt: now })
            .where(and(eq(profiles.id, input.userId), eq(profiles.isCreator, true)))
            .returning({ id: profiles.id })
        : [];
    await record(
      tx,
      input.actor,
      USER_AUDIT_ACTIONS.lifted,
      { type: "user", id: input.userId },
      { suspended: true, isPublished: false, suspensionId: lifted.id },
      { suspended: false, isPublished: republished.length > 0 },
    );
    await sendEmail(tx, { to: found.email, template: "account-restored", payload: { signInUrl: `${origin}${href("/auth")}?step=login` } });
    return { ok: true } as const;
  });
}

/**
 * Take the user's address off the bounce list (they fixed their mailbox): email to it is sent again,
 * from the next message on (messages held back while it was listed stay held back).
 */
export async function clearEmailBounce(db: Database, input: { actor: Actor; userId: string }): Promise<UserActionResult> {
  const found = await account(db, input.userId);
  if (!found) return fail(404, USER_ACTION_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const cleared = await liftSuppression(tx, found.email);
    if (!cleared) return fail(409, USER_ACTION_MESSAGES.notBounced);
    await record(
      tx,
      input.actor,
      USER_AUDIT_ACTIONS.bounceCleared,
      { type: "user", id: input.userId },
      { emailBounced: true, address: cleared.address, response: cleared.response, since: cleared.createdAt.toISOString() },
      { emailBounced: false },
    );
    return { ok: true } as const;
  });
}
