/**
 * Takedowns (issue 25, item 6; DSA art. 17 and 20). A takedown unpublishes the item through its own
 * published flag (maps, spots and profiles' `is_published`, posts' `published_at`), so every public
 * channel that already hides unpublished content hides it too (pages, search, sitemap, feeds,
 * Discover, exports) and the page cache, whose version those columns' triggers bump, drops it at
 * once. While the takedown is in force a trigger refuses to publish the item again; a restore puts
 * back exactly what the takedown changed (`previous`). Each action is one transaction with its audit
 * entry and the creator's email (the statement of reasons, or the outcome).
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { href } from "react-router";
import type { Database, Transaction } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { siteUrl } from "~/lib/site-url.server";
import { maps, moderationActions, moderationAppeals, contentReports, posts, profiles, spots, user, type ModerationTarget } from "#db/schema";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { sendEmail } from "~/modules/email/index.server";
import { appealDeadlineFrom, FACTS_MAX, type Ground, groundOf, MODERATION_MESSAGES, reportReasonLabel, TARGET_NAMES } from "./grounds";
import { findTarget } from "./targets.server";

export type ModerationResult<T = object> = ({ ok: true } & T) | { ok: false; status: 400 | 404 | 409; error: string; fieldErrors?: Record<string, string> };

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
export const formatNoticeDate = (date: Date) => longDate.format(date);

function origin(siteOrigin?: string): string {
  return (siteOrigin ?? siteUrl()).replace(/\/+$/, "");
}

async function creatorEmail(tx: Transaction, creatorId: string): Promise<string | null> {
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, creatorId));
  return row?.email ?? null;
}

/** Unpublish the item; returns what to put back on restore. */
async function unpublish(tx: Transaction, type: ModerationTarget, id: string): Promise<Record<string, unknown>> {
  switch (type) {
    case "map": {
      const [row] = await tx.select({ isPublished: maps.isPublished }).from(maps).where(eq(maps.id, id)).for("update");
      await tx
        .update(maps)
        .set({ isPublished: false, version: sql`${maps.version} + 1` })
        .where(eq(maps.id, id));
      return { isPublished: row.isPublished };
    }
    case "spot": {
      const [row] = await tx.select({ isPublished: spots.isPublished }).from(spots).where(eq(spots.id, id)).for("update");
      await tx
        .update(spots)
        .set({ isPublished: false, version: sql`${spots.version} + 1` })
        .where(eq(spots.id, id));
      return { isPublished: row.isPublished };
    }
    case "post": {
      const [row] = await tx.select({ publishedAt: posts.publishedAt }).from(posts).where(eq(posts.id, id)).for("update");
      await tx.update(posts).set({ publishedAt: null }).where(eq(posts.id, id));
      return { publishedAt: row.publishedAt?.toISOString() ?? null };
    }
    case "creator": {
      const [row] = await tx.select({ isPublished: profiles.isPublished }).from(profiles).where(eq(profiles.id, id)).for("update");
      await tx.update(profiles).set({ isPublished: false, updatedAt: new Date() }).where(eq(profiles.id, id));
      return { isPublished: row.isPublished };
    }
  }
}

/** Put back what the takedown changed (after its row says restored, which the trigger reads). */
async function republish(tx: Transaction, type: ModerationTarget, id: string, previous: Record<string, unknown>): Promise<void> {
  if (type === "post") {
    const at = typeof previous.publishedAt === "string" ? new Date(previous.publishedAt) : null;
    if (at) await tx.update(posts).set({ publishedAt: at }).where(eq(posts.id, id));
    return;
  }
  if (previous.isPublished !== true) return;
  if (type === "map")
    await tx
      .update(maps)
      .set({ isPublished: true, version: sql`${maps.version} + 1` })
      .where(eq(maps.id, id));
  else if (type === "spot")
    await tx
      .update(spots)
      .set({ isPublished: true, version: sql`${spots.version} + 1` })
      .where(eq(spots.id, id));
  else await tx.update(profiles).set({ isPublished: true, updatedAt: new Date() }).where(eq(profiles.id, id));
}

