import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import type { Database } from "~/lib/db.server";
import { spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { SPOT_MESSAGES } from "~/modules/spots/spot-schema";
import { action as autosave } from "./studio-spot-autosave";
import { action, CHANGED_ELSEWHERE, loader } from "./studio-spot";

const db = await setupTestDatabase();

async function world(db: Database) {
  const { user: owner } = await createCreator(db);
  const { user: otherCreator } = await createCreator(db);
  const { user: member } = await createProfile(db);
  const { map, spots: mine } = await createMap(db, { isPublished: false }, { ownerId: owner.id, spots: 1 });
  const { map: theirMap, spots: theirs } = await createMap(db, {}, { ownerId: otherCreator.id, spots: 1 });
  return { owner, otherCreator, member, map, spot: mine[0], theirMap, theirSpot: theirs[0] };
}

const fields = (overrides: Record<string, string> = {}) => ({
  name: "Pastéis de Belém",
  summary: "Custard tarts",
  description: "Go **early**.",
  address: "Rua de Belém 84",
  website: "https://pasteisdebelem.pt",
  categoryId: "",
  visibility: "public",
  isPublished: "true",
  version: "1",
  ...overrides,
});

const visitorFor = visitorAs;

/** A thrown `data()` (the 404 page) is an outcome too. */
async function outcome(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (error) {
    const init = (error as { init?: ResponseInit }).init;
    if (init?.status) return { status: init.status };
    throw error;
  }
}

describe("/studio/maps/:mapId/spots/:spotId", () => {
  it("shows the owner the spot in full, with the map title and the categories", async () => {
    const { owner, map, spot } = await world(db);
    const path = `/studio/maps/${map.id}/spots/${spot.id}`;
    const result = await runRoute(await visitorFor(db, owner.id), path, loader, { params: { mapId: map.id, spotId: spot.id } });
    expect(result).toMatchObject({ status: 200, data: { spot: { id: spot.id, name: spot.name, version: 1 }, mapTitle: map.title } });
  });

  it("anonymous visitors go to login; members get 403; another creator's ids are a 404 at the page and the autosave", async () => {
    const { owner, otherCreator, member, map, spot, theirMap, theirSpot } = await world(db);
    const path = `/studio/maps/${map.id}/spots/${spot.id}`;
    const params = { mapId: map.id, spotId: spot.id };

    const anonymous = await runRoute(await visitorFor(db), path, loader, { params });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/auth?step=login");
    expect((await runRoute(await visitorFor(db), path, autosave, { params, form: fields() })).status).toBe(302);

    expect((await runRoute(await visitorFor(db, member.id), path, loader, { params })).status).toBe(403);
    expect((await runRoute(await visitorFor(db, member.id), path, autosave, { params, form: fields() })).status).toBe(403);
    expect((await runRoute(await visitorFor(db, member.id), path, action, { params, form: fields() })).status).toBe(403);

    // A creator without a handle chooses one on /studio first.
    const { user: newCreator } = await createCreator(db, { handle: null });
    expect(await runRoute(await visitorFor(db, newCreator.id), path, loader, { params })).toEqual({ status: 302, location: "/studio" });

    const other = await visitorFor(db, otherCreator.id);
    expect(await outcome(runRoute(other, path, loader, { params }))).toMatchObject({ status: 404 });
    expect(await runRoute(other, path, autosave, { params, form: fields() })).toMatchObject({ status: 404 });
    expect(await outcome(runRoute(other, path, action, { params, form: fields() }))).toMatchObject({ status: 404 });
    // The owner, with their map id and someone else's spot id (or the other way round): not found either.
    const me = await visitorFor(db, owner.id);
    expect(await outcome(runRoute(me, path, loader, { params: { mapId: map.id, spotId: theirSpot.id } }))).toMatchObject({ status: 404 });
    expect(await runRoute(me, path, autosave, { params: { mapId: theirMap.id, spotId: theirSpot.id }, form: fields() })).toMatchObject({ status: 404 });
    expect(await outcome(runRoute(me, path, loader, { params: { mapId: "nope", spotId: "nope" } }))).toMatchObject({ status: 404 });

    const [untouched] = await db.select().from(spots).where(eq(spots.id, theirSpot.id));
    expect(untouched).toMatchObject({ name: theirSpot.name, version: 1 });
    const [mine] = await db.select().from(spots).where(eq(spots.id, spot.id));
    expect(mine).toMatchObject({ name: spot.name, version: 1 });
  });

  it("the autosave answers saved, refused and changed-elsewhere as JSON results", async () => {
    const { owner, map, spot } = await world(db);
    const path = `/studio/maps/${map.id}/spots/${spot.id}/autosave`;
    const params = { mapId: map.id, spotId: spot.id };
    const me = await visitorFor(db, owner.id);

    expect(await runRoute(me, path, autosave, { params, form: fields({ visibility: "supporters" }) })).toMatchObject({
      status: 200,
      data: { ok: true, version: 2, value: { name: "Pastéis de Belém", visibility: "supporters" } },
    });
    expect(await runRoute(me, path, autosave, { params, form: fields({ name: "Stale tab", version: "1" }) })).toMatchObject({
      status: 409,
      data: { conflict: true, version: 2, current: { name: "Pastéis de Belém" } },
    });
    expect(await runRoute(me, path, autosave, { params, form: fields({ name: "x".repeat(10_000), version: "2" }) })).toMatchObject({
      status: 400,
      data: { fieldErrors: { name: SPOT_MESSAGES.nameTooLong } },
    });
    expect(await runRoute(me, path, autosave, { params, form: fields({ version: "" }) })).toMatchObject({ status: 400 });
    // Not a form: refused, not a server error.
    const notAForm = await me.request(path, (request, context) => autosave({ request, context, params } as unknown as Parameters<typeof autosave>[0]), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(notAForm.result).toMatchObject({ init: { status: 400 } });
    const [saved] = await db.select().from(spots).where(eq(spots.id, spot.id));
    expect(saved).toMatchObject({ name: "Pastéis de Belém", visibility: "supporters", version: 2 });
  });

  it("a form post without JavaScript saves and comes back to the page, or shows the messages with what was typed", async () => {
    const { owner, map, spot } = await world(db);
    const path = `/studio/maps/${map.id}/spots/${spot.id}`;
    const params = { mapId: map.id, spotId: spot.id };
    const me = await visitorFor(db, owner.id);

    expect(await runRoute(me, path, action, { params, form: fields({ name: "" }) })).toMatchObject({
      status: 400,
      data: { fieldErrors: { name: SPOT_MESSAGES.nameRequired }, values: { name: "" } },
    });
    expect(await runRoute(me, path, action, { params, form: fields() })).toEqual({ status: 302, location: path });
    expect(await runRoute(me, path, action, { params, form: fields({ name: "Older tab" }) })).toMatchObject({
      status: 409,
      data: { error: CHANGED_ELSEWHERE, values: { name: "Older tab" } },
    });
    const [saved] = await db.select().from(spots).where(eq(spots.id, spot.id));
    expect(saved).toMatchObject({ name: "Pastéis de Belém", version: 2 });
  });
});
