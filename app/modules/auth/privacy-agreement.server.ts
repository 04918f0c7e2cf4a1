/**
 * The record that a user accepted the privacy policy when their account was
 * made (at sign-up, or by an anonymous checkout): version and IP, kept
 * (anonymised) even after the account is deleted.
 */
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";

/** The privacy policy version a sign-up accepts (spec: legal documents version 1.0). */
export const PRIVACY_POLICY_VERSION = "1.0";

/**
 * Record the agreement, only if the user really exists: a sign-up with an
 * address already registered answers like a new one (a synthetic user that is
 * not in the database), and must not leave a row.
 */
export async function recordPrivacyAgreement(db: Database | Transaction, userId: string, ip: string): Promise<boolean> {
  const result = await db.execute(sql`
    insert into privacy_policy_agreement_audit_log (user_id, terms_version, ip)
    select ${userId}, ${PRIVACY_POLICY_VERSION}, ${ip}
    where exists (select 1 from "user" where id = ${userId})
    returning id`);
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length > 0;
}
