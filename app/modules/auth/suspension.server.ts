/**
 * Whether an account is suspended (issue 25, item 7). The auth room owns the question because it
 * decides who may sign in: better-auth's session hook refuses a new session for a suspended
 * account, whichever way it signs in (password, magic link, social, email confirmation), and the
 * sign-in form then tells them why. Suspending and lifting are the back office's (modules/users).
 */
import { APIError } from "better-auth/api";
import { and, eq, isNull } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { t } from "~/lib/i18n";
import { userSuspensions } from "#db/schema";

export const ACCOUNT_SUSPENDED = "ACCOUNT_SUSPENDED";

export interface SuspensionInForce {
  id: string;
  reason: string;
  suspendedAt: Date;
  wasPublished: boolean;
}

/** The suspension in force for `userId`, if any. */
export async function suspensionInForce(db: Database | Transaction, userId: string): Promise<SuspensionInForce | null> {
  const [row] = await db
    .select({ id: userSuspensions.id, reason: userSuspensions.reason, suspendedAt: userSuspensions.suspendedAt, wasPublished: userSuspensions.wasPublished })
    .from(userSuspensions)
    .where(and(eq(userSuspensions.userId, userId), isNull(userSuspensions.liftedAt)))
    .limit(1);
  return row ?? null;
}

/** What a suspended person reads when they try to sign in: that they are suspended, why, and whom to write to. */
export function suspendedMessage(reason: string): string {
  return t("auth.login.accountSuspended", { reason: reason.trim().replace(/[.\s]+$/, ""), infoEmail: env().INFO_EMAIL });
}

/** better-auth's `session.create.before` hook: no new session for a suspended account. */
export async function refuseSuspendedSession(db: Database, userId: string): Promise<void> {
  const suspension = await suspensionInForce(db, userId);
  if (suspension) throw new APIError("FORBIDDEN", { code: ACCOUNT_SUSPENDED, message: suspendedMessage(suspension.reason) });
}