export interface TakeDownInput {
  type: ModerationTarget;
  id: string;
  ground: string;
  facts: string;
  /** The report this answers, resolved in the same transaction. */
  reportId?: string | null;
  siteOrigin?: string;
  now?: Date;
}

/** Take the item down with a statement of reasons: unpublished, recorded, audited, the creator emailed. */
export async function takeDown(db: Database, actor: AuditActor, input: TakeDownInput): Promise<ModerationResult<{ actionId: string }>> {
  const ground = groundOf(input.ground);
  const facts = input.facts.trim();
  const fieldErrors: Record<string, string> = {};
  if (!ground) fieldErrors.ground = MODERATION_MESSAGES.groundRequired;
  if (!facts) fieldErrors.facts = MODERATION_MESSAGES.factsRequired;
  else if (facts.length > FACTS_MAX) fieldErrors.facts = MODERATION_MESSAGES.factsTooLong;
  if (!ground || Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, error: Object.values(fieldErrors)[0], fieldErrors };
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, input.type, input.id);
    if (!target) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound } as const;
    const [active] = await tx
      .select({ id: moderationActions.id })
      .from(moderationActions)
      .where(and(eq(moderationActions.targetType, target.type), eq(moderationActions.targetId, target.id), isNull(moderationActions.restoredAt)));
    if (active) return { ok: false, status: 409, error: MODERATION_MESSAGES.alreadyTakenDown } as const;
    const previous = await unpublish(tx, target.type, target.id);
    const appealDeadline = appealDeadlineFrom(now);
    const [action] = await tx
      .insert(moderationActions)
      .values({
        targetType: target.type,
        targetId: target.id,
        creatorId: target.creatorId,
        targetLabel: target.label,
        ground: ground.key,
        groundKind: ground.kind,
        facts,
        automated: false,
        appealDeadline,
        previous,
        adminId: actor.userId,
        reportId: input.reportId && isUuid(input.reportId) ? input.reportId : null,
        createdAt: now,
      })
      .returning({ id: moderationActions.id });
    await record(
      tx,
      actor,
      `${target.type}.taken_down`,
      { type: target.type, id: target.id },
      { published: target.published },
      {
        published: false,
        moderationActionId: action.id,
        ground: ground.key,
        groundKind: ground.kind,
        facts,
      },
    );
    // Every open report of what was taken down is answered by it, not only the one it was taken down from.
    const openReports = await tx
      .select({ id: contentReports.id })
      .from(contentReports)
      .where(and(eq(contentReports.targetType, target.type), eq(contentReports.targetId, target.id), eq(contentReports.status, "open")))
      .orderBy(asc(contentReports.createdAt));
    for (const report of openReports) await closeReport(tx, actor, report.id, "resolved", now, { ground, siteOrigin: input.siteOrigin });
    const to = await creatorEmail(tx, target.creatorId);
    if (to) {
      await sendEmail(tx, {
        to,
        template: "moderation-takedown",
        payload: {
          kind: TARGET_NAMES[target.type],
          name: target.label,
          groundKind: ground.kind,
          ground: ground.label,
          section: ground.section,
          facts,
          automated: false,
          decidedOn: formatNoticeDate(now),
          appealBy: formatNoticeDate(appealDeadline),
          noticesUrl: origin(input.siteOrigin) + href("/studio/notices"),
        },
      });
    }
    return { ok: true, actionId: action.id } as const;
  });
}

export interface ClosedReport {
  /** The reporter left an address and was emailed the outcome. */
  reporterTold: boolean;
}

/**
 * Mark a report resolved or dismissed (with its audit entry), when it is still open; a reporter who
 * left an address is emailed the outcome in the same transaction (`ground`: the takedown's, when
 * this closes the report as part of one).
 */
