/**
 * Creator applications: a signed-in user offers a map (a PDF, a shared Google
 * Maps list link, or both) and accepts the creator terms; admins decide.
 *
 * Rules that are not obvious: an application writes nothing unless all of it
 * is valid (the file goes to the private bucket first and is removed again if
 * the row cannot be written); a user has at most one pending application (a
 * partial unique index holds it even when two submissions race); the three
 * terms agreements and `is_onboarded` commit together or not at all.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { href } from "react-router";
import { APPLICATION_STATUSES, creatorApplications, profiles, termsAuditLog, user } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { siteUrl } from "~/lib/site-url.server";
import { sendEmail } from "~/modules/email/index.server";
import { deletePrivateObject, getPrivateObject, putPrivateObject, signedUrl } from "~/modules/storage/index.server";
import {
  APPLICATION_MESSAGES,
  APPLICATION_REVIEW_TIME,
  CREATOR_TERMS_VERSIONS,
  MAX_APPLICATION_BYTES,
  isApplicationLink,
  looksLikePdf,
  type ApplicationStatus,
  type ApplicationView,
  type CreatorTermsField,
} from "./application-rules";

// The client-safe status type and the schema's list must not drift apart.
const STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES;
void STATUSES;

/** Where application PDFs are kept (never public). */
export const APPLICATION_BUCKET = "applications" as const;

export type Failure = { ok: false; status: number; error: string };
export type ApplicationResult = { ok: true; application: ApplicationView } | Failure;

const fail = (status: number, error: string): Failure => ({ ok: false, status, error });

type ApplicationRow = typeof creatorApplications.$inferSelect;

export function toApplicationView(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    status: row.status,
    url: row.url,
    hasFile: row.fileObject !== null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reason: row.decisionReason,
  };
}

/** The user's latest application, whatever its status, or null if they never applied. */
export async function currentApplication(db: Database, userId: string): Promise<ApplicationView | null> {
  const [row] = await db
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.userId, userId))
    .orderBy(desc(creatorApplications.createdAt), desc(creatorApplications.id))
    .limit(1);
  return row ? toApplicationView(row) : null;
}

/** Postgres unique violation (both drivers report the SQLSTATE as `code`, possibly on `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === "23505") return true;
  }
  return false;
}

/**
 * Submit an application: a PDF (by its bytes), a link, or both. Every failure
 * is a 4xx result with a clear message and writes nothing. On success the
 * applicant gets a confirmation email and every admin a notification, in the
 * same transaction as the row.
 */
export async function submitApplication(
  db: Database,
  input: { userId: string; file?: { bytes: Uint8Array }; url?: string; siteUrl?: string },
): Promise<ApplicationResult> {
  const url = input.url?.trim() || undefined;
  const bytes = input.file?.bytes;
  if (!bytes && !url) return fail(400, APPLICATION_MESSAGES.NEED_FILE_OR_LINK);
  if (url !== undefined && !isApplicationLink(url)) return fail(400, APPLICATION_MESSAGES.BAD_LINK);
  if (bytes) {
    if (bytes.length === 0) return fail(400, APPLICATION_MESSAGES.FILE_EMPTY);
    if (bytes.length > MAX_APPLICATION_BYTES) return fail(413, APPLICATION_MESSAGES.FILE_TOO_LARGE);
    if (!looksLikePdf(bytes)) return fail(415, APPLICATION_MESSAGES.NOT_A_PDF);
  }

  const [applicant] = await db
    .select({ email: user.email, name: user.name, isCreator: profiles.isCreator, displayName: profiles.displayName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, input.userId))
    .limit(1);
  if (!applicant) return fail(401, APPLICATION_MESSAGES.NO_AUTH);
  if (applicant.isCreator) return fail(409, APPLICATION_MESSAGES.ALREADY_CREATOR);
  if (await hasPending(db, input.userId)) return fail(409, APPLICATION_MESSAGES.ALREADY_PENDING);

  const id = randomUUID();
  const fileObject = bytes ? `${id}.pdf` : null;
  if (bytes && fileObject) await putPrivateObject(APPLICATION_BUCKET, fileObject, bytes);

  const site = (input.siteUrl ?? siteUrl()).replace(/\/+$/, "");
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(creatorApplications)
        .values({ id, userId: input.userId, fileObject, url: url ?? null, status: "pending" })
        .returning();
      await sendEmail(tx, {
        to: applicant.email,
        template: "creator-application-received",
        payload: { accountUrl: site + href("/account"), reviewTime: APPLICATION_REVIEW_TIME },
      });
      const admins = await tx
        .select({ email: user.email })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(and(eq(profiles.isAdmin, true), ne(profiles.id, input.userId)))
        .orderBy(asc(user.email));
      for (const admin of admins) {
        await sendEmail(tx, {
          to: admin.email,
          template: "creator-application-new",
          payload: {
            applicant: applicant.displayName || applicant.name || applicant.email,
            applicantEmail: applicant.email,
            reviewUrl: site + href("/admin/creators/:id", { id }),
            hasFile: fileObject !== null,
            link: url ?? null,
          },
        });
      }
      return created;
    });
    return { ok: true, application: toApplicationView(row) };
  } catch (error) {
    if (fileObject) await deletePrivateObject(APPLICATION_BUCKET, fileObject);
    if (isUniqueViolation(error)) return fail(409, APPLICATION_MESSAGES.ALREADY_PENDING);
    throw error;
  }
}

