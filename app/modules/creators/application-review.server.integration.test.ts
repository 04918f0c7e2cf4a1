import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import type { Database } from "~/lib/db.server";
import { creatorApplications, emailOutbox, profiles } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createProfile } from "#db/seed/factories";
import { applicationForReview, approveApplication, listApplications, rejectApplication, REVIEW_MESSAGES } from "./application-review.server";

const db = await setupTestDatabase();

const ORIGIN = "https://spotfolio.test";

async function apply(db: Database, userId: string, values: Partial<typeof creatorApplications.$inferInsert> = {}) {
  const [row] = await db
    .insert(creatorApplications)
    .values({ userId, url: "https://maps.app.goo.gl/abc123", ...values })
    .returning();
  return row;
}

async function applicant(db: Database, email = `applicant-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  return createProfile(db, { handle: null, isPublished: false }, { email, name: "Ana Applicant" });
}

const profileOf = async (db: Database, id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];
const applicationOf = async (db: Database, id: string) => (await db.select().from(creatorApplications).where(eq(creatorApplications.id, id)))[0];
const mailsTo = (db: Database, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("deciding on creator applications", () => {
  let adminId: string;
  beforeEach(async () => {
    adminId = (await createProfile(db, { isAdmin: true }, { name: "Olga Admin" })).user.id;
  });

  it("approve: the applicant becomes a published creator, the decision is logged and the welcome email queued", async () => {
    const { user } = await applicant(db, "ana@example.com");
    const application = await apply(db, user.id);

    expect(await approveApplication(db, { adminId, ip: "203.0.113.7", applicationId: application.id, siteOrigin: ORIGIN })).toEqual({
      ok: true,
      status: "approved",
    });

    const profile = await profileOf(db, user.id);
    expect(profile.isCreator).toBe(true);
    expect(profile.isPublished).toBe(true);
    const stored = await applicationOf(db, application.id);
    expect(stored.status).toBe("approved");
    expect(stored.reviewerId).toBe(adminId);
    expect(stored.reviewedAt).toBeInstanceOf(Date);
    expect(stored.decisionReason).toBeNull();
    const audit = await db.select().from(adminAuditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        adminId,
        action: "creator_application.approved",
        targetType: "creator_application",
        targetId: application.id,
        ip: "203.0.113.7",
        before: { status: "pending" },
        after: { status: "approved" },
      }),
    ]);
    const [mail] = await mailsTo(db, "ana@example.com");
    expect(mail.template).toBe("creator-approved");
    expect(mail.text).toContain(`${ORIGIN}/studio`);
    expect(mail.text).toMatch(/Google list/);

    const review = await applicationForReview(db, application.id);
    expect(review?.decisions).toEqual([expect.objectContaining({ action: "approved", reason: null, admin: expect.objectContaining({ name: "Olga Admin" }) })]);
  });

  it("reject: needs a reason, records it, emails it, and leaves the profile as it was", async () => {
    const { user } = await applicant(db, "bo@example.com");
    const application = await apply(db, user.id);

    for (const reason of ["", "   "]) {
      expect(await rejectApplication(db, { adminId, applicationId: application.id, reason })).toEqual({
        ok: false,
        status: 400,
        error: REVIEW_MESSAGES.reasonRequired,
      });
    }
    expect((await applicationOf(db, application.id)).status).toBe("pending");
    expect(await db.select().from(adminAuditLog)).toHaveLength(0);
    expect(await mailsTo(db, "bo@example.com")).toHaveLength(0);

    const reason = "Your map has 12 spots; creators start with at least 30.";
    expect(await rejectApplication(db, { adminId, applicationId: application.id, reason: `  ${reason} `, siteOrigin: ORIGIN })).toEqual({
      ok: true,
      status: "rejected",
    });
    const stored = await applicationOf(db, application.id);
    expect(stored.status).toBe("rejected");
    expect(stored.decisionReason).toBe(reason);
    expect(stored.reviewerId).toBe(adminId);
    const profile = await profileOf(db, user.id);
    expect(profile.isCreator).toBe(false);
    expect(profile.isPublished).toBe(false);
    const [audit] = await db.select().from(adminAuditLog);
    expect(audit).toMatchObject({
      adminId,
      action: "creator_application.rejected",
      targetId: application.id,
      ip: null,
      before: { status: "pending" },
      after: { status: "rejected", reason },
    });
    expect((await applicationForReview(db, application.id))?.decisions).toEqual([expect.objectContaining({ action: "rejected", reason })]);
    const [mail] = await mailsTo(db, "bo@example.com");
    expect(mail.template).toBe("creator-rejected");
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain(reason);
  });

  it("an admin cannot decide on their own application", async () => {
    const application = await apply(db, adminId);
    expect(await approveApplication(db, { adminId, applicationId: application.id })).toEqual({
      ok: false,
      status: 403,
      error: REVIEW_MESSAGES.ownApplication,
    });
    expect(await rejectApplication(db, { adminId, applicationId: application.id, reason: "No" })).toMatchObject({ ok: false, status: 403 });
    expect((await applicationOf(db, application.id)).status).toBe("pending");
    expect((await profileOf(db, adminId)).isCreator).toBe(false);
    expect(await db.select().from(adminAuditLog)).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("only a pending application can be decided, once", async () => {
    const { user } = await applicant(db);
    const withdrawn = await apply(db, user.id, { status: "withdrawn" });
    const pending = await apply(db, user.id);
    expect(await approveApplication(db, { adminId, applicationId: withdrawn.id })).toEqual({ ok: false, status: 409, error: REVIEW_MESSAGES.notPending });

    expect((await rejectApplication(db, { adminId, applicationId: pending.id, reason: "Too few spots" })).ok).toBe(true);
    // A second admin deciding the same application afterwards changes nothing.
    const other = (await createProfile(db, { isAdmin: true })).user.id;
    expect(await approveApplication(db, { adminId: other, applicationId: pending.id })).toMatchObject({ ok: false, status: 409 });
    expect((await applicationOf(db, pending.id)).status).toBe("rejected");
    expect((await profileOf(db, user.id)).isCreator).toBe(false);
    expect(await db.select().from(adminAuditLog)).toHaveLength(1);
    expect(await db.select().from(emailOutbox)).toHaveLength(1);

    expect(await approveApplication(db, { adminId, applicationId: "3f1c2b9e-0000-4000-8000-000000000000" })).toMatchObject({ ok: false, status: 404 });
    expect(await approveApplication(db, { adminId, applicationId: "not-a-uuid" })).toMatchObject({ ok: false, status: 404 });
  });

  it("lists pending first, oldest first, with counts per status, and filters by status", async () => {
    const a = await applicant(db, "a@example.com");
    const b = await applicant(db, "b@example.com");
    const c = await applicant(db, "c@example.com");
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const oldRejected = await apply(db, a.user.id, { status: "rejected", createdAt: day(1), decisionReason: "Too few spots" });
    const newerPending = await apply(db, b.user.id, { createdAt: day(5), url: null, fileObject: "2026/abc.pdf" });
    const olderPending = await apply(db, a.user.id, { createdAt: day(3) });
    const approved = await apply(db, c.user.id, { status: "approved", createdAt: day(2) });

    const all = await listApplications(db);
    expect(all.applications.map((x) => x.id)).toEqual([olderPending.id, newerPending.id, oldRejected.id, approved.id]);
    expect(all.counts).toEqual({ pending: 2, approved: 1, rejected: 1, withdrawn: 0 });
    expect(all.applications[1]).toMatchObject({ hasFile: true, url: null, applicant: { email: "b@example.com", name: "Ana Applicant" } });
    expect(all.applications[0]).toMatchObject({ hasFile: false, url: "https://maps.app.goo.gl/abc123" });

    const rejected = await listApplications(db, { status: "rejected" });
    expect(rejected.applications.map((x) => x.id)).toEqual([oldRejected.id]);
    expect(rejected.applications[0].reason).toBe("Too few spots");
    expect(rejected.counts).toEqual(all.counts);

    const review = await applicationForReview(db, olderPending.id);
    expect(review?.applicant.email).toBe("a@example.com");
    expect(review?.earlier.map((x) => [x.id, x.status, x.reason])).toEqual([[oldRejected.id, "rejected", "Too few spots"]]);
    expect(await applicationForReview(db, "not-a-uuid")).toBeNull();
  });
});
