import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { getObjectBytes, putObject } from "~/modules/storage/storage.server";
import { deletedSpots, spotBookmarks, spots, user, type SpotPhoto } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { deleteMap } from "~/modules/maps/map-lifecycle.server";
import { deleteSpot, PLACEMENT_MESSAGES, restoreSpot } from "./spot-placement.server";
import { purgeDeletedSpots, RESTORE_WINDOW_MS } from "./spot-trash.server";

stubDataDir("spot-trash");

const db = await setupTestDatabase();

/** A map whose first spot has one stored photo file. */
async function mapWithPhoto() {
  const { profile } = await createCreator(db);
  const { map, spots: rows } = await createMap(db, { ownerId: profile.id, title: "M", isPublished: false, publishedAt: null }, { spots: 2 });
  const key = `${rows[0].id}/${crypto.randomUUID()}-800.webp`;
  await putObject("spot-photos", key, new Uint8Array([1, 2, 3]));
  const photo: SpotPhoto = { id: "p1", src: `/media/spot-photos/${key}`, srcset: "", alt: "", width: 800, height: 600, keys: [key] };
  await db
    .update(spots)
    .set({ photos: [photo] })
    .where(eq(spots.id, rows[0].id));
  return { creatorId: profile.id, map, spot: rows[0], key };
}

describe("the trash of deleted spots", () => {
  it("keeps a deleted spot's photo file while the delete can be undone, and removes it when the entry is purged", async () => {
    const { creatorId, spot, key } = await mapWithPhoto();
    const at = new Date("2026-03-01T10:00:00Z");
    const deleted = await deleteSpot(db, creatorId, spot.id, at);
    if (!deleted.ok) throw new Error("not deleted");
    expect(await getObjectBytes("spot-photos", key)).not.toBeNull();

    // One minute before the window closes nothing is purged.
    expect(await purgeDeletedSpots(db, new Date(at.getTime() + RESTORE_WINDOW_MS - 60_000))).toBe(0);
    expect(await getObjectBytes("spot-photos", key)).not.toBeNull();

    expect(await purgeDeletedSpots(db, new Date(at.getTime() + RESTORE_WINDOW_MS + 60_000))).toBe(1);
    expect(await getObjectBytes("spot-photos", key)).toBeNull();
    expect(await db.select().from(deletedSpots)).toEqual([]);
  });

  it("an undone delete leaves the trash: the photo stays with the restored spot and a later purge keeps it", async () => {
    const { creatorId, spot, key } = await mapWithPhoto();
    const at = new Date("2026-03-01T10:00:00Z");
    const deleted = await deleteSpot(db, creatorId, spot.id, at);
    if (!deleted.ok) throw new Error("not deleted");
    const restored = await restoreSpot(db, creatorId, deleted.restoreToken, new Date(at.getTime() + 60_000));
    expect(restored).toMatchObject({ ok: true, spot: { id: spot.id, photos: [{ keys: [key] }] } });
    expect(await purgeDeletedSpots(db, new Date(at.getTime() + 2 * RESTORE_WINDOW_MS))).toBe(0);
    expect(await getObjectBytes("spot-photos", key)).not.toBeNull();
  });

  it("a purged delete can no longer be undone", async () => {
    const { creatorId, map, spot } = await mapWithPhoto();
    const at = new Date("2026-03-01T10:00:00Z");
    const deleted = await deleteSpot(db, creatorId, spot.id, at);
    if (!deleted.ok) throw new Error("not deleted");
    await purgeDeletedSpots(db, new Date(at.getTime() + RESTORE_WINDOW_MS + 1));
    // Even with a token still inside its window (a clock skew between instances), nothing comes back.
    expect(await restoreSpot(db, creatorId, deleted.restoreToken, new Date(at.getTime() + 1000))).toEqual({
      ok: false,
      status: 400,
      error: PLACEMENT_MESSAGES.restoreExpired,
    });
    expect(await db.select({ id: spots.id }).from(spots).where(eq(spots.mapId, map.id))).toHaveLength(1);
  });

  it("deleting the map removes the files of its spots still in the trash", async () => {
    const { creatorId, map, spot, key } = await mapWithPhoto();
    await deleteSpot(db, creatorId, spot.id);
    expect(await deleteMap(db, creatorId, map.id)).toMatchObject({ ok: true });
    expect(await getObjectBytes("spot-photos", key)).toBeNull();
    expect(await db.select().from(deletedSpots)).toEqual([]);
  });

  it("gives back only the saves of users who still have an account", async () => {
    const { creatorId, spot } = await mapWithPhoto();
    const { profile: stays } = await createProfile(db);
    const { profile: leaves } = await createProfile(db);
    await db.insert(spotBookmarks).values([
      { userId: stays.id, spotId: spot.id },
      { userId: leaves.id, spotId: spot.id },
    ]);
    const deleted = await deleteSpot(db, creatorId, spot.id);
    if (!deleted.ok) throw new Error("not deleted");
    await db.delete(user).where(eq(user.id, leaves.id));
    expect(await restoreSpot(db, creatorId, deleted.restoreToken)).toMatchObject({ ok: true });
    expect((await db.select({ userId: spotBookmarks.userId }).from(spotBookmarks)).map((b) => b.userId)).toEqual([stays.id]);
  });
});
