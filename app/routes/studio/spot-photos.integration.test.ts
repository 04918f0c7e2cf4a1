import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { filePath, uploadsRoot } from "~/modules/storage/storage.server";
import { spots, type SpotPhoto } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { TestVisitor } from "../../../tests/setup/visitor";
import { action } from "./spot-photos";

stubDataDir("spot-photos");

const db = await setupTestDatabase();

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 23/1 0/1" } } })
    .toBuffer();

async function ownSpot() {
  const { profile } = await createCreator(db);
  const { map, spots: rows } = await createMap(db, { ownerId: profile.id, isPublished: false, publishedAt: null }, { spots: 1 });
  const visitor = new TestVisitor();
  await visitor.signIn(db, profile.id);
  return { visitor, map, spot: rows[0], url: `/studio/maps/${map.id}/spots/${rows[0].id}/photos` };
}

/** POST the form as `visitor`; the JSON answer and its status. */
async function post(visitor: TestVisitor, url: string, form: FormData) {
  const [, , , mapId, , spotId] = url.split("/");
  const { response } = await visitor.request(
    url,
    (request, context) => action({ request, context, params: { mapId, spotId } } as unknown as Parameters<typeof action>[0]),
    {
      method: "POST",
      body: form,
    },
  );
  return { status: response.status, body: (await response.json()) as { photos?: SpotPhoto[]; error?: string } };
}

function uploadForm(...files: [Buffer | Uint8Array, string][]) {
  const form = new FormData();
  form.set("intent", "upload");
  for (const [bytes, name] of files) form.append("photo", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  return form;
}

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) f.append(k, value);
  return f;
};

const storedFiles = () =>
  existsSync(path.join(uploadsRoot(), "spot-photos"))
    ? readdirSync(path.join(uploadsRoot(), "spot-photos"), { recursive: true }).filter((f) => String(f).endsWith(".webp"))
    : [];
const photosOf = async (spotId: string) =>
  (await db.select({ photos: spots.photos, version: spots.version, name: spots.name }).from(spots).where(eq(spots.id, spotId)))[0];

describe("POST /studio/maps/{mapId}/spots/{spotId}/photos", () => {
  it("uploads two photos as WebP variants without EXIF, reorders them, sets alt text and removes one with its files", async () => {
    const { visitor, spot, url } = await ownSpot();
    const before = storedFiles().length;

    const uploaded = await post(visitor, url, uploadForm([await jpeg(1800, 1200), "terrace.jpg"], [await jpeg(600, 900), "door.jpg"]));
    expect(uploaded.status).toBe(200);
    const [terrace, door] = uploaded.body.photos!;
    expect(terrace).toMatchObject({ width: 800, height: 533, alt: "" });
    expect(terrace.srcset.split(", ")).toHaveLength(4);
    expect(door).toMatchObject({ width: 400, height: 600 });
    expect(storedFiles().length - before).toBe(4 + 2);
    const stored = await sharp(filePath("spot-photos", terrace.keys[3])!).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 1600 });
    expect(stored.exif).toBeUndefined();

    const reordered = await post(visitor, url, form({ intent: "reorder", order: [door.id, terrace.id] }));
    expect(reordered.body.photos!.map((p) => p.id)).toEqual([door.id, terrace.id]);

    const described = await post(visitor, url, form({ intent: "alt", photoId: terrace.id, alt: "  Tables on the terrace at dusk " }));
    expect(described.body.photos!.find((p) => p.id === terrace.id)!.alt).toBe("Tables on the terrace at dusk");

    const removed = await post(visitor, url, form({ intent: "remove", photoId: door.id }));
    expect(removed.body.photos!.map((p) => p.id)).toEqual([terrace.id]);
    for (const key of door.keys) expect(existsSync(filePath("spot-photos", key)!)).toBe(false);
    for (const key of terrace.keys) expect(existsSync(filePath("spot-photos", key)!)).toBe(true);

    // Only the photos changed: the text autosave's version and the text are untouched.
    expect(await photosOf(spot.id)).toMatchObject({
      version: spot.version,
      name: spot.name,
      photos: [{ id: terrace.id, alt: "Tables on the terrace at dusk" }],
    });
  });

  it("refuses a PDF named .jpg and a 40 MB photo with a clear message, storing nothing", async () => {
    const { visitor, spot, url } = await ownSpot();
    const before = storedFiles().length;

    const pdf = await post(visitor, url, uploadForm([await jpeg(400, 300), "fine.jpg"], [new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "menu.jpg"]));
    expect(pdf).toEqual({ status: 400, body: { error: "Upload a JPEG, PNG, WebP, HEIC or AVIF image" } });

    const huge = new Uint8Array(40 * 1024 * 1024);
    huge.set(await jpeg(400, 300));
    expect(await post(visitor, url, uploadForm([huge, "huge.jpg"]))).toEqual({ status: 413, body: { error: "The image must be at most 15 MB" } });

    expect(storedFiles().length).toBe(before);
    expect((await photosOf(spot.id)).photos).toEqual([]);
  });

  it("says what is wrong with an edit that cannot apply, changing nothing", async () => {
    const { visitor, spot, url } = await ownSpot();
    await post(visitor, url, uploadForm([await jpeg(300, 200), "a.jpg"]));
    expect(await post(visitor, url, form({ intent: "alt", photoId: crypto.randomUUID(), alt: "x" }))).toEqual({
      status: 409,
      body: { error: "This photo is no longer on the spot" },
    });
    const [photo] = (await photosOf(spot.id)).photos;
    expect(await post(visitor, url, form({ intent: "alt", photoId: photo.id, alt: "y".repeat(301) }))).toEqual({
      status: 400,
      body: { error: "Alt text must be at most 300 characters" },
    });
    expect((await photosOf(spot.id)).photos).toEqual([photo]);
  });

  it("is a 404 for another creator's spot, or a spot id under another map, and changes nothing", async () => {
    const { spot, map, url } = await ownSpot();
    const { visitor: other, map: otherMap } = await ownSpot();
    expect((await post(other, url, uploadForm([await jpeg(300, 200), "a.jpg"]))).status).toBe(404);
    expect((await post(other, url, form({ intent: "remove", photoId: crypto.randomUUID() }))).status).toBe(404);
    // The other creator's own map id with this spot id: still not theirs.
    expect((await post(other, `/studio/maps/${otherMap.id}/spots/${spot.id}/photos`, uploadForm([await jpeg(300, 200), "a.jpg"]))).status).toBe(404);
    expect((await post(other, `/studio/maps/${map.id}/spots/not-a-uuid/photos`, uploadForm([await jpeg(300, 200), "a.jpg"]))).status).toBe(404);
    expect((await photosOf(spot.id)).photos).toEqual([]);
  });

  it("sends a plain user to the 403 page and an anonymous visitor to log in", async () => {
    const { url } = await ownSpot();
    const { profile } = await createProfile(db);
    const member = new TestVisitor();
    await member.signIn(db, profile.id);
    const run = (visitor: TestVisitor) => post(visitor, url, uploadForm([new Uint8Array([1]), "a.jpg"])).catch((thrown: unknown) => thrown as Response);
    expect(((await run(member)) as Response).status).toBe(403);
    const anonymous = (await run(new TestVisitor())) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/auth?step=login");
  });
});
