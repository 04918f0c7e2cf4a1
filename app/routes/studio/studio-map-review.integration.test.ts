import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, type TestVisitor, visitorAs } from "../../../tests/setup/visitor";
import { importBatches, importReviewRows, spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { REVIEW_MESSAGES } from "~/modules/imports/review-actions";
import { COORDINATE_MESSAGES } from "~/modules/places/coordinates";
import { parseEditorSpots, type EditorSpotList } from "~/modules/spots";
import { loader as editorLoader } from "./studio-map-editor";
import { action, loader } from "./studio-map-review";

const db = await setupTestDatabase();

async function setup() {
  const { profile: owner } = await createCreator(db);
  const { map } = await createMap(db, { ownerId: owner.id, isPublished: false, publishedAt: null }, { spots: 2 });
  const [batch] = await db
    .insert(importBatches)
    .values({ mapId: map.id, creatorId: owner.id, files: ["Food.csv"], rowsRead: 4, importedCount: 2 })
    .returning();
  const rows = await db
    .insert(importReviewRows)
    .values(
      [3, 4].map((line) => ({
        batchId: batch.id,
        mapId: map.id,
        reason: "needs_place" as const,
        reasonText: "No coordinates and no geocoder configured",
        sourceFile: "Food.csv",
        sourceRef: `line ${line}`,
        original: `Row ${line},,https://maps.google.com/?cid=${line},`,
        name: `Row ${line}`,
      })),
    )
    .returning();
  return { owner, map, rows };
}

const as = (userId?: string) => visitorAs(db, userId);

const path = (mapId: string) => `/studio/maps/${mapId}/review`;

/** POST as a plain form (no Accept: JSON, as a browser without JavaScript) or as the editor's script. */
async function post(visitor: TestVisitor, mapId: string, fields: Record<string, string>, asScript = true) {
  const { result } = await visitor.request(path(mapId), (request, context) => action({ request, context, params: { mapId } } as never), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: asScript ? { Accept: "application/json" } : {},
  });
  const response = result as Response;
  return {
    status: response.status,
    location: response.headers.get("Location"),
    body: response.headers.get("Content-Type")?.includes("json") ? await response.json() : null,
  };
}

async function statuses(mapId: string) {
  return (await db.select({ ref: importReviewRows.sourceRef, status: importReviewRows.status }).from(importReviewRows).where(eq(importReviewRows.mapId, mapId)))
    .map((r) => `${r.ref}:${r.status}`)
    .sort();
}

describe("/studio/maps/:mapId/review guards", () => {
  it("sends anonymous visitors to log in, refuses members (403) and creators without a handle, for the loader and the action", async () => {
    const { map, rows } = await setup();
    const params = { mapId: map.id };
    const form = { intent: "dismiss", rowId: rows[0].id };
    const anonymous = await as();
    expect(await runRoute(anonymous, path(map.id), loader, { params })).toMatchObject({ status: 302, location: expect.stringContaining("/auth?step=login") });
    expect(await runRoute(anonymous, path(map.id), action, { params, form })).toMatchObject({
      status: 302,
      location: expect.stringContaining("/auth?step=login"),
    });

    const { profile: member } = await createProfile(db);
    const plain = await as(member.id);
    expect(await runRoute(plain, path(map.id), loader, { params })).toMatchObject({ status: 403 });
    expect(await runRoute(plain, path(map.id), action, { params, form })).toMatchObject({ status: 403 });

    const { profile: handleless } = await createCreator(db, { handle: null });
    const newCreator = await as(handleless.id);
    expect(await runRoute(newCreator, path(map.id), action, { params, form })).toEqual({ status: 302, location: "/studio" });
    expect(await statuses(map.id)).toEqual(["line 3:open", "line 4:open"]);
  });

  it("gives another creator a 404 and changes nothing, with or without JavaScript", async () => {
    const { map, rows } = await setup();
    const { profile: other } = await createCreator(db);
    const stranger = await as(other.id);
    const { result } = await stranger.request(path(map.id), (request, context) => loader({ request, context, params: { mapId: map.id } } as never));
    expect((result as Response).status).toBe(404);
    for (const fields of <Record<string, string>[]>[
      { intent: "place", rowId: rows[0].id, coordinates: "41.4, 2.2" },
      { intent: "dismiss", rowId: rows[0].id },
      { intent: "reopen", rowId: rows[1].id },
    ]) {
      expect(await post(stranger, map.id, fields)).toMatchObject({ status: 404, body: { ok: false, error: REVIEW_MESSAGES.mapNotFound } });
      expect(await post(stranger, map.id, fields, false)).toMatchObject({ status: 404, location: null });
    }
    expect(await statuses(map.id)).toEqual(["line 3:open", "line 4:open"]);
    expect(await db.select().from(spots).where(eq(spots.mapId, map.id))).toHaveLength(2);
  });
});

