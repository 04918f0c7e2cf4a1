import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_SIZE, IMAGE_MESSAGES, MAX_IMAGE_BYTES, processAvatar } from "./avatar.server";
import { SMALL_AVATAR_SIZE } from "./avatar-variant";
import { detectImageType } from "./detect";

const image = (format: "png" | "jpeg" | "gif" | "webp", width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("image type detection (first bytes)", () => {
  it("knows PNG, JPEG, GIF and WebP by their bytes", async () => {
    expect(detectImageType(await image("png"))).toBe("png");
    expect(detectImageType(await image("jpeg"))).toBe("jpeg");
    expect(detectImageType(await image("gif"))).toBe("gif");
    expect(detectImageType(await image("webp"))).toBe("webp");
  });

  it("refuses anything else, whatever it is called", () => {
    expect(detectImageType(new TextEncoder().encode("%PDF-1.7 not an image"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe("avatar processing", () => {
  it("turns any accepted image into a 400x400 WebP named by its content", async () => {
    const result = await processAvatar(await image("jpeg", 1200, 500));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(meta.exif).toBeUndefined();
    expect(result.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    const again = await processAvatar(await image("jpeg", 1200, 500));
    expect(again.ok && again.key).toBe(result.key);
  });

  it("also makes the 90x90 WebP the header and drawer show, named after the original", async () => {
    const result = await processAvatar(await image("png", 800, 800));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await sharp(result.small.bytes).metadata()).toMatchObject({ format: "webp", width: SMALL_AVATAR_SIZE, height: SMALL_AVATAR_SIZE });
    expect(result.small.key).toBe(result.key.replace(/\.webp$/, "-90.webp"));
  });

  it("says what is wrong with a bad upload", async () => {
    expect(await processAvatar(new Uint8Array())).toEqual({ ok: false, error: IMAGE_MESSAGES.missing });
    expect(await processAvatar(new TextEncoder().encode("%PDF-1.7"))).toEqual({ ok: false, error: IMAGE_MESSAGES.notAnImage });
    expect(await processAvatar(new Uint8Array(MAX_IMAGE_BYTES + 1))).toEqual({ ok: false, error: IMAGE_MESSAGES.tooLarge });
    // PNG magic bytes, broken body.
    expect(await processAvatar(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]))).toEqual({ ok: false, error: IMAGE_MESSAGES.unreadable });
  });
});
