/**
 * The images room's public API on the server: what other modules may import from it (lint checks it).
 * It owns uploaded images: checks by content, WebP variants, avatars, the photo and cover rules.
 */
export { deleteAvatar, storeAvatar } from "./avatar-store.server";
export { MAX_PHOTO_BYTES, PHOTO_MESSAGES, makeVariants, toSpotPhoto } from "./pipeline.server";
export type { CropRect } from "./pipeline.server";
export { removeCover, storeCover, type StoredCover } from "./cover-store.server";
