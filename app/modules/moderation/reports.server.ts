/**
 * Reports from anyone (DSA art. 16 notices): a map, spot, post or creator, a reason, details and an
 * optional address to hear back. They wait in the back office's queue until an admin resolves,
 * dismisses or acts on them (a takedown from the queue resolves its report in its transaction).
 */
import { count, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { contentReports, type ModerationTarget } from "#db/schema";
import type { AuditActor } from "~/modules/audit/index.server";
import { isModerationTarget, MODERATION_MESSAGES, REPORT_DETAILS_MAX, REPORT_REASONS } from "./grounds";
import { closeReport, type ModerationResult } from "./takedowns.server";
import { findTarget, type TargetInfo } from "./targets.server";

const reasonKeys = REPORT_REASONS.map((r) => r.key) as [string, ...string[]];

export interface ReportInput {
  type: string;
  id: string;
  reason: string;
  details: string;
  email: string;
}

/** File a report. The target must exist and be one the public may see (a hidden item is reported to no one). */
export async function createReport(db: Database, reporterId: string | null, input: ReportInput): Promise<ModerationResult<{ reportId: string }>> {
  if (!isModerationTarget(input.type)) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound };
  const target = await findTarget(db, input.type, input.id);
  if (!target || !target.published) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound };
  const fieldErrors: Record<string, string> = {};
  if (!z.enum(reasonKeys).safeParse(input.reason).success) fieldErrors.reason = MODERATION_MESSAGES.reasonRequired;
  const details = input.details.trim();
  if (details.length > REPORT_DETAILS_MAX) fieldErrors.details = MODERATION_MESSAGES.detailsTooLong;
  const email = input.email.trim();
  if (email && !z.email().safeParse(email).success) fieldErrors.email = MODERATION_MESSAGES.emailInvalid;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, error: Object.values(fieldErrors)[0], fieldErrors };
  const [row] = await db
    .insert(contentReports)
    .values({ targetType: target.type, targetId: target.id, reason: input.reason, details, reporterEmail: email || null, reporterId })
    .returning({ id: contentReports.id });
  return { ok: true, reportId: row.id };
}

/** What the report form names: the item, if the public may see it. */
export async function reportableTarget(db: Database, type: string, id: string): Promise<TargetInfo | null> {
  if (!isModerationTarget(type)) return null;
  const target = await findTarget(db, type, id);
  return target?.published ? target : null;
}

export interface ReportRow {
  id: string;
  targetType: ModerationTarget;
  targetId: string;
  reason: string;
  details: string;
  reporterEmail: string | null;
  createdAt: Date;
  status: "open" | "resolved" | "dismissed";
  resolvedAt: Date | null;
  /** The item now (null once deleted). */
  target: TargetInfo | null;
}

export const REPORTS_PAGE = 50;

/** The queue: open reports oldest first (first come, first served), or closed ones newest first. */
export async function listReports(db: Database, status: "open" | "closed"): Promise<{ reports: ReportRow[]; openCount: number }> {
  const rows =
    status === "open"
      ? await db.select().from(contentReports).where(eq(contentReports.status, "open")).orderBy(contentReports.createdAt).limit(REPORTS_PAGE)
      : await db.select().from(contentReports).where(ne(contentReports.status, "open")).orderBy(desc(contentReports.resolvedAt)).limit(REPORTS_PAGE);
  const [{ open }] = await db.select({ open: count() }).from(contentReports).where(eq(contentReports.status, "open"));
  const reports: ReportRow[] = [];
  for (const r of rows) {
    reports.push({
      id: r.id,
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      details: r.details,
      reporterEmail: r.reporterEmail,
      createdAt: r.createdAt,
      status: r.status,
      resolvedAt: r.resolvedAt,
      target: await findTarget(db, r.targetType, r.targetId),
    });
  }
  return { reports, openCount: open };
}

/** Resolve (acted on elsewhere) or dismiss (nothing to do) an open report, with its audit entry; the reporter, if they left an address, is emailed the outcome. */
export async function settleReport(
  db: Database,
  actor: AuditActor,
  reportId: string,
  status: "resolved" | "dismissed",
  options: { siteOrigin?: string; now?: Date } = {},
): Promise<ModerationResult<{ reporterTold: boolean }>> {
  if (!isUuid(reportId)) return { ok: false, status: 404, error: MODERATION_MESSAGES.notFound };
  const done = await db.transaction((tx) => closeReport(tx, actor, reportId, status, options.now ?? new Date(), { siteOrigin: options.siteOrigin }));
  return done ? { ok: true, reporterTold: done.reporterTold } : { ok: false, status: 404, error: MODERATION_MESSAGES.notFound };
}
