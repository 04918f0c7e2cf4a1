/**
 * The audit log's table, kept out of the `#db/schema` barrel on purpose: only `modules/audit`
 * imports it (lint checks it), so no other code can write, change or delete an entry.
 * `db/schema/all.ts` adds it back for drizzle-kit.
 */
import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { timestamptz } from "./columns";

/**
 * Every admin action, append-only (DESIGN.md section 9): who did what to
 * which thing, from which address, and the thing before and after. Written
 * only by modules/audit, inside the action's own transaction. The row
 * outlives the admin's account (admin_id becomes NULL); it is NULL from the
 * start for work no person started (a scheduled run).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** e.g. "creator_application.approved", "creator_application.rejected". */
    action: text("action").notNull(),
    /** e.g. "creator_application", "profile". */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The target as it was; NULL when the action created it. */
    before: jsonb("before").$type<Record<string, unknown>>(),
    /** The target as the action left it; NULL when the action deleted it. */
    after: jsonb("after").$type<Record<string, unknown>>(),
    /** The client address the action came from (as the HTTP server resolved it); NULL when it came from no request (the CLI). */
    ip: text("ip"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** Order of writing: entries of one action share a time, and a log is read in the order it was written. */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt), index("admin_audit_log_admin_id_idx").on(t.adminId)],
);
