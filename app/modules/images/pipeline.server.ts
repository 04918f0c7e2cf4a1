/**
 * Uploaded images, from bytes to stored variants: checked by their first
 * bytes and size, decoded once by sharp, turned upright by the camera's
 * orientation and only then stripped of EXIF (GPS positions, device serials:
 * sharp writes no metadata unless asked), optionally cropped, and encoded as
 * WebP at the widths of `variants.ts`. Profile pictures (avatar.server.ts)
 * share the checks; spot photos and map covers share the variants.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { SpotPhoto } from "#db/schema";
import { detectImageType, type ImageType } from "./detect";
import { defaultWidth, variantWidths } from "./variants";

export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Decoding is refused beyond this many pixels (a 48 MP phone photo fits), so one upload cannot exhaust memory. */
const MAX_PIXELS = 70_000_000;

export const PHOTO_TYPES: readonly ImageType[] = ["jpeg", "png", "webp", "heic", "avif"];

export const PHOTO_MESSAGES = {
  missing: "Choose an image to upload",
  tooLarge: "The image must be at most 15 MB",
  notAnImage: "Upload a JPEG, PNG, WebP, HEIC or AVIF image",
  heic: "This HEIC photo could not be read here. Export it as JPEG and try again.",
  unreadable: "This image could not be read. Try another file.",
} as const;

export interface UploadRules {
  maxBytes: number;
  types: readonly ImageType[];
  messages: { missing: string; tooLarge: string; notAnImage: string; unreadable: string; heic?: string };
}

export const PHOTO_RULES: UploadRules = { maxBytes: MAX_PHOTO_BYTES, types: PHOTO_TYPES, messages: PHOTO_MESSAGES };

/** The upload's real type, or what is wrong with it. Nothing is decoded yet. */
export function checkUpload(input: Uint8Array, rules: UploadRules): { ok: true; type: ImageType } | { ok: false; error: string } {
  if (input.length === 0) return { ok: false, error: rules.messages.missing };
  if (input.length > rules.maxBytes) return { ok: false, error: rules.messages.tooLarge };
  const type = detectImageType(input);
  if (!type || !rules.types.includes(type)) return { ok: false, error: rules.messages.notAnImage };
  return { ok: true, type };
}

/** A decoder for an accepted upload: one frame, bounded in pixels. */
export function decode(input: Uint8Array): sharp.Sharp {
  return sharp(input, { limitInputPixels: MAX_PIXELS, animated: false });
}

/** A part of the image in fractions of its upright width and height (what a crop frame on screen sends). */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StoredFile {
  key: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface ImageVariants {
  id: string;
  files: StoredFile[];
  /** The default (800 px or the largest) variant. */
  main: StoredFile;
}

/** The pixel rectangle of `crop` on an upright image, widened or narrowed to exactly `ratio` (width / height) around its centre. */
export function cropPixels(crop: CropRect, image: { width: number; height: number }, ratio?: number) {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  let left = clamp(crop.x) * image.width;
  let top = clamp(crop.y) * image.height;
  let width = Math.min(clamp(crop.width) * image.width, image.width - left);
  let height = Math.min(clamp(crop.height) * image.height, image.height - top);
  // Nothing left of the area (a frame dragged off the image): the whole image, as if no crop was chosen.
  if (width < 1 || height < 1) [left, top, width, height] = [0, 0, image.width, image.height];
  if (ratio) {
    const [cx, cy] = [left + width / 2, top + height / 2];
    if (width / height > ratio) width = height * ratio;
    else height = width / ratio;
    left = Math.min(Math.max(0, cx - width / 2), image.width - width);
    top = Math.min(Math.max(0, cy - height / 2), image.height - height);
  }
  const rect = { left: Math.round(left), top: Math.round(top), width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  rect.width = Math.min(rect.width, image.width - rect.left);
  rect.height = Math.min(rect.height, image.height - rect.top);
  return rect;
}

export type VariantsResult = { ok: true; variants: ImageVariants } | { ok: false; error: string };

/**
 * Check, decode and encode an upload into its WebP variants, keyed
 * `{xx}/{id}-{width}.webp` under a fresh id: never a content hash, so two
 * uploads of the same picture are separate files and removing one photo
 * never removes another's.
 */
export async function makeVariants(input: Uint8Array, options: { rules?: UploadRules; crop?: CropRect; ratio?: number } = {}): Promise<VariantsResult> {
  const rules = options.rules ?? PHOTO_RULES;
  const checked = checkUpload(input, rules);
  if (!checked.ok) return checked;
  const unreadable = { ok: false as const, error: (checked.type === "heic" && rules.messages.heic) || rules.messages.unreadable };
  try {
    const meta = await decode(input).metadata();
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    if (!upright.width || !upright.height) return unreadable;
    let base = decode(input).autoOrient();
    let source = upright;
    if (options.crop) {
      const rect = cropPixels(options.crop, upright, options.ratio);
      base = base.extract(rect);
      source = rect;
    }
    // Decode (and crop) once; each width is a resize of that.
    const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
    const id = randomUUID();
    const files: StoredFile[] = [];
    for (const width of variantWidths(source.width)) {
      const { data: bytes, info: out } = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      files.push({ key: `${id.slice(0, 2)}/${id}-${width}.webp`, bytes: new Uint8Array(bytes), width: out.width, height: out.height });
    }
    const main = files.find((f) => f.width === defaultWidth(files.map((v) => v.width))) ?? files[files.length - 1];
    return { ok: true, variants: { id, files, main } };
  } catch {
    return unreadable;
  }
}

/** The `SpotPhoto` for stored variants (`url` turns a key into its public URL). */
export function toSpotPhoto(variants: ImageVariants, alt: string, url: (key: string) => string): SpotPhoto {
  return {
    id: variants.id,
    src: url(variants.main.key),
    srcset: variants.files.map((f) => `${url(f.key)} ${f.width}w`).join(", "),
    alt,
    width: variants.main.width,
    height: variants.main.height,
    keys: variants.files.map((f) => f.key),
  };
}
