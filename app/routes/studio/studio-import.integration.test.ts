/**
 * /studio/maps/import/google-saved-lists: guarded in loader and action; a
 * multipart upload gives a preview (nothing written), confirm writes and
 * sends the creator to the map's editor; bad uploads are refused with the
 * reason; the body limit lets 50 MB files through here only.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { stubTestEnv } from "../../../tests/setup/env";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { IMPORT_FORM_MESSAGES, importedMessage, type PreviewView } from "~/modules/imports/import-form";
import { PREVIEW_MESSAGES } from "~/modules/imports/import-preview.server";
import { importBatches, maps, spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMITS } from "../../../server/body-limit";
import * as page from "./studio-import";
import type { ImportActionData } from "./studio-import-action.server";

const PATH = "/studio/maps/import/google-saved-lists";

const db = await setupTestDatabase();
stubDataDir("import-route");
stubTestEnv({ GEOCODER_URL: "off" });

const CSV = [
  "Title,Note,URL,Tags,Comment",
  ",,,,",
  'Bar Marsella,"Absinthe, since 1820",https://www.google.com/maps/search/41.378,2.1735,,',
  "Dropped pin,,https://www.google.com/maps/search/41.39,2.16,,",
  "Can Paixano,,https://www.google.com/maps/place/Can+Paixano/data=!4m2!3m1!1s0x12a4a2f9:0x5e1b2c3d,,",
  "Dropped pin,,https://www.google.com/maps/search/41.39,2.16,,",
].join("\n");

async function signedInCreator() {
  const { user, profile } = await createCreator(db);
  const visitor = new TestVisitor();
  await visitor.signIn(db, user.id);
  return { visitor, profile };
}

/** Post a multipart form (files and fields) to the page's action as `visitor`. */
async function post(visitor: TestVisitor, fields: Record<string, string>, files: { name: string; body: string | Uint8Array<ArrayBuffer> }[] = [], query = "") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("files", new File([f.body], f.name));
  let outcome: { status: number; location?: string | null; data?: ImportActionData } | undefined;
  await visitor.request(
    PATH + query,
    async (request, context) => {
      try {
        const result = (await page.action({ request, context, params: {} } as never)) as { data: ImportActionData; init?: ResponseInit };
        outcome = { status: result.init?.status ?? 200, data: result.data };
      } catch (error) {
        if (!(error instanceof Response)) throw error;
        outcome = { status: error.status, location: error.headers.get("Location") };
      }
      return outcome;
    },
    { method: "POST", body: form },
  );
  return outcome!;
}

