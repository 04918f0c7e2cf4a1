import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { user } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";

/** Who acted: the admin's user id (NULL for work no person started, such as a scheduled run) and the client address. */
export interface AuditActor {
  userId: string | null;
  /** As the HTTP server resolved it (request context `clientIp`); NULL when the action came from no request. */
  ip: string | null;
}

/** What was acted on: a kind of thing and its id, e.g. `{ type: "creator_application", id }`. */
export interface AuditTarget {
  type: string;
  id: string;
}

/** The target's relevant fields as plain JSON; NULL before a creation and after a deletion. */
export type AuditState = Record<string, unknown> | null;

/** "<target type>.<what happened>", e.g. "creator_application.approved". */
export type AuditAction = `${string}.${string}`;

/**
 * Log an admin action. It takes the action's own transaction, not the
 * database (the type refuses a bare `Database`), so the entry commits with
 * the change it describes or not at all: a log cannot claim what did not
 * happen, nor miss what did. The time is the application's clock, the one
 * the action stamps its own rows with.
 */
export async function record(
  tx: Transaction,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  before: AuditState,
  after: AuditState,
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: actor.userId,
    ip: actor.ip,
    action,
    targetType: target.type,
    targetId: target.id,
    before,
    after,
    createdAt: new Date(),
  });
}

export interface AuditEntry {
  action: string;
  /** The acting admin as they are now (name and email NULL once the account is gone). */
  actor: { id: string | null; name: string | null; email: string | null; ip: string | null };
  before: AuditState;
  after: AuditState;
  at: Date;
}

/** Everything done to one target, oldest first. */
export async function auditTrail(db: Database, target: AuditTarget): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      action: adminAuditLog.action,
      actorId: adminAuditLog.adminId,
      actorName: user.name,
      actorEmail: user.email,
      ip: adminAuditLog.ip,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      at: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(user, eq(user.id, adminAuditLog.adminId))
    .where(and(eq(adminAuditLog.targetType, target.type), eq(adminAuditLog.targetId, target.id)))
    .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.seq));
  return rows.map((r) => ({
    action: r.action,
    actor: { id: r.actorId, name: r.actorName, email: r.actorEmail, ip: r.ip },
    before: r.before,
    after: r.after,
    at: r.at,
  }));
}

export interface AuditFilters {
  /** The acting admin's user id. */
  actorId?: string;
  /** An exact action ("map.taken_down") or its target type's prefix ("map."). */
  action?: string;
  targetType?: string;
  /** Inclusive UTC days. */
  from?: Date;
  to?: Date;
}

export interface AuditLogRow extends AuditEntry {
  seq: number;
  target: AuditTarget;
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * The whole log for /admin/audit, newest first, filtered and paged (`page` from 1). Read-only: this
 * room has no function that changes an entry, and the table's trigger refuses it anyway.
 */
export async function auditLog(db: Database, filters: AuditFilters, page = 1): Promise<{ entries: AuditLogRow[]; total: number; pages: number }> {
  const where = and(
    filters.actorId ? eq(adminAuditLog.adminId, filters.actorId) : undefined,
    filters.action ? eq(adminAuditLog.action, filters.action) : undefined,
    filters.targetType ? eq(adminAuditLog.targetType, filters.targetType) : undefined,
    filters.from ? gte(adminAuditLog.createdAt, filters.from) : undefined,
    filters.to ? lt(adminAuditLog.createdAt, new Date(filters.to.getTime() + 86_400_000)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(adminAuditLog).where(where);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = await db
    .select({
      seq: adminAuditLog.seq,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      actorId: adminAuditLog.adminId,
      actorName: user.name,
      actorEmail: user.email,
      ip: adminAuditLog.ip,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      at: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(user, eq(user.id, adminAuditLog.adminId))
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.seq))
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE);
  return {
    total,
    pages,
    entries: rows.map((r) => ({
      seq: r.seq,
      action: r.action,
      target: { type: r.targetType, id: r.targetId },
      actor: { id: r.actorId, name: r.actorName, email: r.actorEmail, ip: r.ip },
      before: r.before,
      after: r.after,
      at: r.at,
    })),
  };
}

/** The filters' choices: every admin who has an entry, every action and target type logged. */
export async function auditFacets(db: Database): Promise<{ actors: { id: string; label: string }[]; actions: string[]; targetTypes: string[] }> {
  const actors = await db
    .selectDistinct({ id: adminAuditLog.adminId, name: user.name, email: user.email })
    .from(adminAuditLog)
    .innerJoin(user, eq(user.id, adminAuditLog.adminId));
  const actions = await db.selectDistinct({ action: adminAuditLog.action }).from(adminAuditLog).orderBy(asc(adminAuditLog.action));
  const types = await db.selectDistinct({ type: adminAuditLog.targetType }).from(adminAuditLog).orderBy(asc(adminAuditLog.targetType));
  return {
    actors: actors.map((a) => ({ id: a.id!, label: a.name ? `${a.name} (${a.email})` : a.email })).sort((a, b) => a.label.localeCompare(b.label)),
    actions: actions.map((a) => a.action),
    targetTypes: types.map((t) => t.type),
  };
}
