/**
 * DEMO_ACCOUNTS=on (never in production): the demo creators can log in with
 * one known password, so a newcomer can try the creator side at once.
 * Off (the default), demo accounts have no password at all.
 */
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { account, user } from "#db/schema";

export const DEMO_PASSWORD = "spotfolio-demo";

/** Give each existing account among `emails` the demo password; returns the addresses enabled. */
export async function enableDemoAccounts(db: Database, emails: readonly string[], password = DEMO_PASSWORD): Promise<string[]> {
  if (emails.length === 0) return [];
  const users = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [...emails]));
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    for (const u of users) {
      const [existing] = await tx
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, u.id), eq(account.providerId, "credential")))
        .limit(1);
      if (existing) await tx.update(account).set({ password: hash, updatedAt: new Date() }).where(eq(account.id, existing.id));
      else await tx.insert(account).values({ id: crypto.randomUUID(), accountId: u.id, providerId: "credential", userId: u.id, password: hash });
    }
  });
  return users.map((u) => u.email).sort();
}