const count = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from spots`)).rows[0].n);

describe("who may import", () => {
  for (const [name, handle, isAction] of [
    ["loader", page.loader, false],
    ["action", page.action, true],
  ] as const) {
    it(`${name}: anonymous visitors log in first; a plain user gets 403; a creator without a handle chooses one`, async () => {
      const run = (visitor: TestVisitor) => runRoute(visitor, PATH, handle as (args: unknown) => Promise<unknown>, isAction ? { form: {} } : {});
      expect(await run(new TestVisitor())).toMatchObject({ status: 302, location: `/auth?step=login&redirectTo=${encodeURIComponent(PATH)}` });
      const { user } = await createProfile(db);
      const plain = new TestVisitor();
      await plain.signIn(db, user.id);
      expect(await run(plain)).toMatchObject({ status: 403 });
      const { user: noHandle } = await createCreator(db, { handle: null });
      const creator = new TestVisitor();
      await creator.signIn(db, noHandle.id);
      expect(await run(creator)).toEqual({ status: 302, location: "/studio" });
    });
  }
});

describe("the import page", () => {
  it("?map= preselects the creator's own map, not another creator's", async () => {
    const { visitor, profile } = await signedInCreator();
    const { map } = await createMap(db, { ownerId: profile.id, title: "Mine" }, { spots: 0 });
    const { profile: other } = await createCreator(db);
    const { map: theirs } = await createMap(db, { ownerId: other.id, title: "Theirs" }, { spots: 0 });
    expect((await runRoute(visitor, `${PATH}?map=${map.id}`, page.loader as never)).data).toEqual({
      target: { id: map.id, title: "Mine" },
      hasGeocoder: false,
    });
    expect((await runRoute(visitor, `${PATH}?map=${theirs.id}`, page.loader as never)).data).toEqual({ target: null, hasGeocoder: false });
  });

  it("previews an upload without writing, then confirms into a new map and redirects to its editor", async () => {
    const { visitor, profile } = await signedInCreator();
    const previewed = await post(visitor, { intent: "preview" }, [{ name: "Food.csv", body: CSV }]);
    expect(previewed.status).toBe(200);
    const preview = (previewed.data as { ok: true; preview: PreviewView }).preview;
    expect(preview.lists).toHaveLength(1);
    expect(preview.lists[0]).toMatchObject({ name: "Food", target: { kind: "new" } });
    expect(preview.lists[0].rows.map((r) => r.status)).toEqual(["ready", "ready", "needs_place", "duplicate"]);
    expect(preview.notices).toEqual(["No geocoder is configured: 1 row without coordinates will wait in the review queue for you to place them."]);
    // The page gets statuses, not the rows' contents.
    expect(JSON.stringify(preview)).not.toContain("Absinthe");
    expect(await count()).toBe(0);

    const confirmed = await post(visitor, { intent: "confirm", token: preview.token, "target-0": "new" });
    expect(confirmed.status).toBe(302);
    const [map] = await db.select().from(maps).where(eq(maps.ownerId, profile.id));
    expect(map.title).toBe("Food");
    expect(confirmed.location).toBe(`/studio/maps/${map.id}?imported=2&review=2`);
    expect(importedMessage(2, 2)).toBe("Imported 2 spots; 2 wait in the review queue.");
    expect(await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, map.id))).toHaveLength(2);
    expect(await db.select().from(importBatches).where(eq(importBatches.mapId, map.id))).toMatchObject([{ rowsRead: 4, importedCount: 2 }]);
  });

  it("refuses an empty upload, a file over 50 MB, a bad target and an unknown token, writing nothing", async () => {
    const { visitor } = await signedInCreator();
    expect(await post(visitor, { intent: "preview" })).toMatchObject({ status: 400, data: { ok: false, error: IMPORT_FORM_MESSAGES.noFiles } });
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    expect(await post(visitor, { intent: "preview" }, [{ name: "huge.kml", body: big }])).toMatchObject({
      status: 400,
      data: { error: IMPORT_FORM_MESSAGES.tooLarge("huge.kml") },
    });
    expect(await post(visitor, { intent: "preview" }, [{ name: "notes.txt", body: "hello" }])).toMatchObject({ status: 400, data: { ok: false } });
    const previewed = await post(visitor, { intent: "preview" }, [{ name: "Food.csv", body: CSV }]);
    const token = (previewed.data as { ok: true; preview: PreviewView }).preview.token;
    expect(await post(visitor, { intent: "confirm", token, "target-0": "somewhere" })).toMatchObject({
      status: 400,
      data: { error: IMPORT_FORM_MESSAGES.badTarget },
    });
    expect(await post(visitor, { intent: "confirm", token: "x".repeat(32), "target-0": "new" })).toMatchObject({
      status: 404,
      data: { error: PREVIEW_MESSAGES.expired },
    });
    expect(await post(visitor, { intent: "destroy" })).toMatchObject({ status: 400, data: { error: IMPORT_FORM_MESSAGES.unknown } });
    expect(await count()).toBe(0);
  });

  it("the body limit lets several 50 MB files through on this route only", () => {
    const limits = { defaultBytes: DEFAULT_BODY_LIMIT_BYTES, rules: UPLOAD_BODY_LIMITS };
    expect(bodyLimitFor(PATH, limits)).toBe(101 * 1024 * 1024);
    expect(bodyLimitFor(`${PATH}.data`, limits)).toBe(101 * 1024 * 1024);
    expect(bodyLimitFor("/studio/maps", limits)).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/studio/maps/import", limits)).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });
});
