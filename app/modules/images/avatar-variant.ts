/**
 * The small variant of a profile image: uploads are stored at 400 px and, next
 * to them, at 90 px for the header and drawer (spec section 2). Pure, so
 * components can derive the URL; images we did not store are left alone.
 */
export const SMALL_AVATAR_SIZE = 90;

const UPLOADED_AVATAR = /^(\/uploads\/avatars\/(?:[0-9a-f]{2}\/)?[0-9a-f]{32})\.webp$/;

export function smallAvatarUrl(url: string): string {
  const match = url.match(UPLOADED_AVATAR);
  return match ? `${match[1]}-${SMALL_AVATAR_SIZE}.webp` : url;
}

/** The key of the 400 px original behind a small variant's key, or null when it is not one. */
export function originalAvatarKey(smallKey: string): string | null {
  const match = smallKey.match(/^((?:[0-9a-f]{2}\/)?[0-9a-f]{32})-90\.webp$/);
  return match ? `${match[1]}.webp` : null;
}
