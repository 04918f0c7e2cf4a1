import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { creatorApplications, emailOutbox, profiles } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCreator, createProfile } from "#db/seed/factories";
import { REVIEW_FORM_MESSAGES } from "~/modules/creators/review-validation";
import { action, loader } from "./admin-creator";
import { loader as listLoader } from "./admin-creators";

const db = await setupTestDatabase();

/** Run a loader or action as `visitor`, with the application's id as the route's param. */
function run<A>(visitor: TestVisitor, path: string, handle: (args: A) => Promise<unknown>, form?: Record<string, string>, id?: string) {
  return runRoute(visitor, path, handle, { form, params: { id } });
}

describe("/admin/creators and /admin/creators/{id}", () => {
  let applicationId: string;
  let applicantId: string;
  beforeEach(async () => {
    applicantId = (await createProfile(db, { handle: null, isPublished: false }, { email: "applicant@example.com" })).user.id;
    [{ id: applicationId }] = await db.insert(creatorApplications).values({ userId: applicantId, url: "https://maps.app.goo.gl/xyz" }).returning();
  });

  const path = () => `/admin/creators/${applicationId}`;
  const unchanged = async () => {
    expect((await db.select().from(creatorApplications).where(eq(creatorApplications.id, applicationId)))[0].status).toBe("pending");
    expect(await db.select().from(adminAuditLog)).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  };

  it("anonymous visitors are sent to log in; members and creators get 403 on every loader and action", async () => {
    const anonymous = new TestVisitor();
    expect(await run(anonymous, path(), action, { intent: "approve" }, applicationId)).toMatchObject({
      status: 302,
      location: expect.stringContaining("/auth?step=login"),
    });
    for (const make of [() => createProfile(db), () => createCreator(db)]) {
      const visitor = new TestVisitor();
      await visitor.signIn(db, (await make()).user.id);
      expect((await run(visitor, "/admin/creators", listLoader)).status).toBe(403);
      expect((await run(visitor, path(), loader, undefined, applicationId)).status).toBe(403);
      expect((await run(visitor, path(), action, { intent: "approve" }, applicationId)).status).toBe(403);
      expect((await run(visitor, path(), action, { intent: "reject", reason: "no" }, applicationId)).status).toBe(403);
    }
    await unchanged();
  });

  it("an admin sees the application and approves it with a plain form post", async () => {
    const admin = new TestVisitor();
    await admin.signIn(db, (await createProfile(db, { isAdmin: true })).user.id);
    const list = await run(admin, "/admin/creators?status=pending", listLoader);
    expect(list).toMatchObject({ status: 200, data: { counts: { pending: 1 }, applications: [{ id: applicationId }] } });
    const page = await run(admin, path(), loader, undefined, applicationId);
    expect(page).toMatchObject({ status: 200, data: { isOwn: false, fileUrl: null, applicant: { email: "applicant@example.com" } } });
    expect((await run(admin, "/admin/creators/nope", loader, undefined, "nope")).status).toBe(404);

    expect(await run(admin, path(), action, { intent: "approve" }, applicationId)).toEqual({ status: 302, location: `${path()}?decided=approved` });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, applicantId));
    expect(profile).toMatchObject({ isCreator: true, isPublished: true });
    // Logged with the address the request came from (the harness has no HTTP server in front: loopback).
    expect(await db.select().from(adminAuditLog)).toMatchObject([{ action: "creator_application.approved", targetId: applicationId, ip: "127.0.0.1" }]);
    // Decided once: a second post is refused.
    expect(await run(admin, path(), action, { intent: "reject", reason: "Changed my mind" }, applicationId)).toMatchObject({ status: 409 });
  });

  it("rejecting without a reason is a 400 with the field's message, and changes nothing", async () => {
    const admin = new TestVisitor();
    await admin.signIn(db, (await createProfile(db, { isAdmin: true })).user.id);
    expect(await run(admin, path(), action, { intent: "reject", reason: "  " }, applicationId)).toEqual({
      status: 400,
      data: { intent: "reject", fieldErrors: { reason: REVIEW_FORM_MESSAGES.reasonRequired } },
    });
    expect((await run(admin, path(), action, { intent: "delete" }, applicationId)).status).toBe(400);
    await unchanged();
  });

  it("an admin's own application cannot be decided by them (403)", async () => {
    const admin = new TestVisitor();
    await db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, applicantId));
    await admin.signIn(db, applicantId);
    expect((await run(admin, path(), loader, undefined, applicationId)).data).toMatchObject({ isOwn: true });
    expect(await run(admin, path(), action, { intent: "approve" }, applicationId)).toMatchObject({ status: 403 });
    await unchanged();
  });
});