export async function closeReport(
  tx: Transaction,
  actor: AuditActor,
  reportId: string,
  status: "resolved" | "dismissed",
  now: Date,
  options: { ground?: Ground; siteOrigin?: string } = {},
): Promise<ClosedReport | null> {
  const [row] = await tx
    .update(contentReports)
    .set({ status, resolvedAt: now, resolvedBy: actor.userId })
    .where(and(eq(contentReports.id, reportId), eq(contentReports.status, "open")))
    .returning({
      id: contentReports.id,
      targetType: contentReports.targetType,
      targetId: contentReports.targetId,
      reason: contentReports.reason,
      reporterEmail: contentReports.reporterEmail,
      createdAt: contentReports.createdAt,
    });
  if (!row) return null;
  await record(tx, actor, `content_report.${status}`, { type: "content_report", id: reportId }, { status: "open" }, { status });
  if (!row.reporterEmail) return { reporterTold: false };
  await tellReporter(tx, { ...row, reporterEmail: row.reporterEmail }, status, options);
  return { reporterTold: true };
}

/**
 * The reporter's answer: what they reported (its public name), the outcome and, for a takedown, its
 * ground. "Resolved" on an item under a takedown in force is a takedown (taken from the moderation
 * page rather than from the report); otherwise the admin dealt with it in another way.
 */
async function tellReporter(
  tx: Transaction,
  report: { targetType: ModerationTarget; targetId: string; reason: string; reporterEmail: string; createdAt: Date },
  status: "resolved" | "dismissed",
  options: { ground?: Ground; siteOrigin?: string },
) {
  const target = await findTarget(tx, report.targetType, report.targetId);
  let ground = options.ground ?? null;
  let takenDown = Boolean(ground);
  if (status === "resolved" && !ground) {
    const [active] = await tx
      .select({ ground: moderationActions.ground })
      .from(moderationActions)
      .where(and(eq(moderationActions.targetType, report.targetType), eq(moderationActions.targetId, report.targetId), isNull(moderationActions.restoredAt)));
    if (active) {
      takenDown = true;
      ground = groundOf(active.ground) ?? null;
    }
  }
  const outcome = status === "dismissed" ? "dismissed" : takenDown ? "taken-down" : "resolved";
  const base = origin(options.siteOrigin);
  const showItem = target?.published && outcome !== "taken-down";
  await sendEmail(tx, {
    to: report.reporterEmail,
    template: "report-outcome",
    payload: {
      kind: TARGET_NAMES[report.targetType],
      name: target?.label ?? `(deleted since)`,
      reason: reportReasonLabel(report.reason),
      reportedOn: formatNoticeDate(report.createdAt),
      outcome,
      ground: outcome === "taken-down" && ground ? `${ground.kind === "law" ? "Law" : "Creator Terms"}: ${ground.label}` : null,
      url: showItem ? base + target.path : base + href("/info/:slug", { slug: "creator-terms" }),
      urlLabel: showItem ? `See the ${TARGET_NAMES[report.targetType]}` : "Read the Creator Terms",
    },
  });
}

async function lockAction(tx: Transaction, actionId: string) {
  if (!isUuid(actionId)) return undefined;
  const [row] = await tx.select().from(moderationActions).where(eq(moderationActions.id, actionId)).for("update");
  return row;
}

async function restoreIn(
  tx: Transaction,
  actor: AuditActor,
  action: typeof moderationActions.$inferSelect,
  now: Date,
  auditAction: "restored" | "appeal_restored",
) {
  await tx.update(moderationActions).set({ restoredAt: now, restoredBy: actor.userId }).where(eq(moderationActions.id, action.id));
  const target = await findTarget(tx, action.targetType, action.targetId);
  if (target) await republish(tx, action.targetType, action.targetId, action.previous);
  await record(
    tx,
    actor,
    `${action.targetType}.${auditAction}`,
    { type: action.targetType, id: action.targetId },
    { published: false, moderationActionId: action.id },
    {
      published: target ? (await findTarget(tx, action.targetType, action.targetId))!.published : false,
      moderationActionId: action.id,
    },
  );
}

