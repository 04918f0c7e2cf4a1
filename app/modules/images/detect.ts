/**
 * What an uploaded file really is, read from its first bytes (never from its
 * name or the browser's content type). Spec section 5: PNG, GIF and the JPEG
 * variants; WebP too; and for spot photos the HEIF family phones save (HEIC,
 * AVIF), recognised by their ISO-BMFF `ftyp` box; whether sharp can decode a
 * given HEIF depends on its codecs (AVIF yes, HEVC-coded HEIC not in the
 * prebuilt binaries), so callers still try to read it.
 */
export type ImageType = "png" | "gif" | "jpeg" | "webp" | "avif" | "heic";

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

function ftypBrand(bytes: Uint8Array): string | null {
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(4, 8)) !== "ftyp") return null;
  return String.fromCharCode(...bytes.subarray(8, 12));
}

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
  const brand = ftypBrand(bytes);
  if (brand && AVIF_BRANDS.has(brand)) return "avif";
  if (brand && HEIC_BRANDS.has(brand)) return "heic";
  return null;
}
