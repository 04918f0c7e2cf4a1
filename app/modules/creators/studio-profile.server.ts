/**
 * The Studio's profile page: what /@handle shows about a creator (handle,
 * name, bio, images, links). The handle keeps the account page's rules and
 * uniqueness; the cover is an image upload like a map's, cropped to a wide
 * band and stored as WebP variants, its old files removed once replaced.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { updateProfile, type AccountResult } from "~/modules/account/index.server";
import { makeVariants } from "~/modules/images/index.server";
import { coverVariants } from "~/modules/images";
import { deleteByUrl, putObject, publicUrl } from "~/modules/storage/index.server";
import { profiles, type ProfileLink } from "#db/schema";

/** Width / height of the band at the top of /@handle. */
export const PROFILE_COVER_RATIO = 3;

export interface StudioProfile {
  handle: string;
  displayName: string | null;
  bioText: string | null;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  links: ProfileLink[];
}

export interface StudioProfileInput {
  handle: string;
  displayName: string | null;
  bio: string | null;
  links: ProfileLink[];
}

export async function loadStudioProfile(db: Database, userId: string): Promise<StudioProfile | null> {
  const [row] = await db
    .select({
      handle: profiles.handle,
      displayName: profiles.displayName,
      bioText: profiles.bioText,
      profileImageUrl: profiles.profileImageUrl,
      coverImageUrl: profiles.coverImageUrl,
      links: profiles.links,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.handle ? { ...row, handle: row.handle } : null;
}

/** One UPDATE of the creator's row: all of it is saved, or (a handle taken) none of it — the account page's rules. */
export function saveStudioProfile(db: Database, userId: string, input: StudioProfileInput): Promise<AccountResult> {
  return updateProfile(db, userId, input);
}

async function removeCoverFiles(url: string | null | undefined): Promise<void> {
  await Promise.all((coverVariants(url) ?? []).map((variant) => deleteByUrl(variant.url)));
}

async function swapCover(db: Database, userId: string, url: string | null): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select({ url: profiles.coverImageUrl }).from(profiles).where(eq(profiles.id, userId)).for("update");
    await tx.update(profiles).set({ coverImageUrl: url, updatedAt: new Date() }).where(eq(profiles.id, userId));
    return row?.url ?? null;
  });
  if (previous !== url) await removeCoverFiles(previous);
}

/** Check (by content), crop to the band around the centre, store the variants; the URL is the largest's. */
export async function setProfileCover(db: Database, userId: string, upload: Uint8Array): Promise<AccountResult & { url?: string }> {
  const result = await makeVariants(upload, { crop: { x: 0, y: 0, width: 1, height: 1 }, ratio: PROFILE_COVER_RATIO });
  if (!result.ok) return { ok: false, fieldErrors: { cover: result.error } };
  const { files } = result.variants;
  await Promise.all(files.map((file) => putObject("covers", file.key, file.bytes)));
  const url = publicUrl("covers", files[files.length - 1].key);
  await swapCover(db, userId, url);
  return { ok: true, url };
}

export async function removeProfileCover(db: Database, userId: string): Promise<AccountResult> {
  await swapCover(db, userId, null);
  return { ok: true };
}
