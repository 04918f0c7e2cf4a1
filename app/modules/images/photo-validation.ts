/**
 * The rules for a spot's photos and a map's cover that the browser checks
 * before an upload starts (so a 40 MB file is refused at once, not after
 * minutes of sending) and the server enforces again.
 */
import { z } from "zod";

export const MAX_PHOTO_MB = 15;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;
export const MAX_PHOTOS_PER_SPOT = 20;
export const ALT_MAX = 300;
/** The map cards' and the map page's cover: 16:9 (`aspect-video` in catalog/cards.tsx and maps/map-view.tsx). */
export const COVER_RATIO = 16 / 9;
/** What the file picker offers; the server decides by the bytes. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif,.avif";

export const PHOTO_TEXT = {
  tooLarge: `The image must be at most ${MAX_PHOTO_MB} MB`,
  tooMany: `A spot can have at most ${MAX_PHOTOS_PER_SPOT} photos`,
  altTooLong: `Alt text must be at most ${ALT_MAX} characters`,
  notFound: "This photo is no longer on the spot",
  cropInvalid: "Choose the part of the image to show",
  uploadFailed: "The upload did not finish. Check your connection and try again.",
} as const;

/** The browser's check of a chosen file: the size only (the type is the server's to judge, by the bytes). */
export function photoFileProblem(file: { size: number }): string | null {
  return file.size > MAX_PHOTO_BYTES ? PHOTO_TEXT.tooLarge : null;
}

export const altSchema = z.string().trim().max(ALT_MAX, PHOTO_TEXT.altTooLong);

const fraction = z.coerce.number().min(0).max(1);
/** The crop frame, in fractions of the upright image (what the crop UI sends). */
export const cropSchema = z
  .object({ x: fraction, y: fraction, width: fraction.refine((v) => v > 0), height: fraction.refine((v) => v > 0) })
  .refine((c) => c.x + c.width <= 1.0001 && c.y + c.height <= 1.0001);

/** The photo actions other than upload, as the spot panel posts them. */
export const photoEditSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reorder"), order: z.array(z.uuid()).min(1).max(MAX_PHOTOS_PER_SPOT) }),
  z.object({ intent: z.literal("alt"), photoId: z.uuid(), alt: altSchema }),
  z.object({ intent: z.literal("remove"), photoId: z.uuid() }),
]);
export type PhotoEdit = z.infer<typeof photoEditSchema>;
