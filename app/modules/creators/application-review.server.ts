/**
 * Creator applications as admins review them: the queue, one application with
 * its context, and the two decisions. A decision changes the application, the
 * audit log, the applicant's profile (on approval) and the outbox together or
 * not at all, and only a pending application of someone else can be decided:
 * an admin never approves their own.
 */
import { isTakenDown } from "~/modules/moderation/index.server";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { siteUrl } from "~/lib/site-url.server";
import { auditTrail, record } from "~/modules/audit/index.server";
import { sendEmail } from "~/modules/email/index.server";
import { REVIEW_FORM_MESSAGES, type ApplicationStatus } from "./review-validation";
import { APPLICATION_STATUSES, creatorApplications, profiles, user } from "#db/schema";

export type { ApplicationStatus };

export const AUDIT_TARGET = "creator_application";
export const AUDIT_ACTIONS = { approved: "creator_application.approved", rejected: "creator_application.rejected" } as const;

export const REVIEW_MESSAGES = {
  notFound: "This application does not exist",
  ownApplication: "You cannot decide on your own application",
  notPending: "Only a pending application can be approved or rejected",
  reasonRequired: REVIEW_FORM_MESSAGES.reasonRequired,
} as const;

export interface Applicant {
  id: string;
  name: string;
  email: string;
  handle: string | null;
  displayName: string | null;
}

export interface ApplicationSummary {
  id: string;
  status: ApplicationStatus;
  url: string | null;
  hasFile: boolean;
  createdAt: Date;
  reviewedAt: Date | null;
  reason: string | null;
}

export interface ApplicationListItem extends ApplicationSummary {
  applicant: Applicant;
}

export interface ApplicationList {
  applications: ApplicationListItem[];
  counts: Record<ApplicationStatus, number>;
}

const summaryColumns = {
  id: creatorApplications.id,
  status: creatorApplications.status,
  url: creatorApplications.url,
  hasFile: sql<boolean>`${creatorApplications.fileObject} is not null`,
  createdAt: creatorApplications.createdAt,
  reviewedAt: creatorApplications.reviewedAt,
  reason: creatorApplications.decisionReason,
};

const applicantColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  handle: profiles.handle,
  displayName: profiles.displayName,
};

/** The queue: pending first, then oldest first within a status; counts for every status. */
export async function listApplications(db: Database, { status }: { status?: ApplicationStatus } = {}): Promise<ApplicationList> {
  const [rows, byStatus] = await Promise.all([
    db
      .select({ ...summaryColumns, applicant: applicantColumns })
      .from(creatorApplications)
      .innerJoin(user, eq(user.id, creatorApplications.userId))
      .leftJoin(profiles, eq(profiles.id, creatorApplications.userId))
      .where(status ? eq(creatorApplications.status, status) : undefined)
      .orderBy(sql`${creatorApplications.status} = 'pending' desc`, asc(creatorApplications.createdAt), asc(creatorApplications.id)),
    db
      .select({ status: creatorApplications.status, n: sql<number>`count(*)::int` })
      .from(creatorApplications)
      .groupBy(creatorApplications.status),
  ]);
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  for (const row of byStatus) counts[row.status] = row.n;
  return { applications: rows, counts };
}

export interface Decision {
  action: "approved" | "rejected";
  admin: { id: string | null; name: string | null; email: string | null };
  reason: string | null;
  at: Date;
}

export interface ApplicationForReview {
  application: ApplicationSummary & { fileObject: string | null };
  applicant: Applicant & {
    bio: string | null;
    profileImageUrl: string | null;
    isCreator: boolean;
    isPublished: boolean;
    joinedAt: Date;
  };
  earlier: ApplicationSummary[];
  decisions: Decision[];
}