async function emailDecision(
  tx: Transaction,
  action: typeof moderationActions.$inferSelect,
  decision: "upheld" | "restored",
  appealed: boolean,
  note: string,
  siteOrigin?: string,
) {
  const to = await creatorEmail(tx, action.creatorId);
  if (!to) return;
  await sendEmail(tx, {
    to,
    template: "moderation-decision",
    payload: {
      kind: TARGET_NAMES[action.targetType],
      name: action.targetLabel,
      decision,
      appealed,
      note,
      noticesUrl: origin(siteOrigin) + href("/studio/notices"),
    },
  });
}

/** Lift a takedown: the item is as the creator had it before, and the creator is told. */
export async function restore(db: Database, actor: AuditActor, actionId: string, options: { siteOrigin?: string; now?: Date } = {}): Promise<ModerationResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const action = await lockAction(tx, actionId);
    if (!action) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound } as const;
    if (action.restoredAt) return { ok: false, status: 409, error: MODERATION_MESSAGES.notTakenDown } as const;
    await restoreIn(tx, actor, action, now, "restored");
    // An open appeal is answered by the restore.
    const [appeal] = await tx
      .update(moderationAppeals)
      .set({ decision: "restored", decidedAt: now, decidedBy: actor.userId, decisionNote: "" })
      .where(and(eq(moderationAppeals.actionId, action.id), isNull(moderationAppeals.decidedAt)))
      .returning({ id: moderationAppeals.id });
    await emailDecision(tx, action, "restored", Boolean(appeal), "", options.siteOrigin);
    return { ok: true } as const;
  });
}

/** The creator appeals a takedown of their own content (once, within the window). */
export async function appeal(db: Database, creatorId: string, actionId: string, text: string, now = new Date()): Promise<ModerationResult> {
  const body = text.trim();
  if (!body) return { ok: false, status: 400, error: MODERATION_MESSAGES.appealRequired, fieldErrors: { text: MODERATION_MESSAGES.appealRequired } };
  if (body.length > FACTS_MAX)
    return { ok: false, status: 400, error: MODERATION_MESSAGES.factsTooLong, fieldErrors: { text: MODERATION_MESSAGES.factsTooLong } };
  return db.transaction(async (tx) => {
    const action = await lockAction(tx, actionId);
    if (!action || action.creatorId !== creatorId) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound } as const;
    if (action.restoredAt) return { ok: false, status: 409, error: MODERATION_MESSAGES.notTakenDown } as const;
    if (action.appealDeadline.getTime() < now.getTime()) return { ok: false, status: 409, error: MODERATION_MESSAGES.appealClosed } as const;
    const inserted = await tx
      .insert(moderationAppeals)
      .values({ actionId, text: body, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: moderationAppeals.id });
    if (inserted.length === 0) return { ok: false, status: 409, error: MODERATION_MESSAGES.appealExists } as const;
    return { ok: true } as const;
  });
}

/** An admin answers an appeal: uphold (the takedown stays) or restore; the creator is emailed either way. */
export async function decideAppeal(
  db: Database,
  actor: AuditActor,
  appealId: string,
  decision: "upheld" | "restored",
  note: string,
  options: { siteOrigin?: string; now?: Date } = {},
): Promise<ModerationResult> {
  const now = options.now ?? new Date();
  const reply = note.trim().slice(0, FACTS_MAX);
  return db.transaction(async (tx) => {
    if (!isUuid(appealId)) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound } as const;
    const [appealRow] = await tx.select().from(moderationAppeals).where(eq(moderationAppeals.id, appealId)).for("update");
    if (!appealRow) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound } as const;
    if (appealRow.decidedAt) return { ok: false, status: 409, error: MODERATION_MESSAGES.appealNotOpen } as const;
    const action = (await lockAction(tx, appealRow.actionId))!;
    await tx
      .update(moderationAppeals)
      .set({ decision, decisionNote: reply, decidedAt: now, decidedBy: actor.userId })
      .where(eq(moderationAppeals.id, appealId));
    if (decision === "restored" && !action.restoredAt) await restoreIn(tx, actor, action, now, "appeal_restored");
    else
      await record(
        tx,
        actor,
        `${action.targetType}.appeal_upheld`,
        { type: action.targetType, id: action.targetId },
        { appeal: "open", moderationActionId: action.id },
        {
          appeal: "upheld",
          note: reply,
          moderationActionId: action.id,
        },
      );
    await emailDecision(tx, action, decision, true, reply, options.siteOrigin);
    return { ok: true } as const;
  });
}

