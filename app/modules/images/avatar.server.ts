/**
 * Profile images: checked by their bytes, then re-encoded by sharp to a
 * square WebP (which also drops EXIF metadata such as GPS positions), plus a
 * 90 px copy so the header and drawer do not download the 400 px one.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { SMALL_AVATAR_SIZE } from "./avatar-variant";
import { checkUpload, decode, type UploadRules } from "./pipeline.server";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 400;

export const IMAGE_MESSAGES = {
  missing: "Choose an image to upload",
  tooLarge: "The image must be at most 5 MB",
  notAnImage: "Upload a PNG, JPEG, GIF or WebP image",
  unreadable: "This image could not be read. Try another file.",
} as const;

export interface ProcessedImage {
  bytes: Uint8Array;
  key: string;
}

/** Spec section 5: PNG, GIF and JPEG; WebP too. */
const AVATAR_RULES: UploadRules = { maxBytes: MAX_IMAGE_BYTES, types: ["png", "gif", "jpeg", "webp"], messages: IMAGE_MESSAGES };

export type ImageResult = ({ ok: true; small: ProcessedImage } & ProcessedImage) | { ok: false; error: string };

/** The 90 px variant of a processed (already square, 400 px) avatar, keyed after it. */
export async function smallAvatar(original: Uint8Array, originalKey: string): Promise<ProcessedImage> {
  const bytes = await sharp(original).resize(SMALL_AVATAR_SIZE, SMALL_AVATAR_SIZE, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
  return { bytes: new Uint8Array(bytes), key: originalKey.replace(/\.webp$/, `-${SMALL_AVATAR_SIZE}.webp`) };
}

/** Validate and resize an uploaded avatar; the key is the content hash. */
export async function processAvatar(input: Uint8Array): Promise<ImageResult> {
  const checked = checkUpload(input, AVATAR_RULES);
  if (!checked.ok) return checked;
  try {
    const bytes = await decode(input)
      .autoOrient() // honour the camera's orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const key = `${hash.slice(0, 2)}/${hash}.webp`;
    return { ok: true, bytes: new Uint8Array(bytes), key, small: await smallAvatar(bytes, key) };
  } catch {
    return { ok: false, error: IMAGE_MESSAGES.unreadable };
  }
}
