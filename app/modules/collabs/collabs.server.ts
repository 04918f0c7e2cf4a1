/**
 * Paid collaborations with creators (issue 25 item 5): the briefs an admin proposes, the creator's
 * answers and progress, notes and private attachments.
 *
 * Every write runs in one transaction with what it implies: the brief's history row, the audit
 * entry when an admin acts (modules/audit), and the emails (the creator at each admin change, the
 * admins at each creator answer), queued in the outbox so they exist only if the change commits.
 * A status move is a conditional update on the status it was read at, so two people moving the
 * same brief at once cannot both win.
 *
 * Attachments live in the private `documents` bucket under collabs/{briefId}/{id}.{ext}; the
 * extension comes from the file's first bytes, never its name.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { href } from "react-router";
import { collabAttachments, collabBriefEvents, collabBriefs, profiles, user } from "#db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import type { FieldErrors } from "~/lib/form-validation";
import { isUuid } from "~/lib/ids";
import { siteUrl } from "~/lib/site-url.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { kickEmailDelivery, queueEmail } from "~/modules/email/index.server";
import { deletePrivateObject, getPrivateObject, putPrivateObject } from "~/modules/storage/index.server";
import { canMove, isCollabStatus, STATUS_LABELS, type CollabRole, type CollabStatus } from "./transitions";
import { ATTACHMENT_MAX_BYTES, COLLAB_MESSAGES, formatFee, sniffAttachment, type BriefFields } from "./validation";

export const COLLAB_BUCKET = "documents" as const;

export type CollabFailure = { ok: false; status: number; error: string; fieldErrors?: FieldErrors };
export type CollabResult<T = object> = ({ ok: true } & T) | CollabFailure;

const fail = (status: number, error: string, fieldErrors?: FieldErrors): CollabFailure => ({ ok: false, status, error, fieldErrors });

export interface BriefSummary {
  id: string;
  title: string;
  destination: string | null;
  feeCents: number;
  dueDate: string;
  status: CollabStatus;
  creator: { id: string; handle: string | null; name: string | null };
  updatedAt: Date;
}

export interface BriefEvent {
  id: string;
  kind: string;
  actorRole: CollabRole;
  actorName: string | null;
  fromStatus: CollabStatus | null;
  toStatus: CollabStatus | null;
  message: string;
  at: Date;
}

export interface BriefAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

export interface BriefDetail extends BriefSummary {
  notes: string;
  events: BriefEvent[];
  attachments: BriefAttachment[];
}

const summaryColumns = {
  id: collabBriefs.id,
  title: collabBriefs.title,
  destination: collabBriefs.destination,
  feeCents: collabBriefs.feeCents,
  dueDate: collabBriefs.dueDate,
  status: collabBriefs.status,
  notes: collabBriefs.notes,
  creatorId: collabBriefs.creatorId,
  handle: profiles.handle,
  name: profiles.displayName,
  updatedAt: collabBriefs.updatedAt,
};

interface SummaryRow {
  id: string;
  title: string;
  destination: string | null;
  feeCents: number;
  dueDate: string;
  status: CollabStatus;
  creatorId: string;
  handle: string | null;
  name: string | null;
  updatedAt: Date;
}

function toSummary(r: SummaryRow): BriefSummary {
  return {
    id: r.id,
    title: r.title,
    destination: r.destination,
    feeCents: r.feeCents,
    dueDate: r.dueDate,
    status: r.status,
    creator: { id: r.creatorId, handle: r.handle, name: r.name },
    updatedAt: r.updatedAt,
  };
}

/** Every brief, for the back office: by due date, soonest first. */
export async function briefsForAdmin(db: Database): Promise<BriefSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(collabBriefs)
    .innerJoin(profiles, eq(profiles.id, collabBriefs.creatorId))
    .orderBy(asc(collabBriefs.dueDate), asc(collabBriefs.createdAt));
  return rows.map(toSummary);
}

/** One creator's briefs (newest first); nobody else's. */
export async function briefsForCreator(db: Database, creatorId: string): Promise<BriefSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(collabBriefs)
    .innerJoin(profiles, eq(profiles.id, collabBriefs.creatorId))
    .where(eq(collabBriefs.creatorId, creatorId))
    .orderBy(desc(collabBriefs.createdAt));
  return rows.map(toSummary);
}

/**
 * One brief with its history and attachments; `creatorId` limits it to that creator's own (another
 * creator's brief is null, as if it did not exist). Notes are the back office's own: a creator's
 * view leaves them out.
 */
