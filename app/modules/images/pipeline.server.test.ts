import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cropPixels, makeVariants, MAX_PHOTO_BYTES, PHOTO_MESSAGES, toSpotPhoto } from "./pipeline.server";

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
const bytes = (b: Buffer) => new Uint8Array(b);

/** A camera JPEG: stored sideways (orientation 6) with GPS and a camera serial in its EXIF. */
const cameraJpeg = (width: number, height: number) =>
  solid(width, height)
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "Spotfolio Test Camera", Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 23/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 10/1 0/1" },
      },
    })
    .toBuffer()
    .then(bytes);

describe("photo variants", () => {
  it("turns a camera JPEG upright and drops its EXIF (GPS included) in every WebP width up to the original's", async () => {
    const input = await cameraJpeg(2000, 1200);
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const result = await makeVariants(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { files, main } = result.variants;
    // Upright, the photo is 1200 wide: 1600 would be an upscale.
    expect(files.map((f) => f.width)).toEqual([160, 400, 800]);
    expect(main).toMatchObject({ width: 800, height: 1333 });
    for (const file of files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width!);
    }
  });

  it("makes the four widths of a large PNG, and one small WebP at its own size", async () => {
    const png = await makeVariants(bytes(await solid(2400, 1600).png().toBuffer()));
    expect(png.ok && png.variants.files.map((f) => [f.width, f.height])).toEqual([
      [160, 107],
      [400, 267],
      [800, 533],
      [1600, 1067],
    ]);
    const webp = await makeVariants(bytes(await solid(120, 90).webp().toBuffer()));
    expect(webp.ok && webp.variants.files.map((f) => [f.width, f.height])).toEqual([[120, 90]]);
  });

  it("reads AVIF", async () => {
    const avif = await makeVariants(bytes(await solid(640, 480).avif().toBuffer()));
    expect(avif.ok && avif.variants.files.map((f) => f.width)).toEqual([160, 400]);
  });

  it("names every file after one fresh id, so the same picture uploaded twice is two photos", async () => {
    const input = bytes(await solid(500, 500).png().toBuffer());
    const [a, b] = await Promise.all([makeVariants(input), makeVariants(input)]);
    if (!a.ok || !b.ok) throw new Error("not processed");
    expect(a.variants.id).not.toBe(b.variants.id);
    expect(a.variants.files.map((f) => f.key)).toEqual([
      `${a.variants.id.slice(0, 2)}/${a.variants.id}-160.webp`,
      `${a.variants.id.slice(0, 2)}/${a.variants.id}-400.webp`,
    ]);
  });

  it("refuses a PDF named .jpg, an oversized file, an empty one and a broken image with a clear message", async () => {
    expect(await makeVariants(new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >>"))).toEqual({ ok: false, error: PHOTO_MESSAGES.notAnImage });
    const huge = new Uint8Array(MAX_PHOTO_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await makeVariants(huge)).toEqual({ ok: false, error: PHOTO_MESSAGES.tooLarge });
    expect(await makeVariants(new Uint8Array())).toEqual({ ok: false, error: PHOTO_MESSAGES.missing });
    expect(await makeVariants(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toEqual({ ok: false, error: PHOTO_MESSAGES.unreadable });
    // GIF is not a photo format here (animated, 256 colours).
    expect(await makeVariants(bytes(await solid(50, 50).gif().toBuffer()))).toEqual({ ok: false, error: PHOTO_MESSAGES.notAnImage });
  });

  it("says how to get a HEIC photo in when it cannot be decoded", async () => {
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic"), 1, 2, 3]);
    expect(await makeVariants(heic)).toEqual({ ok: false, error: PHOTO_MESSAGES.heic });
  });

  it("crops to the card ratio (16:9) around the chosen area", async () => {
    const result = await makeVariants(bytes(await solid(1000, 1000).png().toBuffer()), { crop: { x: 0, y: 0.2, width: 1, height: 0.6 }, ratio: 16 / 9 });
    expect(result.ok && result.variants.files.map((f) => [f.width, f.height])).toEqual([
      [160, 90],
      [400, 225],
      [800, 450],
    ]);
  });

  it("describes stored variants as a SpotPhoto: the 800 px src, every width in the srcset", async () => {
    const result = await makeVariants(bytes(await solid(1800, 1200).jpeg().toBuffer()));
    if (!result.ok) throw new Error(result.error);
    const photo = toSpotPhoto(result.variants, "The terrace at dusk", (key) => `/uploads/spot-photos/${key}`);
    const id = result.variants.id;
    expect(photo).toEqual({
      id,
      src: `/uploads/spot-photos/${id.slice(0, 2)}/${id}-800.webp`,
      srcset: [160, 400, 800, 1600].map((w) => `/uploads/spot-photos/${id.slice(0, 2)}/${id}-${w}.webp ${w}w`).join(", "),
      alt: "The terrace at dusk",
      width: 800,
      height: 533,
      keys: [160, 400, 800, 1600].map((w) => `${id.slice(0, 2)}/${id}-${w}.webp`),
    });
  });
});

describe("the crop rectangle", () => {
  it("is exactly the ratio asked for, inside the image, centred on the chosen area", () => {
    expect(cropPixels({ x: 0, y: 0, width: 1, height: 1 }, { width: 1600, height: 1600 }, 16 / 9)).toEqual({ left: 0, top: 350, width: 1600, height: 900 });
    expect(cropPixels({ x: 0.5, y: 0, width: 0.5, height: 1 }, { width: 1600, height: 900 }, 16 / 9)).toEqual({ left: 800, top: 225, width: 800, height: 450 });
    // Out-of-range numbers from a client are clamped to the image; an empty area is the whole image.
    expect(cropPixels({ x: -1, y: 0.5, width: 5, height: 5 }, { width: 800, height: 900 }, 16 / 9)).toEqual({ left: 0, top: 450, width: 800, height: 450 });
    expect(cropPixels({ x: -1, y: 2, width: 5, height: 5 }, { width: 800, height: 900 }, 16 / 9)).toEqual({ left: 0, top: 225, width: 800, height: 450 });
  });
});
