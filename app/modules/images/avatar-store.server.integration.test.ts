import { existsSync, rmSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { filePath, putObject } from "~/modules/storage/storage.server";
import { deleteAvatar, smallAvatarFromOriginal, storeAvatar } from "./avatar-store.server";
import { smallAvatarUrl } from "./avatar-variant";
import { stubDataDir } from "../../../tests/setup/data-dir";

// Uploads go to a scratch folder.
stubDataDir("avatars");

const png = (background: string) =>
  sharp({ create: { width: 500, height: 300, channels: 3, background } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const fileOf = (url: string) => {
  const [, , bucket, ...key] = url.split("/");
  return filePath(bucket, key.join("/"))!;
};

describe("stored avatars", () => {
  it("an upload is stored at 400 px with its 90 px variant beside it; deleting removes both", async () => {
    const stored = await storeAvatar(await png("#aa3311"));
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(await sharp(fileOf(stored.url)).metadata()).toMatchObject({ width: 400 });
    expect(await sharp(fileOf(smallAvatarUrl(stored.url))).metadata()).toMatchObject({ width: 90, height: 90 });

    await deleteAvatar(stored.url);
    expect(existsSync(fileOf(stored.url))).toBe(false);
    expect(existsSync(fileOf(smallAvatarUrl(stored.url)))).toBe(false);
  });

  it("an avatar uploaded before the variant existed gets it made on first request", async () => {
    const stored = await storeAvatar(await png("#1133aa"));
    if (!stored.ok) throw new Error(stored.error);
    const small = smallAvatarUrl(stored.url);
    rmSync(fileOf(small));

    const key = small.replace("/uploads/avatars/", "");
    const bytes = await smallAvatarFromOriginal(key);
    expect(bytes && (await sharp(bytes).metadata())).toMatchObject({ format: "webp", width: 90, height: 90 });
    expect(existsSync(fileOf(small))).toBe(true);
  });

  it("makes nothing for a variant without an original, or a key that is not a variant", async () => {
    expect(await smallAvatarFromOriginal("ab/ab0123456789abcdef0123456789abcd-90.webp")).toBeNull();
    const url = await putObject("avatars", "cd/cd0123456789abcdef0123456789abcd.webp", await png("#000000"));
    expect(await smallAvatarFromOriginal(url.replace("/uploads/avatars/", ""))).toBeNull();
    expect(await smallAvatarFromOriginal("../../etc/passwd-90.webp")).toBeNull();
  });
});
