/**
 * Deleting an account: in one transaction, the user row and everything
 * personal hanging off it (sessions, sign-in methods, profile, bookmarks,
 * follows, recent views, subscriptions; a creator's maps and spots), plus the
 * mail queued to the address. Agreement audit rows stay, their user reference
 * set to null by the foreign key (anonymised). The profile image file goes
 * once the rows are gone.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { deleteAvatar } from "~/modules/images/index.server";
import { emailOutbox, emailSuppressions, profiles, user } from "#db/schema";

export async function deleteAccount(db: Database, userId: string): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: user.email, imageUrl: profiles.profileImageUrl })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId))
      .limit(1);
    if (!account) return null;
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = lower(${account.email})`);
    // The address is personal data too: a bounce remembered for it goes with the account.
    await tx.delete(emailSuppressions).where(sql`${emailSuppressions.address} = lower(${account.email})`);
    await tx.delete(user).where(eq(user.id, userId));
    return account;
  });
  if (!removed) return false;
  await deleteAvatar(removed.imageUrl);
  return true;
}
