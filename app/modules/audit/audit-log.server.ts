import { and, asc, eq } from "drizzle-orm";
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
