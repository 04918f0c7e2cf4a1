/**
 * Paid collaborations (issue 25 item 5): what an admin and a creator can do to a brief, what is
 * refused, who is emailed, and what the audit log keeps.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { collabAttachments, collabBriefs, emailOutbox } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCreator, createProfile } from "#db/seed/factories";
import { briefFieldsSchema, COLLAB_MESSAGES, eurosToCents } from "./index";
import { addAttachment, addNote, attachmentFile, briefDetail, briefsForCreator, createBrief, moveBrief, removeAttachment, updateBrief } from "./index.server";

const db = await setupTestDatabase();
stubDataDir("collabs");
stubTestEnv({ PUBLIC_URL: "https://spotfolio.test", EMAIL_RATE_PER_SECOND: "0" });

const PDF = new TextEncoder().encode("%PDF-1.7\n% a brief\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function setup() {
  const { user: admin } = await createProfile(db, { isAdmin: true });
  const { user: creatorUser, profile: creator } = await createCreator(db);
  const actor = { userId: admin.id, ip: "203.0.113.9" };
  const fields = briefFieldsSchema.parse({
    creatorHandle: `@${creator.handle}`,
    title: "Lisbon food guide",
    destination: "Lisbon",
    fee: "1500.50",
    dueDate: "2026-12-31",
    notes: "Budget approved",
  });
  const created = await createBrief(db, actor, fields);
  if (!created.ok) throw new Error(created.error);
  return { admin, creatorUser, creator, actor, briefId: created.id };
}

const mailTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));
const auditOf = (briefId: string) =>
  db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, "collab_brief"), eq(adminAuditLog.targetId, briefId)))
    .orderBy(asc(adminAuditLog.seq));

describe("the brief's form", () => {
  it("takes euros with at most two decimals and refuses anything else with a clear message", () => {
    expect(eurosToCents("1500")).toBe(150000);
    expect(eurosToCents("1500.5")).toBe(150050);
    expect(eurosToCents("1 500,05")).toBe(150005);
    for (const bad of ["-10", "10.005", "ten", "", "1e3"]) expect(eurosToCents(bad)).toBeNull();
    const result = briefFieldsSchema.safeParse({ creatorHandle: "", title: "", destination: "", fee: "12.345", dueDate: "2026-02-30", notes: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      creatorHandle: COLLAB_MESSAGES.creatorRequired,
      title: COLLAB_MESSAGES.titleRequired,
      fee: COLLAB_MESSAGES.fee,
      dueDate: COLLAB_MESSAGES.dueDate,
    });
  });
});

describe("collaboration briefs", () => {
  it("an admin proposes a brief: it is the creator's, audited, and the creator is emailed", async () => {
    const { creatorUser, creator, briefId, admin } = await setup();
    const [brief] = await db.select().from(collabBriefs).where(eq(collabBriefs.id, briefId));
    expect(brief).toMatchObject({ creatorId: creator.id, feeCents: 150050, dueDate: "2026-12-31", status: "proposed", createdBy: admin.id });
    expect((await briefsForCreator(db, creator.id)).map((b) => b.id)).toEqual([briefId]);
    const mails = await mailTo(creatorUser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "collab-brief-new", subject: "New collaboration proposed: Lisbon food guide" });
    expect(mails[0].text).toContain(`https://spotfolio.test/studio/collabs/${briefId}`);
    expect(await auditOf(briefId)).toMatchObject([
      { action: "collab_brief.created", adminId: admin.id, ip: "203.0.113.9", before: null, after: { status: "proposed" } },
    ]);
  });

  it("refuses an unknown handle and writes nothing", async () => {
    const { actor } = await setup();
    const fields = briefFieldsSchema.parse({ creatorHandle: "nobody-here", title: "X", destination: "", fee: "1", dueDate: "2026-12-01", notes: "" });
    expect(await createBrief(db, actor, fields)).toMatchObject({ ok: false, status: 400, fieldErrors: { creatorHandle: COLLAB_MESSAGES.creatorUnknown } });
  });

  it("the creator accepts with a message: the admins are emailed, no audit row (not an admin action)", async () => {
    const { creator, briefId, admin } = await setup();
    expect(await moveBrief(db, { role: "creator", creatorId: creator.id }, briefId, "accepted", "Happy to")).toEqual({ ok: true });
    const detail = await briefDetail(db, briefId, { creatorId: creator.id });
    expect(detail?.status).toBe("accepted");
    expect(detail?.events.at(-1)).toMatchObject({ kind: "status", actorRole: "creator", fromStatus: "proposed", toStatus: "accepted", message: "Happy to" });
    const mails = await mailTo(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "collab-brief-answer" });
    expect(mails[0].text).toContain("Happy to");
    expect((await auditOf(briefId)).map((a) => a.action)).toEqual(["collab_brief.created"]);
  });

  it("follows the allowed moves only: the creator cannot mark paid nor skip a step; paid is final", async () => {
    const { creator, creatorUser, briefId, actor } = await setup();
    const asCreator = { role: "creator" as const, creatorId: creator.id };
    const asAdmin = { role: "admin" as const, actor };
    expect(await moveBrief(db, asCreator, briefId, "delivered", "")).toMatchObject({ ok: false, status: 409, error: COLLAB_MESSAGES.moveRefused });
    expect(await moveBrief(db, asCreator, briefId, "bogus", "")).toMatchObject({ ok: false, status: 400 });
    await moveBrief(db, asCreator, briefId, "accepted", "");
    await moveBrief(db, asCreator, briefId, "in_progress", "");
    await moveBrief(db, asCreator, briefId, "delivered", "");
    expect(await moveBrief(db, asCreator, briefId, "paid", "")).toMatchObject({ ok: false, status: 409 });
    expect(await moveBrief(db, asAdmin, briefId, "paid", "Transferred today")).toEqual({ ok: true });
    expect(await moveBrief(db, asAdmin, briefId, "declined", "")).toMatchObject({ ok: false, status: 409, error: COLLAB_MESSAGES.finalStatus });
    expect(await updateBrief(db, actor, briefId, { title: "Changed", destination: null, fee: 1, dueDate: "2027-01-01", notes: "" })).toMatchObject({
      ok: false,
      error: COLLAB_MESSAGES.finalStatus,
    });
    const [brief] = await db.select().from(collabBriefs).where(eq(collabBriefs.id, briefId));
    expect(brief).toMatchObject({ status: "paid", title: "Lisbon food guide" });
    const mails = await mailTo(creatorUser.email);
    expect(mails.map((m) => m.template)).toEqual(["collab-brief-new", "collab-brief-status"]);
    expect(mails[1].subject).toBe("Collaboration “Lisbon food guide”: Paid");
    expect((await auditOf(briefId)).map((a) => a.action)).toEqual(["collab_brief.created", "collab_brief.status_changed"]);
    expect((await auditOf(briefId))[1]).toMatchObject({ before: { status: "delivered" }, after: { status: "paid", message: "Transferred today" } });
  });

  it("another creator's brief is not found, to read, to move, or to download from", async () => {
    const { briefId, actor } = await setup();
    const { profile: other } = await createCreator(db);
    await addAttachment(db, actor, briefId, { name: "brief.pdf", bytes: PDF });
    const [attachment] = await db.select().from(collabAttachments).where(eq(collabAttachments.briefId, briefId));
    expect(await briefDetail(db, briefId, { creatorId: other.id })).toBeNull();
    expect(await briefsForCreator(db, other.id)).toEqual([]);
    expect(await moveBrief(db, { role: "creator", creatorId: other.id }, briefId, "accepted", "")).toMatchObject({ ok: false, status: 404 });
    expect(await attachmentFile(db, briefId, attachment.id, { creatorId: other.id })).toBeNull();
    const [brief] = await db.select().from(collabBriefs).where(eq(collabBriefs.id, briefId));
    expect(brief.status).toBe("proposed");
  });

  it("an admin edits, notes, attaches and removes, each audited; files are checked by content", async () => {
    const { creator, briefId, actor } = await setup();
    expect(await updateBrief(db, actor, briefId, { title: "Porto food guide", destination: "Porto", fee: 200000, dueDate: "2027-01-15", notes: "" })).toEqual({
      ok: true,
    });
    expect(await addNote(db, actor, briefId, "Called her")).toEqual({ ok: true });
    // A PNG named .pdf is stored as a PNG; a text file named .pdf is refused.
    const png = await addAttachment(db, actor, briefId, { name: "shot.pdf", bytes: PNG });
    expect(png.ok).toBe(true);
    expect(await addAttachment(db, actor, briefId, { name: "evil.pdf", bytes: new TextEncoder().encode("<script>") })).toMatchObject({
      ok: false,
      status: 415,
      error: COLLAB_MESSAGES.fileType,
    });
    expect(await addAttachment(db, actor, briefId, { name: "big.pdf", bytes: new Uint8Array(10 * 1024 * 1024 + 1) })).toMatchObject({
      ok: false,
      status: 413,
    });
    const pdf = await addAttachment(db, actor, briefId, { name: "brief.pdf", bytes: PDF });
    if (!png.ok || !pdf.ok) throw new Error("upload failed");
    const forCreator = await attachmentFile(db, briefId, png.id, { creatorId: creator.id });
    expect(forCreator).toMatchObject({ contentType: "image/png", fileName: "shot.pdf", ext: "png" });
    expect([...forCreator!.bytes]).toEqual([...PNG]);
    expect(await removeAttachment(db, actor, briefId, pdf.id)).toEqual({ ok: true });
    expect(await attachmentFile(db, briefId, pdf.id, { admin: true })).toBeNull();

    const detail = await briefDetail(db, briefId, { admin: true });
    expect(detail).toMatchObject({ title: "Porto food guide", feeCents: 200000, destination: "Porto" });
    expect(detail?.attachments.map((a) => a.fileName)).toEqual(["shot.pdf"]);
    expect(detail?.events.map((e) => e.kind)).toEqual(["created", "edited", "note", "attachment_added", "attachment_added", "attachment_removed"]);
    // The creator sees the moves, not the back office's notes.
    expect((await briefDetail(db, briefId, { creatorId: creator.id }))?.events.map((e) => e.kind)).toEqual(["created"]);
    expect((await auditOf(briefId)).map((a) => a.action)).toEqual([
      "collab_brief.created",
      "collab_brief.updated",
      "collab_brief.note_added",
      "collab_brief.attachment_added",
      "collab_brief.attachment_added",
      "collab_brief.attachment_removed",
    ]);
  });
});
