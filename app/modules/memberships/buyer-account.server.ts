/**
 * The account an anonymous buyer gets: found by email, or created with a
 * profile. Both providers call it inside the transaction that records the
 * membership, so a membership never exists without its account.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { isConfiguredAdmin } from "~/modules/auth/index.server";
import { profiles, user } from "#db/schema";

export async function findAccountByEmail(db: Database | Transaction, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * The account for this email; `created` is true only when this call made it
 * (the caller then sends the invitation, once). A concurrent call for the same
 * email (two webhooks of one purchase) finds the row the other inserted
 * instead of failing on the unique email.
 */
export async function findOrCreateBuyerAccount(db: Database | Transaction, rawEmail: string): Promise<{ userId: string; created: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await findAccountByEmail(db, email);
  if (existing) return { userId: existing, created: false };
  const id = randomUUID();
  // The address is proven by the invitation link, the only way into this account.
  const inserted = await db
    .insert(user)
    .values({ id, email, name: "", emailVerified: true })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  if (inserted.length === 0) {
    const raced = await findAccountByEmail(db, email);
    if (!raced) throw new Error("the buyer's account could neither be created nor found");
    return { userId: raced, created: false };
  }
  await db.insert(profiles).values({ id, isAdmin: isConfiguredAdmin(email) });
  return { userId: id, created: true };
}