describe("/studio/maps/:mapId/review for the map's owner", () => {
  it("places a row by typed DMS coordinates and dismisses another, answering the editor's script in JSON", async () => {
    const { owner, map, rows } = await setup();
    const visitor = await as(owner.id);
    const placed = await post(visitor, map.id, { intent: "place", rowId: rows[0].id, coordinates: "41°23′6″N 2°10′24″E", name: "" });
    expect(placed).toMatchObject({ status: 200, body: { ok: true, spot: { name: "Row 3", lat: 41.385, lng: 2.173333, position: 2 } } });
    expect(await post(visitor, map.id, { intent: "dismiss", rowId: rows[1].id })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await statuses(map.id)).toEqual(["line 3:placed", "line 4:dismissed"]);

    const { result } = await visitor.request(path(map.id), (request, context) => loader({ request, context, params: { mapId: map.id } } as never));
    expect(await (result as Response).json()).toMatchObject({ rows: [], totals: { rowsRead: 4, imported: 3, inReview: 0, dismissed: 1 } });
    // The editor's page carries the queue, and the new spot is in its list.
    const page = await runRoute(visitor, `/studio/maps/${map.id}`, editorLoader, { params: { mapId: map.id } });
    expect(page).toMatchObject({ status: 200, data: { review: { totals: { inReview: 0 } } } });
    expect(parseEditorSpots((page.data as { spots: EditorSpotList }).spots).map((spot) => spot.name)).toEqual([
      expect.any(String),
      expect.any(String),
      "Row 3",
    ]);
  });

  it("places by a map click's lat and lng, and refuses lat 91 with the editor's message", async () => {
    const { owner, map, rows } = await setup();
    const visitor = await as(owner.id);
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, lat: "91", lng: "2" })).toEqual({
      status: 400,
      location: null,
      body: { ok: false, error: COORDINATE_MESSAGES.latitude },
    });
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, coordinates: "91, 2" })).toMatchObject({
      status: 400,
      body: { error: COORDINATE_MESSAGES.latitude },
    });
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, coordinates: "somewhere" })).toMatchObject({
      status: 400,
      body: { error: COORDINATE_MESSAGES.unreadable },
    });
    expect(await post(visitor, map.id, { intent: "explode", rowId: rows[0].id })).toMatchObject({ status: 400, body: { error: REVIEW_MESSAGES.unknown } });
    expect(await statuses(map.id)).toEqual(["line 3:open", "line 4:open"]);
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, lat: "41.5", lng: "2.5" })).toMatchObject({
      status: 200,
      body: { spot: { lat: 41.5 } },
    });
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, lat: "41.5", lng: "2.5" })).toMatchObject({
      status: 409,
      body: { error: REVIEW_MESSAGES.alreadyPlaced },
    });
  });

  it("without JavaScript, comes back to the editor's review panel with the outcome, which the editor shows", async () => {
    const { owner, map, rows } = await setup();
    const visitor = await as(owner.id);
    const editor = `/studio/maps/${map.id}`;
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, coordinates: "91, 2" }, false)).toEqual({
      status: 303,
      location: `${editor}?panel=review&reviewed=latitude#review-queue`,
      body: null,
    });
    expect(await post(visitor, map.id, { intent: "dismiss", rowId: rows[0].id }, false)).toMatchObject({
      location: `${editor}?panel=review&reviewed=dismissed#review-queue`,
    });
    expect(await post(visitor, map.id, { intent: "reopen", rowId: rows[0].id }, false)).toMatchObject({
      location: `${editor}?panel=review&reviewed=reopened#review-queue`,
    });
    expect(await post(visitor, map.id, { intent: "place", rowId: rows[0].id, coordinates: "41.4, 2.2" }, false)).toMatchObject({
      location: `${editor}?panel=review&reviewed=placed#review-queue`,
    });
    expect(await statuses(map.id)).toEqual(["line 3:placed", "line 4:open"]);

    const page = await runRoute(visitor, `${editor}?panel=review&reviewed=latitude`, editorLoader, { params: { mapId: map.id } });
    expect(page).toMatchObject({ data: { panel: "review", reviewNotice: { ok: false, text: COORDINATE_MESSAGES.latitude } } });
    const plain = await runRoute(visitor, `${editor}?reviewed=%3Cscript%3E`, editorLoader, { params: { mapId: map.id } });
    expect(plain).toMatchObject({ data: { panel: "spots", reviewNotice: null } });
  });
});