/** One application with what an admin needs to decide: the applicant, their other applications, past decisions. */
export async function applicationForReview(db: Database, id: string): Promise<ApplicationForReview | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      application: { ...summaryColumns, fileObject: creatorApplications.fileObject },
      applicant: {
        ...applicantColumns,
        bio: profiles.bioText,
        profileImageUrl: profiles.profileImageUrl,
        isCreator: sql<boolean>`coalesce(${profiles.isCreator}, false)`,
        isPublished: sql<boolean>`coalesce(${profiles.isPublished}, false)`,
        joinedAt: user.createdAt,
      },
    })
    .from(creatorApplications)
    .innerJoin(user, eq(user.id, creatorApplications.userId))
    .leftJoin(profiles, eq(profiles.id, creatorApplications.userId))
    .where(eq(creatorApplications.id, id))
    .limit(1);
  if (!row) return null;

  const [earlier, log] = await Promise.all([
    db
      .select(summaryColumns)
      .from(creatorApplications)
      .where(and(eq(creatorApplications.userId, row.applicant.id), ne(creatorApplications.id, id)))
      .orderBy(desc(creatorApplications.createdAt)),
    auditTrail(db, { type: AUDIT_TARGET, id }),
  ]);
  const decisions = log.map((entry) => ({
    action: entry.action === AUDIT_ACTIONS.approved ? ("approved" as const) : ("rejected" as const),
    admin: { id: entry.actor.id, name: entry.actor.name, email: entry.actor.email },
    reason: typeof entry.after?.reason === "string" ? entry.after.reason : null,
    at: entry.at,
  }));
  return { application: row.application, applicant: row.applicant, earlier, decisions };
}

export type DecisionResult = { ok: true; status: "approved" | "rejected" } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

interface DecisionInput {
  adminId: string;
  /** The address the decision came from, for the audit log. */
  ip?: string | null;
  applicationId: string;
  /** The public origin for the email's link; PUBLIC_URL (or localhost) when omitted. */
  siteOrigin?: string;
}

export function approveApplication(db: Database, input: DecisionInput): Promise<DecisionResult> {
  return decide(db, input, "approved", null);
}

export function rejectApplication(db: Database, input: DecisionInput & { reason: string }): Promise<DecisionResult> {
  const reason = input.reason.trim();
  if (!reason) return Promise.resolve({ ok: false, status: 400, error: REVIEW_MESSAGES.reasonRequired });
  return decide(db, input, "rejected", reason);
}

async function decide(
  db: Database,
  { adminId, ip = null, applicationId, siteOrigin }: DecisionInput,
  decision: "approved" | "rejected",
  reason: string | null,
): Promise<DecisionResult> {
  if (!isUuid(applicationId)) return { ok: false, status: 404, error: REVIEW_MESSAGES.notFound };
  const origin = (siteOrigin ?? siteUrl()).replace(/\/+$/, "");
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: creatorApplications.userId, status: creatorApplications.status, email: user.email })
      .from(creatorApplications)
      .innerJoin(user, eq(user.id, creatorApplications.userId))
      .where(eq(creatorApplications.id, applicationId))
      .limit(1);
    if (!found) return { ok: false, status: 404, error: REVIEW_MESSAGES.notFound } as const;
    if (found.userId === adminId) return { ok: false, status: 403, error: REVIEW_MESSAGES.ownApplication } as const;
    const now = new Date();
    // The status condition makes two admins deciding at once safe: the second updates nothing.
    const updated = await tx
      .update(creatorApplications)
      .set({ status: decision, reviewerId: adminId, reviewedAt: now, decisionReason: reason, updatedAt: now })
      .where(and(eq(creatorApplications.id, applicationId), eq(creatorApplications.status, "pending")))
      .returning({ id: creatorApplications.id });
    if (updated.length === 0) return { ok: false, status: 409, error: REVIEW_MESSAGES.notPending } as const;

    await record(
      tx,
      { userId: adminId, ip },
      AUDIT_ACTIONS[decision],
      { type: AUDIT_TARGET, id: applicationId },
      { status: "pending" },
      reason ? { status: decision, reason } : { status: decision },
    );
    if (decision === "approved") {
      // The profile row normally exists (made with the user); make sure of it. A creator page taken
      // down by moderation (then the approval undone, now given again) stays down until restored.
      const published = !(await isTakenDown(tx, "creator", found.userId));
      await tx
        .insert(profiles)
        .values({ id: found.userId, isCreator: true, isPublished: published })
        .onConflictDoUpdate({ target: profiles.id, set: { isCreator: true, isPublished: published, updatedAt: now } });
      await sendEmail(tx, { to: found.email, template: "creator-approved", payload: { studioUrl: origin + href("/studio") } });
    } else {
      await sendEmail(tx, { to: found.email, template: "creator-rejected", payload: { reason: reason!, accountUrl: origin + href("/account") } });
    }
    return { ok: true, status: decision } as const;
  });
}
