/**
 * The images room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns uploaded images: checks by content, WebP variants, avatars, the photo and cover rules.
 */
export { COVER_RATIO, MAX_PHOTOS_PER_SPOT, PHOTO_TEXT } from "./photo-validation";
export type { PhotoEdit } from "./photo-validation";
export { coverVariants } from "./variants";