async function hasPending(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creatorApplications.id })
    .from(creatorApplications)
    .where(and(eq(creatorApplications.userId, userId), eq(creatorApplications.status, "pending")))
    .limit(1);
  return Boolean(row);
}

/** Withdraw the user's pending application (the only one that can be withdrawn). */
export async function withdrawApplication(db: Database, userId: string): Promise<ApplicationResult> {
  const [row] = await db
    .update(creatorApplications)
    .set({ status: "withdrawn" })
    .where(and(eq(creatorApplications.userId, userId), eq(creatorApplications.status, "pending")))
    .returning();
  if (!row) return fail(404, APPLICATION_MESSAGES.NOTHING_TO_WITHDRAW);
  return { ok: true, application: toApplicationView(row) };
}

/**
 * Record the creator terms: one `terms_audit_log` row per document (user,
 * version, IP, time) and the profile marked onboarded, in one transaction.
 * All three documents must be accepted.
 */
export async function acceptCreatorTerms(
  db: Database,
  input: { userId: string; ip: string | null; accepted: Record<CreatorTermsField, boolean> },
): Promise<{ ok: true } | Failure> {
  const fields = Object.keys(CREATOR_TERMS_VERSIONS) as CreatorTermsField[];
  if (!fields.every((field) => input.accepted[field] === true)) return fail(400, APPLICATION_MESSAGES.TERMS_REQUIRED);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(termsAuditLog).values(fields.map((field) => ({ userId: input.userId, termsVersion: CREATOR_TERMS_VERSIONS[field], ip: input.ip })));
      const [onboarded] = await tx.update(profiles).set({ isOnboarded: true }).where(eq(profiles.id, input.userId)).returning({ id: profiles.id });
      // No profile, no agreement: the audit rows above must not stay without it.
      if (!onboarded) throw new NoProfile();
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof NoProfile) return fail(401, APPLICATION_MESSAGES.NO_AUTH);
    throw error;
  }
}

class NoProfile extends Error {}

/** The PDF of an application (for the admin viewer), or null when it has none. */
export async function applicationFile(db: Database, applicationId: string): Promise<{ bytes: Uint8Array } | null> {
  const key = await applicationFileObject(db, applicationId);
  if (!key) return null;
  const bytes = await getPrivateObject(APPLICATION_BUCKET, key);
  return bytes ? { bytes } : null;
}

/**
 * A short-lived URL of an application's PDF (served only to admins at
 * /files/applications/…), or null when it has none. Default: 5 minutes.
 */
export async function applicationFileUrl(db: Database, applicationId: string, ttlSeconds = 300): Promise<string | null> {
  const key = await applicationFileObject(db, applicationId);
  return key ? signedUrl(APPLICATION_BUCKET, key, ttlSeconds) : null;
}

async function applicationFileObject(db: Database, applicationId: string): Promise<string | null> {
  if (!isUuid(applicationId)) return null;
  const [row] = await db
    .select({ fileObject: creatorApplications.fileObject })
    .from(creatorApplications)
    .where(eq(creatorApplications.id, applicationId))
    .limit(1);
  return row?.fileObject ?? null;
}
