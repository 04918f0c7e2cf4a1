/**
 * The widths uploaded photos and covers are stored at (WebP, DESIGN.md
 * section 9), and what a page needs to offer them: pure, so components and
 * the server agree on names without sharing server code.
 *
 * A map cover is one URL in `maps.cover_image_url`: the largest variant,
 * `/uploads/covers/{xx}/{id}-{width}.webp`; the smaller ones sit beside it
 * under the same id, so the `srcset` is derived from the URL alone.
 */
export const IMAGE_WIDTHS = [160, 400, 800, 1600] as const;

/** The widths made from an image `sourceWidth` px wide: never upscaled; a tiny image is kept at its own width. */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length > 0 ? widths : [Math.max(1, Math.floor(sourceWidth))];
}

/** The width a page shows by default (`src`): 800 px, or the largest made when the original was smaller. */
export function defaultWidth(widths: number[]): number {
  return widths.includes(800) ? 800 : Math.max(...widths);
}

const UPLOADED_COVER = /^(\/uploads\/covers\/[0-9a-f]{2}\/[0-9a-f-]{36})-(\d{1,4})\.webp$/;

/** Every variant URL of an uploaded cover, smallest first, or null for any other URL (generated art, a seed's picture). */
export function coverVariants(url: string | null | undefined): { url: string; width: number }[] | null {
  const match = url?.match(UPLOADED_COVER);
  if (!match) return null;
  const largest = Number(match[2]);
  return variantWidths(largest).map((width) => ({ url: `${match[1]}-${width}.webp`, width }));
}

/** The `srcset` of a cover URL, or undefined when it is not one of our uploads. */
export function coverSrcSet(url: string | null | undefined): string | undefined {
  return coverVariants(url)
    ?.map((v) => `${v.url} ${v.width}w`)
    .join(", ");
}
