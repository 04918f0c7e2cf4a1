/**
 * Admin rights: granted and revoked by an operator (`npm run admin`), or by
 * listing addresses in ADMIN_EMAILS (applied at every start and at sign-up).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { profiles, user } from "#db/schema";

export class UnknownAccountError extends Error {
  constructor(readonly email: string) {
    super(`No account with the email address ${email}`);
    this.name = "UnknownAccountError";
  }
}

/** The addresses of ADMIN_EMAILS, lowercased (comma or whitespace separated). */
export function configuredAdminEmails(list: string = env().ADMIN_EMAILS): string[] {
  return list
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

export function isConfiguredAdmin(email: string, list?: string): boolean {
  return configuredAdminEmails(list).includes(email.trim().toLowerCase());
}

async function setAdmin(db: Database, email: string, isAdmin: boolean): Promise<{ email: string }> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${address}`)
    .limit(1);
  if (!account) throw new UnknownAccountError(address);
  // A profile row normally exists (created with the user); make sure of it.
  await db
    .insert(profiles)
    .values({ id: account.id, isAdmin })
    .onConflictDoUpdate({ target: profiles.id, set: { isAdmin, updatedAt: new Date() } });
  return { email: account.email };
}

export function grantAdmin(db: Database, email: string) {
  return setAdmin(db, email, true);
}

export function revokeAdmin(db: Database, email: string) {
  return setAdmin(db, email, false);
}

export async function listAdmins(db: Database): Promise<{ email: string; handle: string | null }[]> {
  return db
    .select({ email: user.email, handle: profiles.handle })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.isAdmin, true))
    .orderBy(asc(user.email));
}

/** Grant admin to every existing account listed in ADMIN_EMAILS; returns how many were granted now. */
export async function applyConfiguredAdmins(db: Database, list?: string): Promise<number> {
  const emails = configuredAdminEmails(list);
  if (emails.length === 0) return 0;
  const granted = await db.execute(sql`
    update profiles set is_admin = true, updated_at = now()
    where not is_admin and id in (select id from "user" where lower(email) in (${sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    )}))
    returning id`);
  return ((granted as { rows?: unknown[] }).rows ?? (granted as unknown as unknown[])).length;
}