export async function briefDetail(db: Database, briefId: string, scope: { creatorId: string } | { admin: true }): Promise<BriefDetail | null> {
  if (!isUuid(briefId)) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(collabBriefs)
    .innerJoin(profiles, eq(profiles.id, collabBriefs.creatorId))
    .where(and(eq(collabBriefs.id, briefId), "creatorId" in scope ? eq(collabBriefs.creatorId, scope.creatorId) : undefined))
    .limit(1);
  if (!row) return null;
  const admin = "admin" in scope;
  const [events, attachments] = await Promise.all([
    db
      .select({
        id: collabBriefEvents.id,
        kind: collabBriefEvents.kind,
        actorRole: collabBriefEvents.actorRole,
        actorName: user.name,
        fromStatus: collabBriefEvents.fromStatus,
        toStatus: collabBriefEvents.toStatus,
        message: collabBriefEvents.message,
        at: collabBriefEvents.createdAt,
      })
      .from(collabBriefEvents)
      .leftJoin(user, eq(user.id, collabBriefEvents.actorId))
      .where(and(eq(collabBriefEvents.briefId, briefId), admin ? undefined : inArray(collabBriefEvents.kind, ["created", "status"])))
      .orderBy(asc(collabBriefEvents.createdAt), asc(collabBriefEvents.id)),
    db
      .select({
        id: collabAttachments.id,
        fileName: collabAttachments.fileName,
        contentType: collabAttachments.contentType,
        size: collabAttachments.size,
        createdAt: collabAttachments.createdAt,
      })
      .from(collabAttachments)
      .where(eq(collabAttachments.briefId, briefId))
      .orderBy(asc(collabAttachments.createdAt)),
  ]);
  return {
    ...toSummary(row),
    notes: admin ? row.notes : "",
    events: events.map((e) => ({
      ...e,
      fromStatus: isCollabStatus(e.fromStatus) ? e.fromStatus : null,
      toStatus: isCollabStatus(e.toStatus) ? e.toStatus : null,
    })),
    attachments,
  };
}

// ---- Writes ------------------------------------------------------------------------

const briefUrlForCreator = (id: string) => siteUrl().replace(/\/+$/, "") + href("/studio/collabs/:briefId", { briefId: id });
const briefUrlForAdmin = (id: string) => siteUrl().replace(/\/+$/, "") + href("/admin/creator-collab/:briefId", { briefId: id });

/** The audit log's picture of a brief. */
const auditState = (b: typeof collabBriefs.$inferSelect) => ({
  creatorId: b.creatorId,
  title: b.title,
  destination: b.destination,
  feeCents: b.feeCents,
  dueDate: b.dueDate,
  status: b.status,
  notes: b.notes,
});

async function creatorEmail(tx: Transaction, creatorId: string): Promise<string | null> {
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, creatorId)).limit(1);
  return row?.email ?? null;
}

/** The creator with this handle (case-insensitive), or null. */
async function creatorByHandle(db: Database | Transaction, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(sql`lower(${profiles.handle}) = lower(${handle})`, eq(profiles.isCreator, true)))
    .limit(1);
  return row?.id ?? null;
}

/** An admin proposes a brief to a creator; the creator is emailed. */
export async function createBrief(db: Database, actor: AuditActor, fields: BriefFields): Promise<CollabResult<{ id: string }>> {
  const creatorId = await creatorByHandle(db, fields.creatorHandle);
  if (!creatorId) return fail(400, COLLAB_MESSAGES.creatorUnknown, { creatorHandle: COLLAB_MESSAGES.creatorUnknown });
  const id = await db.transaction(async (tx) => {
    const [brief] = await tx
      .insert(collabBriefs)
      .values({
        creatorId,
        title: fields.title,
        destination: fields.destination,
        feeCents: fields.fee,
        dueDate: fields.dueDate,
        notes: fields.notes,
        createdBy: actor.userId,
      })
      .returning();
    await tx.insert(collabBriefEvents).values({ briefId: brief.id, actorId: actor.userId, actorRole: "admin", kind: "created", toStatus: "proposed" });
    await record(tx, actor, "collab_brief.created", { type: "collab_brief", id: brief.id }, null, auditState(brief));
    const to = await creatorEmail(tx, creatorId);
    if (to) {
      await queueEmail(tx, {
        to,
        template: "collab-brief-new",
        payload: {
          title: brief.title,
          fee: formatFee(brief.feeCents),
          dueDate: brief.dueDate,
          destination: brief.destination,
          briefUrl: briefUrlForCreator(brief.id),
        },
      });
    }
    return brief.id;
  });
  kickEmailDelivery();
  return { ok: true, id };
}

const isFinal = (status: CollabStatus) => status === "paid" || status === "declined";

async function lockBrief(tx: Transaction, briefId: string) {
  const [brief] = await tx.select().from(collabBriefs).where(eq(collabBriefs.id, briefId)).for("update").limit(1);
  return brief ?? null;
}