export interface TakedownRow {
  id: string;
  targetType: ModerationTarget;
  targetId: string;
  label: string;
  ground: string;
  groundKind: "law" | "terms";
  facts: string;
  automated: boolean;
  createdAt: Date;
  appealDeadline: Date;
  restoredAt: Date | null;
  adminName: string | null;
  creatorHandle: string | null;
  appeal: { id: string; text: string; createdAt: Date; decision: "upheld" | "restored" | null; decisionNote: string | null } | null;
}

function selectTakedowns(db: Database) {
  return db
    .select({
      id: moderationActions.id,
      targetType: moderationActions.targetType,
      targetId: moderationActions.targetId,
      label: moderationActions.targetLabel,
      ground: moderationActions.ground,
      groundKind: moderationActions.groundKind,
      facts: moderationActions.facts,
      automated: moderationActions.automated,
      createdAt: moderationActions.createdAt,
      appealDeadline: moderationActions.appealDeadline,
      restoredAt: moderationActions.restoredAt,
      adminName: user.name,
      creatorHandle: profiles.handle,
      appealId: moderationAppeals.id,
      appealText: moderationAppeals.text,
      appealAt: moderationAppeals.createdAt,
      appealDecision: moderationAppeals.decision,
      appealNote: moderationAppeals.decisionNote,
    })
    .from(moderationActions)
    .leftJoin(user, eq(user.id, moderationActions.adminId))
    .leftJoin(profiles, eq(profiles.id, moderationActions.creatorId))
    .leftJoin(moderationAppeals, eq(moderationAppeals.actionId, moderationActions.id))
    .$dynamic();
}

type RawTakedown = Awaited<ReturnType<ReturnType<typeof selectTakedowns>["execute"]>>[number];

function toRow(r: RawTakedown): TakedownRow {
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    label: r.label,
    ground: r.ground,
    groundKind: r.groundKind,
    facts: r.facts,
    automated: r.automated,
    createdAt: r.createdAt,
    appealDeadline: r.appealDeadline,
    restoredAt: r.restoredAt,
    adminName: r.adminName,
    creatorHandle: r.creatorHandle,
    appeal: r.appealId ? { id: r.appealId, text: r.appealText!, createdAt: r.appealAt!, decision: r.appealDecision, decisionNote: r.appealNote } : null,
  };
}

/** The back office's list: takedowns in force first (newest first), then the 50 latest restored. */
export async function listTakedowns(db: Database): Promise<{ active: TakedownRow[]; restored: TakedownRow[] }> {
  const active = await selectTakedowns(db).where(isNull(moderationActions.restoredAt)).orderBy(desc(moderationActions.createdAt));
  const restored = await selectTakedowns(db)
    .where(sql`${moderationActions.restoredAt} is not null`)
    .orderBy(desc(moderationActions.restoredAt))
    .limit(50);
  return { active: active.map(toRow), restored: restored.map(toRow) };
}

/** The creator's statements of reasons (/studio/notices), newest first. */
export async function noticesFor(db: Database, creatorId: string): Promise<TakedownRow[]> {
  const rows = await selectTakedowns(db).where(eq(moderationActions.creatorId, creatorId)).orderBy(desc(moderationActions.createdAt));
  return rows.map(toRow);
}
