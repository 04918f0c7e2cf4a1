/**
 * An admin undoing a creator approval (issue 25, item 7; ADR 0033): approval's reverse. Approval
 * made the applicant a published creator and marked their application approved; undoing it makes
 * them a plain user again (no Studio creator access, creator page hidden), unpublishes their maps
 * (kept, as drafts), marks the approved application rejected with the reason (so they may apply
 * again) and emails the reason. Their Supporters' renewals stop as when a creator leaves (Creator
 * Terms, section 9): the provider is told first, then one transaction does the rest with its
 * audit entry. Paid periods are not refunded here; that is the money back office's.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "~/lib/db.server";
import { siteUrl } from "~/lib/site-url.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { sendEmail } from "~/modules/email/index.server";
import type { PaymentProvider } from "~/modules/memberships";
import { creatorApplications, maps, profiles, user, userSuspensions } from "#db/schema";
import { endRenewals, renewingSupports, stopRenewalsAtProvider } from "./leave-creator.server";

export const UNDO_APPROVAL_ACTION = "user.creator_approval_undone";

export const UNDO_APPROVAL_MESSAGES = {
  reasonRequired: "Give the reason: it is emailed to the creator",
  notCreator: "This user is not a creator, so there is no approval to undo",
  own: "You cannot undo your own creator approval",
  provider: "We could not reach the payment provider to stop the Supporters' renewals. Nothing has changed; try again in a moment.",
} as const;

export type UndoApprovalResult =
  { ok: true; unpublishedMaps: number; endingSupports: number } | { ok: false; status: 400 | 403 | 404 | 409 | 502; error: string };

export async function undoCreatorApproval(
  db: Database,
  provider: PaymentProvider,
  input: { actor: AuditActor & { userId: string }; userId: string; reason: string; siteOrigin?: string },
): Promise<UndoApprovalResult> {
  const reason = input.reason.trim();
  if (!reason) return { ok: false, status: 400, error: UNDO_APPROVAL_MESSAGES.reasonRequired };
  if (input.userId === input.actor.userId) return { ok: false, status: 403, error: UNDO_APPROVAL_MESSAGES.own };
  const [found] = await db
    .select({ email: user.email, isCreator: profiles.isCreator, isPublished: profiles.isPublished })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, input.userId))
    .limit(1);
  if (!found) return { ok: false, status: 404, error: "This user does not exist" };
  if (!found.isCreator) return { ok: false, status: 409, error: UNDO_APPROVAL_MESSAGES.notCreator };

  const supports = await renewingSupports(db, input.userId);
  if (!(await stopRenewalsAtProvider(provider, input.userId, supports))) return { ok: false, status: 502, error: UNDO_APPROVAL_MESSAGES.provider };
  const origin = (input.siteOrigin ?? siteUrl()).replace(/\/+$/, "");

  return db.transaction(async (tx) => {
    const now = new Date();
    // Conditional on still being a creator: two admins undoing at once, the second changes nothing.
    const changed = await tx
      .update(profiles)
      .set({ isCreator: false, isPublished: false, updatedAt: now })
      .where(and(eq(profiles.id, input.userId), eq(profiles.isCreator, true)))
      .returning({ id: profiles.id });
    if (changed.length === 0) return { ok: false, status: 409, error: UNDO_APPROVAL_MESSAGES.notCreator } as const;
    const unpublished = await tx
      .update(maps)
      .set({ isPublished: false, updatedAt: now })
      .where(and(eq(maps.ownerId, input.userId), eq(maps.isPublished, true)))
      .returning({ id: maps.id });
    const endingSupports = await endRenewals(tx, input.userId, supports, now);
    // A suspension in force must not publish a profile that is no longer a creator's when it is lifted.
    await tx
      .update(userSuspensions)
      .set({ wasPublished: false })
      .where(and(eq(userSuspensions.userId, input.userId), isNull(userSuspensions.liftedAt)));
    const [application] = await tx
      .select({ id: creatorApplications.id })
      .from(creatorApplications)
      .where(and(eq(creatorApplications.userId, input.userId), eq(creatorApplications.status, "approved")))
      .orderBy(desc(creatorApplications.createdAt))
      .limit(1);
    if (application) {
      await tx
        .update(creatorApplications)
        .set({ status: "rejected", reviewerId: input.actor.userId, reviewedAt: now, decisionReason: reason, updatedAt: now })
        .where(eq(creatorApplications.id, application.id));
      // The application's own history (its review page) shows the reversal too.
      await record(
        tx,
        input.actor,
        "creator_application.rejected",
        { type: "creator_application", id: application.id },
        { status: "approved" },
        { status: "rejected", reason },
      );
    }
    await record(
      tx,
      input.actor,
      UNDO_APPROVAL_ACTION,
      { type: "user", id: input.userId },
      { isCreator: true, isPublished: found.isPublished, publishedMapIds: unpublished.map((m) => m.id), applicationId: application?.id ?? null },
      { isCreator: false, isPublished: false, reason, unpublishedMaps: unpublished.length, supportsEndingAtPeriodEnd: endingSupports },
    );
    await sendEmail(tx, { to: found.email, template: "creator-approval-undone", payload: { reason, accountUrl: origin + href("/account") } });
    return { ok: true, unpublishedMaps: unpublished.length, endingSupports } as const;
  });
}
