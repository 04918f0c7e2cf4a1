/** Editing one's own profile: names, handle (creators), bio and profile image. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { deleteAvatar, storeAvatar } from "~/modules/images/index.server";
import { profiles, type ProfileLink } from "#db/schema";
import { ACCOUNT_MESSAGES } from "./validation";

export type AccountResult = { ok: true } | { ok: false; fieldErrors?: Record<string, string>; formError?: string };

export interface ProfileInput {
  displayName: string | null;
  /** Null: no handle (members need none); absent: left as it is. */
  handle?: string | null;
  bio: string | null;
  /** Only the Studio's profile page edits links; the account page leaves them as they are. */
  links?: ProfileLink[];
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export async function updateProfile(db: Database, userId: string, input: ProfileInput): Promise<AccountResult> {
  const handle = input.handle;
  if (handle) {
    const [taken] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`, ne(profiles.id, userId)))
      .limit(1);
    if (taken) return { ok: false, fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken } };
  }
  try {
    await db
      .update(profiles)
      .set({
        ...(handle !== undefined ? { handle } : {}),
        displayName: input.displayName,
        bioText: input.bio,
        ...(input.links ? { links: input.links } : {}),
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId));
  } catch (error) {
    // Two people claiming the same handle at once: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken } };
    throw error;
  }
  return { ok: true };
}

/** Store a new profile image (checked, resized) and drop the old file. */
export async function setAvatar(db: Database, userId: string, upload: Uint8Array): Promise<AccountResult & { url?: string }> {
  const stored = await storeAvatar(upload);
  if (!stored.ok) return { ok: false, fieldErrors: { avatar: stored.error } };
  const url = stored.url;
  const [before] = await db.select({ url: profiles.profileImageUrl }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  await db.update(profiles).set({ profileImageUrl: url, updatedAt: new Date() }).where(eq(profiles.id, userId));
  if (before?.url && before.url !== url) await deleteAvatar(before.url);
  return { ok: true, url };
}

export async function removeAvatar(db: Database, userId: string): Promise<AccountResult> {
  const [before] = await db.select({ url: profiles.profileImageUrl }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  await db.update(profiles).set({ profileImageUrl: null, updatedAt: new Date() }).where(eq(profiles.id, userId));
  await deleteAvatar(before?.url);
  return { ok: true };
}
