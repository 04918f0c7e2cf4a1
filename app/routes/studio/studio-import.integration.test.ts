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
stubTestEnv({ GEOCODER_URL: "" });

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
    // A "Dropped pin" without a note waits for a name; the same row again is one place.
    expect(preview.lists[0].rows.map((r) => r.status)).toEqual(["ready", "needs_name", "needs_place", "duplicate"]);
    expect(preview.notices).toEqual(["No geocoder is configured: 1 row without coordinates will wait in the review queue for you to place them."]);
    // The page gets statuses, not the rows' contents.
    expect(JSON.stringify(preview)).not.toContain("Absinthe");
    expect(await count()).toBe(0);

    const confirmed = await post(visitor, { intent: "confirm", token: preview.token, "target-0": "new" });
    expect(confirmed.status).toBe(302);
    const [map] = await db.select().from(maps).where(eq(maps.ownerId, profile.id));
    expect(map.title).toBe("Food");
    expect(confirmed.location).toBe(`/studio/maps/${map.id}?imported=1&review=2`);
    expect(importedMessage(1, 2)).toBe("Imported 1 spot; 2 wait in the review queue.");
    expect(await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, map.id))).toEqual([{ name: "Bar Marsella" }]);
    expect(await db.select().from(importBatches).where(eq(importBatches.mapId, map.id))).toMatchObject([{ rowsRead: 4, importedCount: 1 }]);
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

  it("names a refused file once: its message says the file, and nothing says it again (issue 28, item 19j)", async () => {
    const { visitor } = await signedInCreator();
    const link = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><NetworkLink><Link><href>https://www.google.com/maps/d/kml?mid=1</href></Link></NetworkLink></Document></kml>`;
    const refused = await post(visitor, { intent: "preview" }, [{ name: "networklink.kml", body: link }]);
    expect(refused).toMatchObject({ status: 400, data: { ok: false, error: PREVIEW_MESSAGES.refused(1) } });
    const data = refused.data as Extract<ImportActionData, { ok: false }>;
    expect(data.errors).toHaveLength(1);
    expect(data.errors![0].message).toMatch(/^networklink\.kml: this KML file only links to a live map/);
    expect(data.errors![0].message).not.toMatch(/networklink\.kml: networklink\.kml/);
    expect(data.error).not.toContain("networklink.kml");
  });

  it("puts several dropped GPX files into one new map when asked ('together')", async () => {
    const { visitor, profile } = await signedInCreator();
    const gpx = (name: string, lat: number) =>
      `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>${name}</name></metadata><wpt lat="${lat}" lon="2.17"><name>${name} stop</name></wpt></gpx>`;
    const previewed = await post(visitor, { intent: "preview" }, [
      { name: "a.gpx", body: gpx("Morning", 41.38) },
      { name: "b.gpx", body: gpx("Evening", 41.39) },
    ]);
    const preview = (previewed.data as { ok: true; preview: PreviewView }).preview;
    expect(preview.separateMaps).toBe("These 2 lists would become 2 separate new draft maps: “Morning”, “Evening”.");
    const together = await post(visitor, { intent: "together", token: preview.token, "target-0": "new", "target-1": "new" });
    const joined = (together.data as { ok: true; preview: PreviewView }).preview;
    expect(joined.separateMaps).toBeNull();
    expect(joined.lists.map((l) => l.target)).toEqual([{ kind: "new" }, { kind: "list", index: 0 }]);
    const confirmed = await post(visitor, { intent: "confirm", token: preview.token, "target-0": "new", "target-1": "list:0" });
    expect(confirmed.status).toBe(302);
    const mine = await db.select().from(maps).where(eq(maps.ownerId, profile.id));
    expect(mine.map((m) => m.title)).toEqual(["Morning"]);
    expect((await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, mine[0].id))).map((s) => s.name).sort()).toEqual([
      "Evening stop",
      "Morning stop",
    ]);
  });

  it("the body limit lets several 50 MB files through on this route only", () => {
    const limits = { defaultBytes: DEFAULT_BODY_LIMIT_BYTES, rules: UPLOAD_BODY_LIMITS };
    expect(bodyLimitFor(PATH, limits)).toBe(101 * 1024 * 1024);
    expect(bodyLimitFor(`${PATH}.data`, limits)).toBe(101 * 1024 * 1024);
    expect(bodyLimitFor("/studio/maps", limits)).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/studio/maps/import", limits)).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });
});
