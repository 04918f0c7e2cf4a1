import type { Database } from "~/lib/db.server";
import { twoFactorEnabled } from "~/modules/auth/two-factor.server";
import { owedTo } from "~/modules/money/index.server";

/** Whether the Studio invites this creator to two-factor sign-in: money is owed to them and it is off. */
export async function invitesTwoFactor(db: Database, creatorId: string, owed?: number): Promise<boolean> {
  const balance = owed ?? (await owedTo(db, creatorId));
  return balance > 0 && !(await twoFactorEnabled(db, creatorId));
}
