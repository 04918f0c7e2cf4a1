/**
 * What an uploaded file really is, read from its first bytes (never from its
 * name or the browser's content type). Spec section 5: PNG, GIF and the JPEG
 * variants; WebP too.
 */
export type ImageType = "png" | "gif" | "jpeg" | "webp";

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 4) return null;
  const [a, b, c, d] = bytes;
  if (a === 0x89 && b === 0x50 && c === 0x4e && d === 0x47) return "png";
  if (a === 0x47 && b === 0x49 && c === 0x46 && d === 0x38) return "gif";
  // JPEG: FF D8 FF followed by E0 (JFIF), E1 (Exif), DB, EE or another marker.
  if (a === 0xff && b === 0xd8 && c === 0xff) return "jpeg";
  if (
    bytes.length >= 12 &&
    a === 0x52 &&
    b === 0x49 &&
    c === 0x46 &&
    d === 0x46 && // RIFF
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50 // WEBP
  ) {
    return "webp";
  }
  return null;
}
