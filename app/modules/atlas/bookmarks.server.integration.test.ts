import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { mapBookmarks, spotBookmarks } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import type { Entitlements } from "~/modules/gate";
import { atlasOverview } from "./atlas.server";
import { setMapBookmark, setSpotBookmark } from "./bookmarks.server";

const db = await setupTestDatabase();

const as = (userId: string, extra: Partial<Omit<Entitlements, "userId">> = {}): Entitlements & { userId: string } => ({
  isAdmin: false,
  hasActiveSubscription: false,
  supportedCreatorIds: [],
  ...extra,
  userId,
});

describe("bookmarks and My Atlas", () => {
  it("saves and unsaves maps and spots idempotently, and lists them in the Atlas, gated", async () => {
    const { user } = await createProfile(db);
    const { profile: creator } = await createCreator(db);
    const { map, spots } = await createMap(
      db,
      { title: "Porto tascas" },
      { ownerId: creator.id, spots: 2, spotOverrides: (p) => (p === 1 ? { visibility: "premium", summary: "SECRET" } : {}) },
    );
    const me = as(user.id);
    expect(await setMapBookmark(db, me, map.id, true)).toEqual({ ok: true, saved: true });
    expect(await setMapBookmark(db, me, map.id, true)).toEqual({ ok: true, saved: true });
    expect(await setSpotBookmark(db, me, spots[0].id, true)).toEqual({ ok: true, saved: true });
    expect(await setSpotBookmark(db, me, spots[1].id, true)).toEqual({ ok: true, saved: true });
    expect(await db.select().from(mapBookmarks)).toHaveLength(1);

    const atlas = await atlasOverview(db, me);
    expect(atlas.maps.map((m) => m.title)).toEqual(["Porto tascas"]);
    expect(atlas.spots.map((s) => [s.name, s.locked])).toEqual([
      ["Spot 1 of Porto tascas", false],
      ["Spot 2 of Porto tascas", true],
    ]);
    expect(JSON.stringify(atlas)).not.toContain("SECRET");

    expect(await setSpotBookmark(db, me, spots[0].id, false)).toEqual({ ok: true, saved: false });
    expect(await db.select().from(spotBookmarks)).toHaveLength(1);
  });

  it("refuses what the user may not know exists", async () => {
    const { user } = await createProfile(db);
    const { map: draft, spots } = await createMap(db, { isPublished: false }, { spots: 1 });
    expect(await setMapBookmark(db, as(user.id), draft.id, true)).toMatchObject({ ok: false, status: 404 });
    expect(await setSpotBookmark(db, as(user.id), spots[0].id, true)).toMatchObject({ ok: false, status: 404 });
    expect(await setMapBookmark(db, as(user.id), "00000000-0000-0000-0000-000000000000", true)).toMatchObject({ ok: false, status: 404 });
    expect(await db.select().from(mapBookmarks)).toEqual([]);
  });
});