/** An admin edits a brief's fields (not its creator); paid and declined briefs are final. */
export async function updateBrief(db: Database, actor: AuditActor, briefId: string, fields: Omit<BriefFields, "creatorHandle">): Promise<CollabResult> {
  if (!isUuid(briefId)) return fail(404, COLLAB_MESSAGES.notFound);
  return db.transaction(async (tx): Promise<CollabResult> => {
    const before = await lockBrief(tx, briefId);
    if (!before) return fail(404, COLLAB_MESSAGES.notFound);
    if (isFinal(before.status)) return fail(409, COLLAB_MESSAGES.finalStatus);
    const [after] = await tx
      .update(collabBriefs)
      .set({ title: fields.title, destination: fields.destination, feeCents: fields.fee, dueDate: fields.dueDate, notes: fields.notes, updatedAt: new Date() })
      .where(eq(collabBriefs.id, briefId))
      .returning();
    await tx.insert(collabBriefEvents).values({ briefId, actorId: actor.userId, actorRole: "admin", kind: "edited" });
    await record(tx, actor, "collab_brief.updated", { type: "collab_brief", id: briefId }, auditState(before), auditState(after));
    return { ok: true };
  });
}

/** Who moves a brief: an admin (audited, the creator is emailed) or the brief's creator (the admins are emailed). */
export type CollabMover = { role: "admin"; actor: AuditActor } | { role: "creator"; creatorId: string };

/**
 * Move a brief to `to` with an optional message, if the mover may make that move from where it is
 * now (transitions.ts). A creator reaches only their own briefs: another's is "not found".
 */
export async function moveBrief(db: Database, mover: CollabMover, briefId: string, to: string, message: string): Promise<CollabResult> {
  if (!isUuid(briefId)) return fail(404, COLLAB_MESSAGES.notFound);
  if (!isCollabStatus(to)) return fail(400, COLLAB_MESSAGES.moveRefused);
  const result = await db.transaction(async (tx): Promise<CollabResult> => {
    const before = await lockBrief(tx, briefId);
    if (!before || (mover.role === "creator" && before.creatorId !== mover.creatorId)) return fail(404, COLLAB_MESSAGES.notFound);
    if (!canMove(mover.role, before.status, to)) return fail(409, isFinal(before.status) ? COLLAB_MESSAGES.finalStatus : COLLAB_MESSAGES.moveRefused);
    const [after] = await tx
      .update(collabBriefs)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(collabBriefs.id, briefId), eq(collabBriefs.status, before.status)))
      .returning();
    const actorId = mover.role === "admin" ? mover.actor.userId : mover.creatorId;
    await tx.insert(collabBriefEvents).values({ briefId, actorId, actorRole: mover.role, kind: "status", fromStatus: before.status, toStatus: to, message });
    if (mover.role === "admin") {
      await record(tx, mover.actor, "collab_brief.status_changed", { type: "collab_brief", id: briefId }, auditState(before), {
        ...auditState(after),
        message: message || null,
      });
      const email = await creatorEmail(tx, before.creatorId);
      if (email) {
        await queueEmail(tx, {
          to: email,
          template: "collab-brief-status",
          payload: { title: after.title, status: STATUS_LABELS[to], message: message || null, briefUrl: briefUrlForCreator(briefId) },
        });
      }
    } else {
      const [creator] = await tx.select({ handle: profiles.handle, name: profiles.displayName }).from(profiles).where(eq(profiles.id, before.creatorId));
      for (const email of await adminRecipients(tx, before.createdBy)) {
        await queueEmail(tx, {
          to: email,
          template: "collab-brief-answer",
          payload: {
            creator: creator?.handle ? `@${creator.handle}` : (creator?.name ?? "A creator"),
            title: after.title,
            status: STATUS_LABELS[to],
            message: message || null,
            briefUrl: briefUrlForAdmin(briefId),
          },
        });
      }
    }
    return { ok: true };
  });
  if (result.ok) kickEmailDelivery();
  return result;
}

/** Who hears of a creator's answer: every admin, and the admin who proposed the brief even if no longer one. */
async function adminRecipients(tx: Transaction, createdBy: string | null): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.isAdmin, true))
    .orderBy(asc(user.email));
  const emails = new Set(rows.map((r) => r.email));
  if (createdBy) {
    const [proposer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, createdBy));
    if (proposer) emails.add(proposer.email);
  }
  return [...emails];
}

/** An admin adds a note to a brief's history (the back office's only; the creator does not see notes). */
export async function addNote(db: Database, actor: AuditActor, briefId: string, note: string): Promise<CollabResult> {
  if (!isUuid(briefId)) return fail(404, COLLAB_MESSAGES.notFound);
  return db.transaction(async (tx): Promise<CollabResult> => {
    const brief = await lockBrief(tx, briefId);
    if (!brief) return fail(404, COLLAB_MESSAGES.notFound);
    const [event] = await tx.insert(collabBriefEvents).values({ briefId, actorId: actor.userId, actorRole: "admin", kind: "note", message: note }).returning();
    await record(tx, actor, "collab_brief.note_added", { type: "collab_brief", id: briefId }, null, { eventId: event.id, note });
    return { ok: true };
  });
}

