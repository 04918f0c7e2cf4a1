/**
 * A creator's first handle. Approval can make a creator of someone who never
 * chose a handle, and a creator's public page lives at /@{handle}, so the
 * Studio asks for one first. This only fills a missing handle; changing an
 * existing one is the account page's job.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { ACCOUNT_MESSAGES } from "~/modules/account";
import { profiles } from "#db/schema";

export type ChooseHandleResult = { ok: true } | { ok: false; fieldErrors: { handle: string } };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** `handle` is already parsed by the account's `handleField` (trimmed, lowercased, checked). */
export async function chooseFirstHandle(db: Database, userId: string, handle: string): Promise<ChooseHandleResult> {
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`)
    .limit(1);
  if (taken) return taken.id === userId ? { ok: true } : { ok: false, fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken } };
  try {
    await db
      .update(profiles)
      .set({ handle, updatedAt: new Date() })
      .where(and(eq(profiles.id, userId), isNull(profiles.handle)));
  } catch (error) {
    // Two people claiming the same handle at once: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken } };
    throw error;
  }
  return { ok: true };
}
