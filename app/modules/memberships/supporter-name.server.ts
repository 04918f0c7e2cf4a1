/**
 * How a member is named to a creator they support (the Studio's supporters page, its CSV, the
 * "new supporter" email): their handle and display name, never their email. A display name that
 * came from the address is not one they chose: sign-up fills it with the email's local part
 * ("ana.garcia" for ana.garcia@example.com), so a name equal to it (or holding an "@") counts as none.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** The member's display name as a creator may see it, or NULL: `displayName` unless it is empty or made from `email`. */
export function publicDisplayNameSql(displayName: AnyPgColumn | SQL, email: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`case
    when nullif(trim(${displayName}), '') is null
      or ${displayName} like '%@%'
      or lower(trim(${displayName})) = lower(split_part(${email}, '@', 1))
    then null else trim(${displayName}) end`;
}