/**
 * An admin attaches a file: a PDF, JPEG or PNG by its first bytes, at most ATTACHMENT_MAX_BYTES.
 * The object is stored before the row; if the row's transaction fails, the object is removed.
 */
export async function addAttachment(
  db: Database,
  actor: AuditActor,
  briefId: string,
  file: { name: string; bytes: Uint8Array },
): Promise<CollabResult<{ id: string }>> {
  if (!isUuid(briefId)) return fail(404, COLLAB_MESSAGES.notFound);
  if (file.bytes.byteLength === 0) return fail(400, COLLAB_MESSAGES.fileRequired, { file: COLLAB_MESSAGES.fileRequired });
  if (file.bytes.byteLength > ATTACHMENT_MAX_BYTES) return fail(413, COLLAB_MESSAGES.fileTooLarge, { file: COLLAB_MESSAGES.fileTooLarge });
  const kind = sniffAttachment(file.bytes);
  if (!kind) return fail(415, COLLAB_MESSAGES.fileType, { file: COLLAB_MESSAGES.fileType });
  const [exists] = await db.select({ id: collabBriefs.id }).from(collabBriefs).where(eq(collabBriefs.id, briefId));
  if (!exists) return fail(404, COLLAB_MESSAGES.notFound);
  const id = randomUUID();
  const objectKey = `collabs/${briefId}/${id}.${kind.ext}`;
  const fileName = (file.name.split(/[\\/]/).pop() ?? "").trim().slice(0, 200) || `attachment.${kind.ext}`;
  await putPrivateObject(COLLAB_BUCKET, objectKey, file.bytes);
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(collabAttachments)
        .values({ id, briefId, fileName, objectKey, contentType: kind.contentType, size: file.bytes.byteLength, uploadedBy: actor.userId });
      await tx.insert(collabBriefEvents).values({ briefId, actorId: actor.userId, actorRole: "admin", kind: "attachment_added", message: fileName });
      await record(tx, actor, "collab_brief.attachment_added", { type: "collab_brief", id: briefId }, null, {
        attachmentId: id,
        fileName,
        size: file.bytes.byteLength,
      });
    });
  } catch (error) {
    await deletePrivateObject(COLLAB_BUCKET, objectKey).catch(() => undefined);
    throw error;
  }
  return { ok: true, id };
}

/** An admin removes an attachment: the row (audited) and then its object. */
export async function removeAttachment(db: Database, actor: AuditActor, briefId: string, attachmentId: string): Promise<CollabResult> {
  if (!isUuid(briefId) || !isUuid(attachmentId)) return fail(404, COLLAB_MESSAGES.attachmentNotFound);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(collabAttachments)
      .where(and(eq(collabAttachments.id, attachmentId), eq(collabAttachments.briefId, briefId)))
      .returning();
    if (!row) return null;
    await tx.insert(collabBriefEvents).values({ briefId, actorId: actor.userId, actorRole: "admin", kind: "attachment_removed", message: row.fileName });
    await record(
      tx,
      actor,
      "collab_brief.attachment_removed",
      { type: "collab_brief", id: briefId },
      { attachmentId, fileName: row.fileName, size: row.size },
      null,
    );
    return row;
  });
  if (!removed) return fail(404, COLLAB_MESSAGES.attachmentNotFound);
  await deletePrivateObject(COLLAB_BUCKET, removed.objectKey).catch(() => undefined);
  return { ok: true };
}

/** An attachment's bytes for an admin or for the brief's own creator; anyone else (and a wrong pair of ids) gets null. */
export async function attachmentFile(
  db: Database,
  briefId: string,
  attachmentId: string,
  viewer: { admin: true } | { creatorId: string },
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string; ext: string } | null> {
  if (!isUuid(briefId) || !isUuid(attachmentId)) return null;
  const [row] = await db
    .select({
      objectKey: collabAttachments.objectKey,
      contentType: collabAttachments.contentType,
      fileName: collabAttachments.fileName,
      creatorId: collabBriefs.creatorId,
    })
    .from(collabAttachments)
    .innerJoin(collabBriefs, eq(collabBriefs.id, collabAttachments.briefId))
    .where(and(eq(collabAttachments.id, attachmentId), eq(collabAttachments.briefId, briefId)))
    .limit(1);
  if (!row || ("creatorId" in viewer && viewer.creatorId !== row.creatorId)) return null;
  const bytes = await getPrivateObject(COLLAB_BUCKET, row.objectKey);
  if (!bytes) return null;
  return { bytes, contentType: row.contentType, fileName: row.fileName, ext: row.objectKey.slice(row.objectKey.lastIndexOf(".") + 1) };
}
