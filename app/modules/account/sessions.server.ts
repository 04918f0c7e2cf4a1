/**
 * The account's signed-in sessions, as the /account page lists them. A session's token is the
 * credential behind its cookie: it never leaves the server (the list carries ids only, and
 * better-auth's own list/revoke endpoints, which answer with or take tokens, are closed to the
 * browser in auth.server.ts). A session is signed out by its id, and only by its owner.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { session } from "#db/schema";

export interface AccountSession {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  /** When it was last refreshed (better-auth rolls it at most daily). */
  lastActiveAt: Date;
  current: boolean;
}

/** The user's live sessions, the most recently active first. */
export async function listSessions(db: Database, userId: string, currentSessionId: string | undefined): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, lastActiveAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

export type RevokeResult = { ok: true } | { ok: false; status: 400 | 404; error: string };

/** Sign out one of the user's other sessions; any other id (someone else's, unknown, this one) changes nothing. */
export async function revokeSession(db: Database, userId: string, sessionId: string, currentSessionId: string | undefined): Promise<RevokeResult> {
  if (sessionId === currentSessionId) return { ok: false, status: 400, error: "To sign out here, use Log out." };
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (deleted.length === 0) return { ok: false, status: 404, error: "That session has already ended." };
  return { ok: true };
}
