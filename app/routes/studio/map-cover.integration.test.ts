import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { coverVariants } from "~/modules/images/variants";
import { filePath } from "~/modules/storage/storage.server";
import { maps } from "#db/schema";
import { createCreator, createMap } from "#db/seed/factories";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { TestVisitor } from "../../../tests/setup/visitor";
import { action } from "./map-cover";

stubDataDir("covers");

const db = await setupTestDatabase();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 100, b: 60 } } })
    .png()
    .toBuffer();

async function ownMap() {
  const { profile } = await createCreator(db);
  const { map } = await createMap(db, { ownerId: profile.id }, { spots: 0 });
  const visitor = new TestVisitor();
  await visitor.signIn(db, profile.id);
  return { visitor, map };
}

async function post(visitor: TestVisitor, mapId: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const { response } = await visitor.request(
    `/studio/maps/${mapId}/cover`,
    (request, context) => action({ request, context, params: { mapId } } as unknown as Parameters<typeof action>[0]),
    { method: "POST", body },
  );
  return { status: response.status, body: (await response.json()) as { coverImageUrl?: string | null; error?: string } };
}

const fileOf = (url: string) => {
  const [, , bucket, ...key] = url.split("/");
  return filePath(bucket, key.join("/"))!;
};
const coverOf = async (mapId: string) => (await db.select({ url: maps.coverImageUrl, version: maps.version }).from(maps).where(eq(maps.id, mapId)))[0];

describe("POST /studio/maps/{mapId}/cover", () => {
  it("crops the upload to 16:9 at the chosen frame, stores its widths, and replaces the old cover's files", async () => {
    const { visitor, map } = await ownMap();
    const image = new File([new Uint8Array(await png(2000, 2000))], "cover.png", { type: "image/png" });
    const first = await post(visitor, map.id, { intent: "upload", cover: image, x: "0", y: "0.25", width: "1", height: "0.5" });
    expect(first.status).toBe(200);
    const url = first.body.coverImageUrl!;
    expect(coverVariants(url)!.map((v) => v.width)).toEqual([160, 400, 800, 1600]);
    expect(await sharp(fileOf(url)).metadata()).toMatchObject({ format: "webp", width: 1600, height: 900 });
    expect(await coverOf(map.id)).toEqual({ url, version: map.version });

    const second = await post(visitor, map.id, {
      intent: "upload",
      cover: new File([new Uint8Array(await png(640, 480))], "small.png"),
      x: "0",
      y: "0",
      width: "1",
      height: "1",
    });
    expect(coverVariants(second.body.coverImageUrl)!.map((v) => v.width)).toEqual([160, 400]);
    for (const variant of coverVariants(url)!) expect(existsSync(fileOf(variant.url))).toBe(false);

    expect(await post(visitor, map.id, { intent: "remove" })).toEqual({ status: 200, body: { coverImageUrl: null } });
    for (const variant of coverVariants(second.body.coverImageUrl)!) expect(existsSync(fileOf(variant.url))).toBe(false);
    expect((await coverOf(map.id)).url).toBeNull();
  });

  it("refuses a PDF and another creator's map, changing nothing", async () => {
    const { visitor, map } = await ownMap();
    const pdf = new File([new TextEncoder().encode("%PDF-1.7 menu")], "menu.jpg", { type: "image/jpeg" });
    expect(await post(visitor, map.id, { intent: "upload", cover: pdf })).toEqual({
      status: 400,
      body: { error: "Upload a JPEG, PNG, WebP, HEIC or AVIF image" },
    });
    const { visitor: other } = await ownMap();
    const image = new File([new Uint8Array(await png(800, 450))], "cover.png");
    expect((await post(other, map.id, { intent: "upload", cover: image })).status).toBe(404);
    expect((await post(other, map.id, { intent: "remove" })).status).toBe(404);
    expect((await coverOf(map.id)).url).toBeNull();
  });
});
