/**
 * The admin audit log (`admin_audit_log`): every admin action, who did it,
 * from which address, to what, and the thing before and after. This room is
 * the only writer, and it writes only inside the acting transaction (`record`
 * takes a `Transaction`), so an action and its entry commit or roll back
 * together. Nothing updates or deletes an entry.
 */
export {
  AUDIT_PAGE_SIZE,
  auditFacets,
  auditLog,
  auditTrail,
  record,
  type AuditFilters,
  type AuditLogRow,
  type AuditAction,
  type AuditActor,
  type AuditEntry,
  type AuditState,
  type AuditTarget,
} from "./audit-log.server";
