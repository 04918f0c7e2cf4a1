/**
 * The collaboration pages' actions (issue 25 item 5), through their route modules: the back
 * office's new brief and upload refuse bad input with a clear message and write nothing; the
 * Studio's brief page and downloads are the brief's creator's only (anyone else: 404).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { collabAttachments, collabBriefs } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { COLLAB_MESSAGES } from "~/modules/collabs";
import * as studioAttachment from "../studio/studio-collab-attachment";
import * as studioBrief from "../studio/studio-collab";
import * as brief from "./admin-collab";
import * as adminAttachment from "./admin-collab-attachment";
import * as newBrief from "./admin-collab-new";

const db = await setupTestDatabase();
stubDataDir("admin-collabs");
stubTestEnv({ PUBLIC_URL: "https://spotfolio.test", EMAIL_RATE_PER_SECOND: "0" });

type Handler = (args: unknown) => Promise<unknown>;
const PDF = new TextEncoder().encode("%PDF-1.7\n% the brief\n");

async function setup() {
  const { user: admin } = await createProfile(db, { isAdmin: true });
  const { user: creator, profile } = await createCreator(db);
  const asAdmin = await visitorAs(db, admin.id);
  const created = await runRoute(asAdmin, "/admin/creator-collab/new", newBrief.action as Handler, {
    form: { intent: "create", creatorHandle: `@${profile.handle}`, title: "Porto azulejos", destination: "", fee: "800", dueDate: "2027-03-01", notes: "" },
  });
  expect(created.status).toBe(302);
  const briefId = /creator-collab\/([0-9a-f-]{36})\?done=created$/.exec(created.location ?? "")![1];
  return { admin, creator, asAdmin, briefId };
}

describe("the back office's collaboration forms", () => {
  it("a fee with three decimals or a negative one is refused with the message, and no brief is made", async () => {
    const { asAdmin } = await setup();
    const { profile } = await createCreator(db);
    for (const fee of ["12.345", "-5"]) {
      const outcome = await runRoute(asAdmin, "/admin/creator-collab/new", newBrief.action as Handler, {
        form: { intent: "create", creatorHandle: profile.handle!, title: "Bad fee", destination: "", fee, dueDate: "2027-03-01", notes: "" },
      });
      expect(outcome).toMatchObject({ status: 400, data: { fieldErrors: { fee: COLLAB_MESSAGES.fee } } });
    }
    expect(await db.select().from(collabBriefs).where(eq(collabBriefs.creatorId, profile.id))).toEqual([]);
  });

  it("an upload is checked by its bytes: a text file named .pdf is refused, a PDF is attached", async () => {
    const { asAdmin, briefId } = await setup();
    const path = `/admin/creator-collab/${briefId}`;
    const fake = new FormData();
    fake.set("intent", "upload");
    fake.set("file", new File(["<html>not a pdf</html>"], "brief.pdf", { type: "application/pdf" }));
    expect(await runRoute(asAdmin, path, brief.action as Handler, { form: fake, params: { briefId } })).toMatchObject({
      status: 415,
      data: { formError: COLLAB_MESSAGES.fileType },
    });
    const real = new FormData();
    real.set("intent", "upload");
    real.set("file", new File([PDF], "brief.pdf", { type: "application/pdf" }));
    expect(await runRoute(asAdmin, path, brief.action as Handler, { form: real, params: { briefId } })).toMatchObject({ status: 302 });
    const attachments = await db.select().from(collabAttachments).where(eq(collabAttachments.briefId, briefId));
    expect(attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);

    const download = await runRoute(asAdmin, `${path}/attachments/${attachments[0].id}`, adminAttachment.loader as Handler, {
      params: { briefId, attachmentId: attachments[0].id },
    });
    const response = download.data as Response;
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="brief.pdf"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });
});

describe("the Studio's collaboration pages", () => {
  it("the brief's creator opens, answers and downloads; another creator gets 404 and changes nothing", async () => {
    const { admin, creator, briefId, asAdmin } = await setup();
    const upload = new FormData();
    upload.set("intent", "upload");
    upload.set("file", new File([PDF], "brief.pdf"));
    await runRoute(asAdmin, `/admin/creator-collab/${briefId}`, brief.action as Handler, { form: upload, params: { briefId } });
    const [attachment] = await db.select().from(collabAttachments).where(eq(collabAttachments.briefId, briefId));
    const path = `/studio/collabs/${briefId}`;
    const filePath = `${path}/attachments/${attachment.id}`;
    const fileParams = { briefId, attachmentId: attachment.id };

    const { user: other } = await createCreator(db);
    const asOther = await visitorAs(db, other.id);
    expect(await runRoute(asOther, path, studioBrief.loader as Handler, { params: { briefId } })).toMatchObject({ status: 404 });
    expect(await runRoute(asOther, path, studioBrief.action as Handler, { form: { to: "accepted", message: "" }, params: { briefId } })).toMatchObject({
      status: 404,
    });
    expect(((await runRoute(asOther, filePath, studioAttachment.loader as Handler, { params: fileParams })).data as Response).status).toBe(404);
    // An admin who is not the creator does not download through the Studio either.
    expect((await runRoute(await visitorAs(db, admin.id), filePath, studioAttachment.loader as Handler, { params: fileParams })).status).toBe(403);
    expect((await db.select().from(collabBriefs).where(eq(collabBriefs.id, briefId)))[0].status).toBe("proposed");

    const asCreator = await visitorAs(db, creator.id);
    expect(await runRoute(asCreator, path, studioBrief.loader as Handler, { params: { briefId } })).toMatchObject({
      status: 200,
      data: { brief: { id: briefId, status: "proposed", notes: "" } },
    });
    expect(
      await runRoute(asCreator, path, studioBrief.action as Handler, { form: { to: "accepted", message: "x".repeat(2001) }, params: { briefId } }),
    ).toMatchObject({ status: 400, data: { formError: COLLAB_MESSAGES.messageTooLong } });
    expect(await runRoute(asCreator, path, studioBrief.action as Handler, { form: { to: "paid", message: "" }, params: { briefId } })).toMatchObject({
      status: 409,
      data: { formError: COLLAB_MESSAGES.moveRefused },
    });
    expect(await runRoute(asCreator, path, studioBrief.action as Handler, { form: { to: "declined", message: "Busy then" }, params: { briefId } })).toEqual({
      status: 302,
      location: `${path}?done=declined`,
    });
    const download = (await runRoute(asCreator, filePath, studioAttachment.loader as Handler, { params: fileParams })).data as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await db.select().from(collabBriefs).where(eq(collabBriefs.id, briefId)))[0].status).toBe("declined");
  });
});
