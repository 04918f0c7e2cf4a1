/**
 * What a new creator's first import writes (issue 28, items 18 and 19), from
 * real files through the parsers, the preview and the confirm into the
 * database: Takeout tags become private labels that no public read carries;
 * My Maps' default layer is no category; an exact duplicate row is one place;
 * a "Dropped pin" is named from its note or waits for a name; several files
 * can go into one map; photos are copied into our storage from a server the
 * test starts, and the ones that cannot be fetched are reported.
 */
import { readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { categories, importReviewRows, maps, spots } from "#db/schema";
import { createCreator } from "#db/seed/factories";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { exportMap } from "~/modules/exports/map-export.server";
import { loadEditor } from "~/modules/maps/map-editing.server";
import { loadMapPage } from "~/modules/maps/map-page.server";
import { parseEditorSpots } from "~/modules/spots";
import { search } from "~/modules/search/search.server";
import { getObjectBytes } from "~/modules/storage/index.server";
import { memoryGeocodeCache } from "./geocoder.server";
import { commitImport } from "./import-commit.server";
import { isPublicAddress, PHOTO_FAILURES, PHOTO_FETCH_DEFAULTS, type PhotoFetchSettings } from "./import-photos.server";
import { createPreview, PREVIEW_MESSAGES, retargetPreview } from "./import-preview.server";
import { parseImportFiles } from "./parse-files";
import { placeReviewRow } from "./review-queue.server";

const db = await setupTestDatabase();
const dataDir = stubDataDir("import-first-hour");
const offline = { url: undefined, minIntervalMs: 0, limit: 0, cache: memoryGeocodeCache() };

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

async function previewOf(creatorId: string, files: { name: string; bytes: Uint8Array }[]) {
  const result = await createPreview(db, creatorId, parseImportFiles(files), { geocoder: offline });
  if (!result.ok) throw new Error(result.error);
  return result.preview;
}

async function importFiles(creatorId: string, files: { name: string; bytes: Uint8Array }[], photos?: PhotoFetchSettings) {
  const preview = await previewOf(creatorId, files);
  const result = await commitImport(db, creatorId, { token: preview.token, updateNotes: false, photos });
  if (!result.ok) throw new Error(result.error);
  return result;
}

const spotsOf = (mapId: string) => db.select().from(spots).where(eq(spots.mapId, mapId)).orderBy(asc(spots.position));
const reviewOf = (mapId: string) => db.select().from(importReviewRows).where(eq(importReviewRows.mapId, mapId)).orderBy(asc(importReviewRows.sourceRef));

const TAKEOUT = [
  "Title,Note,URL,Tags,Comment",
  'Bar Marsella,"Absinthe, since 1820","https://www.google.com/maps/search/41.378,2.1735",⭐ Favourites,',
  'El Xampanyet,,"https://www.google.com/maps/search/41.3841,2.1817",⭐ Favourites; 🍸 Bars,Cava on tap',
  'Bar Pastis,,"https://www.google.com/maps/search/41.3765,2.1776",🍸 Bars,',
].join("\n");

describe("Takeout tags are private labels", () => {
  it("keeps every tag on the spot as a label, writes none into the description or a category, and no public read carries them", async () => {
    const { user, profile } = await createCreator(db);
    const result = await importFiles(profile.id, [file("Barcelona bars.csv", TAKEOUT)]);
    const mapId = result.firstMapId!;
    const written = await spotsOf(mapId);
    expect(written.map((s) => [s.name, s.labels, s.description, s.categoryId])).toEqual([
      ["Bar Marsella", ["⭐ Favourites"], "Absinthe, since 1820", null],
      ["El Xampanyet", ["⭐ Favourites", "🍸 Bars"], "Cava on tap", null],
      ["Bar Pastis", ["🍸 Bars"], null, null],
    ]);
    expect(await db.select().from(categories).where(eq(categories.ownerId, profile.id))).toEqual([]);

    // The Studio has them, to show and filter by.
    const editor = await loadEditor(db, profile.id, mapId);
    expect(parseEditorSpots(editor!.spots).map((s) => s.labels)).toEqual([["⭐ Favourites"], ["⭐ Favourites", "🍸 Bars"], ["🍸 Bars"]]);

    // Published, the map and its spots are public: not one of their reads says "Favourites".
    const [{ slug }] = await db
      .update(maps)
      .set({ isPublished: true, publishedAt: new Date() })
      .where(eq(maps.id, mapId))
      .returning({ slug: maps.currentSlug });
    const page = await loadMapPage(db, mapId, NO_ENTITLEMENTS);
    expect(page?.spots.length ?? page).toBeTruthy();
    expect(JSON.stringify(page)).not.toMatch(/Favourites|🍸/);
    for (const format of ["geojson", "gpx", "kml"] as const) {
      for (const viewer of [NO_ENTITLEMENTS, { ...NO_ENTITLEMENTS, userId: user.id }]) {
        const exported = await exportMap(db, slug, viewer, format, "https://spotfolio.example");
        expect(exported.ok && "file" in exported && exported.file.body).toContain("Bar Marsella");
        expect(JSON.stringify(exported)).not.toMatch(/Favourites|🍸/);
      }
    }
    expect((await search(db, "Favourites", NO_ENTITLEMENTS)).spots.items).toEqual([]);
    const found = await search(db, "Marsella", NO_ENTITLEMENTS);
    expect(found.spots.items.map((s) => s.name)).toContain("Bar Marsella");
    expect(JSON.stringify(found)).not.toMatch(/Favourites/);
  });

  it("keeps a row's labels in the review queue, and gives them to the spot it becomes when placed", async () => {
    const { profile } = await createCreator(db);
    const csv = "Title,Note,URL,Tags,Comment\nCan Paixano,,https://www.google.com/maps/place/Can+Paixano/data=!4m2!3m1!1s0x12a4a2f9:0x5e1b2c3d,⭐ Favourites,";
    const result = await importFiles(profile.id, [file("Later.csv", csv)]);
    const [row] = await reviewOf(result.firstMapId!);
    expect(row).toMatchObject({ reason: "needs_place", labels: ["⭐ Favourites"], categoryName: null, note: null });
    const placed = await placeReviewRow(db, profile.id, result.firstMapId!, row.id, { lat: 41.3833, lng: 2.1821 });
    expect(placed.ok && placed.spot.labels).toEqual(["⭐ Favourites"]);
  });
});

describe("My Maps' default layer", () => {
  it("makes no category of 'Untitled layer', and a category of a layer the creator named", async () => {
    const { profile } = await createCreator(db);
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Lisbon</name>
      <Folder><name>Untitled layer</name><Placemark><name>Tram 28 stop</name><Point><coordinates>-9.136,38.711,0</coordinates></Point></Placemark></Folder>
      <Folder><name>Views</name><Placemark><name>Miradouro</name><Point><coordinates>-9.129,38.7139,0</coordinates></Point></Placemark></Folder>
    </Document></kml>`;
    const result = await importFiles(profile.id, [file("lisbon.kml", kml)]);
    const written = await spotsOf(result.firstMapId!);
    const own = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.ownerId, profile.id));
    expect(own.map((c) => c.name)).toEqual(["Views"]);
    expect(written.map((s) => [s.name, s.categoryId])).toEqual([
      ["Tram 28 stop", null],
      ["Miradouro", own[0].id],
    ]);
    expect(
      await db
        .select()
        .from(categories)
        .where(and(eq(categories.name, "Untitled layer"), isNull(categories.ownerId))),
    ).toEqual([]);
  });
});

describe("an exact duplicate row of a Takeout list", () => {
  it("is one place: one spot, and the repeat is kept dismissed instead of waiting in the review queue", async () => {
    const { profile } = await createCreator(db);
    const row =
      'Phở Thìn,"Cash only",https://www.google.com/maps/place/Ph%E1%BB%9F+Th%C3%ACn/data=!4m2!3m1!1s0x3135ab9b1c2d3e4f:0x1d2e3f4a5b6c7d8e,🍜 Noodles,';
    const unplaced = "Bún Chả Hương Liên,,https://www.google.com/maps/place/Bun+Cha/data=!4m2!3m1!1s0x3135ab9b1c2d3e40:0x1d2e3f4a5b6c7d80,,";
    const pinned = 'Hồ Hoàn Kiếm,,"https://www.google.com/maps/search/21.0288,105.8525",,';
    const csv = ["Title,Note,URL,Tags,Comment", row, row, pinned, pinned, unplaced, unplaced].join("\n");
    const result = await importFiles(profile.id, [file("Hanoi.csv", csv)]);
    expect(result).toMatchObject({ imported: 1, inReview: 2 });
    const review = await reviewOf(result.firstMapId!);
    expect(review.map((r) => [r.sourceRef, r.status, r.reason, r.reasonText])).toEqual([
      ["line 2", "open", "needs_place", expect.any(String)],
      ["line 3", "dismissed", "duplicate", "Repeats line 2 exactly: one place, kept once"],
      ["line 5", "dismissed", "duplicate", "Repeats line 4 exactly: one place, kept once"],
      ["line 6", "open", "needs_place", expect.any(String)],
      ["line 7", "dismissed", "duplicate", "Repeats line 6 exactly: one place, kept once"],
    ]);
    // Open rows: the two places without coordinates, each once.
    expect(review.filter((r) => r.status === "open").map((r) => r.name)).toEqual(["Phở Thìn", "Bún Chả Hương Liên"]);
    expect((await spotsOf(result.firstMapId!)).map((s) => s.name)).toEqual(["Hồ Hoàn Kiếm"]);
    expect(result.lists[0]).toMatchObject({ rowsRead: 6, imported: 1, inReview: 2, dismissed: 3 });
  });
});

describe("Google's 'Dropped pin'", () => {
  it("takes its note's first line as its name, or waits in the review queue for a name (and is placed with one)", async () => {
    const { profile } = await createCreator(db);
    const csv = [
      "Title,Note,URL,Comment",
      'Dropped pin,,"https://www.google.com/maps/search/21.0285,105.8542",',
      'Dropped pin,"Street food corner, ask for bún chả","https://www.google.com/maps/search/21.03118,+105.85012",Good at night',
    ].join("\n");
    const preview = await previewOf(profile.id, [file("Hanoi pins.csv", csv)]);
    expect(preview.lists[0].rows.map((r) => [r.ref, r.name, r.status, r.reason])).toEqual([
      ["line 2", null, "needs_name", PREVIEW_MESSAGES.needsName("Dropped pin")],
      ["line 3", "Street food corner, ask for bún chả", "ready", null],
    ]);
    const result = await commitImport(db, profile.id, { token: preview.token, updateNotes: false });
    if (!result.ok) throw new Error(result.error);
    const mapId = result.firstMapId!;
    expect((await spotsOf(mapId)).map((s) => [s.name, s.description])).toEqual([["Street food corner, ask for bún chả", "Good at night"]]);
    const [waiting] = await reviewOf(mapId);
    expect(waiting).toMatchObject({ status: "open", reason: "needs_name", name: null, lat: 21.0285, lng: 105.8542 });
    expect(await db.select().from(spots).where(eq(spots.name, "Dropped pin"))).toEqual([]);

    expect(await placeReviewRow(db, profile.id, mapId, waiting.id, { lat: 21.0285, lng: 105.8542 })).toMatchObject({ ok: false, status: 400 });
    const placed = await placeReviewRow(db, profile.id, mapId, waiting.id, { lat: 21.0285, lng: 105.8542, name: "Bánh mì cart" });
    expect(placed).toMatchObject({ ok: true, spot: { name: "Bánh mì cart", lat: 21.0285 } });
  });
});

describe("several GPX files at once", () => {
  const gpx = (name: string, lat: number) =>
    `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>${name}</name></metadata><wpt lat="${lat}" lon="13.7"><name>${name} stop</name></wpt></gpx>`;
  const files = () => [file("day-1.gpx", gpx("Day 1", 45.6)), file("day-2.gpx", gpx("Day 2", 45.7)), file("day-3.gpx", gpx("Day 3", 45.8))];

  it("says they would become separate maps, and can put them all into one new map", async () => {
    const { profile } = await createCreator(db);
    const preview = await previewOf(profile.id, files());
    expect(preview.separateMaps).toBe("These 3 lists would become 3 separate new draft maps: “Day 1”, “Day 2”, “Day 3”.");
    const together = await retargetPreview(db, profile.id, preview.token, new Map(), { together: true });
    if (!together.ok) throw new Error(together.error);
    expect(together.preview.separateMaps).toBeNull();
    expect(together.preview.lists.map((l) => l.target)).toEqual([{ kind: "new" }, { kind: "list", index: 0 }, { kind: "list", index: 0 }]);
    const before = (await db.select().from(maps).where(eq(maps.ownerId, profile.id))).length;
    const result = await commitImport(db, profile.id, { token: preview.token, updateNotes: false });
    if (!result.ok) throw new Error(result.error);
    const mine = await db.select().from(maps).where(eq(maps.ownerId, profile.id));
    expect(mine.length - before).toBe(1);
    expect(mine.find((m) => m.id === result.firstMapId)?.title).toBe("Day 1");
    expect((await spotsOf(result.firstMapId!)).map((s) => s.name)).toEqual(["Day 1 stop", "Day 2 stop", "Day 3 stop"]);
    expect(result.lists.map((l) => [l.mapId, l.createdMap])).toEqual([
      [result.firstMapId, true],
      [result.firstMapId, false],
      [result.firstMapId, false],
    ]);
  });

  it("refuses a list joining a map no list above it makes", async () => {
    const { profile } = await createCreator(db);
    const preview = await previewOf(profile.id, files());
    expect(await retargetPreview(db, profile.id, preview.token, new Map([[0, { kind: "list", index: 1 }]]))).toEqual({
      ok: false,
      status: 400,
      error: PREVIEW_MESSAGES.listTarget,
    });
  });
});

describe("photos an import links to", () => {
  let server: Server;
  let base = "";
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    server = createServer((request, response) => {
      switch (request.url) {
        case "/photo.png":
        case "/other.png":
          return response.writeHead(200, { "Content-Type": "image/png" }).end(png);
        case "/moved.png":
          return response.writeHead(302, { Location: "/photo.png" }).end();
        case "/gone.jpg":
          return response.writeHead(404).end();
        case "/page.jpg":
          return response.writeHead(200, { "Content-Type": "text/html" }).end("<html>not a photo</html>");
        case "/huge.jpg":
          return response.writeHead(200, { "Content-Type": "image/jpeg" }).end(Buffer.alloc(200_000, 1));
        case "/slow.jpg":
          // Never answers: the fetch gives up at its timeout.
          return;
        default:
          return response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local: PhotoFetchSettings = { ...PHOTO_FETCH_DEFAULTS, allowPrivateNetwork: true, timeoutMs: 1_500, maxBytes: 100_000 };

  const myMaps = (placemarks: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Photos</name>${placemarks}</Document></kml>`;
  const placemark = (name: string, lng: number, media: string[]) =>
    `<Placemark><name>${name}</name><ExtendedData><Data name="gx_media_links"><value>${media.join(" ")}</value></Data></ExtendedData><Point><coordinates>${lng},41.38,0</coordinates></Point></Placemark>`;

  /** The WebP files in the spot-photos bucket. */
  function storedFiles(): string[] {
    const root = path.join(dataDir, "uploads", "spot-photos");
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
    try {
      return walk(root).map((f) => path.relative(root, f));
    } catch {
      return [];
    }
  }

  it("copies them into our storage as WebP variants (no link to the source), and reports each one that could not be fetched, with why", async () => {
    const { profile } = await createCreator(db);
    const before = storedFiles().length;
    const kml = myMaps(
      placemark("Copied", 2.17, [`${base}/photo.png`, `${base}/moved.png`]) +
        placemark("Broken links", 2.18, [`${base}/gone.jpg`, `${base}/page.jpg`, `${base}/huge.jpg`, `${base}/slow.jpg`, `${base}/other.png`]),
    );
    const result = await importFiles(profile.id, [file("photos.kml", kml)], local);
    const [copied, broken] = await spotsOf(result.firstMapId!);
    expect(copied.photos).toHaveLength(2);
    expect(broken.photos).toHaveLength(1);
    for (const photo of [...copied.photos, ...broken.photos]) {
      expect(photo.src).toMatch(/^\/uploads\/spot-photos\/.+\.webp$/);
      expect(photo.src).not.toContain("127.0.0.1");
      expect(photo.srcset).not.toContain("127.0.0.1");
      expect(photo.keys.length).toBeGreaterThan(0);
      for (const key of photo.keys) {
        const bytes = await getObjectBytes("spot-photos", key);
        expect(bytes && (await sharp(bytes).metadata()).format).toBe("webp");
      }
    }
    expect(photoIds(copied.photos, broken.photos)).toHaveLength(3);
    expect(result.missedPhotos).toEqual([
      { spot: "Broken links", url: `${base}/gone.jpg`, reason: PHOTO_FAILURES.status(404) },
      { spot: "Broken links", url: `${base}/page.jpg`, reason: expect.stringMatching(/^it is not an image we can read/) },
      { spot: "Broken links", url: `${base}/huge.jpg`, reason: PHOTO_FAILURES.tooLarge },
      { spot: "Broken links", url: `${base}/slow.jpg`, reason: PHOTO_FAILURES.timeout },
    ]);
    // Every stored file belongs to a photo a spot names: nothing left behind.
    expect(storedFiles().length - before).toBe([...copied.photos, ...broken.photos].flatMap((p) => p.keys).length);
  });

  it("refuses addresses inside this machine's network unless told otherwise (a file cannot make the server read its own network)", async () => {
    const { profile } = await createCreator(db);
    const result = await importFiles(profile.id, [file("inside.kml", myMaps(placemark("Inside", 2.19, [`${base}/photo.png`])))]);
    expect((await spotsOf(result.firstMapId!))[0].photos).toEqual([]);
    expect(result.missedPhotos).toEqual([{ spot: "Inside", url: `${base}/photo.png`, reason: PHOTO_FAILURES.privateAddress }]);
  });

  it("copies at most maxPhotos photos in one import, and says which were left out; every private address is refused", async () => {
    const { profile } = await createCreator(db);
    const kml = myMaps(placemark("Two photos", 2.22, [`${base}/photo.png`, `${base}/other.png`]));
    const result = await importFiles(profile.id, [file("cap.kml", kml)], { ...local, maxPhotos: 1 });
    expect((await spotsOf(result.firstMapId!))[0].photos).toHaveLength(1);
    expect(result.missedPhotos).toEqual([{ spot: "Two photos", url: `${base}/other.png`, reason: PHOTO_FAILURES.tooMany }]);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["142.250.184.1", "2a00:1450:4003:80f::200e", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("copies a review row's photos when it is placed, and leaves no copy behind for rows that did not become spots", async () => {
    const { profile } = await createCreator(db);
    const before = storedFiles().length;
    const kml = myMaps(
      placemark("Twice", 2.2, [`${base}/photo.png`]) +
        // The same name and place again, with another note: a duplicate to review, its photo not copied for good.
        placemark("Twice", 2.2, [`${base}/other.png`]).replace("<name>Twice</name>", "<name>Twice</name><description>other</description>") +
        `<Placemark><name>Somewhere</name><address>Carrer Nou 1</address><ExtendedData><Data name="gx_media_links"><value>${base}/other.png</value></Data></ExtendedData></Placemark>`,
    );
    const result = await importFiles(profile.id, [file("review.kml", kml)], local);
    const mapId = result.firstMapId!;
    const [spot] = await spotsOf(mapId);
    expect(spot.photos).toHaveLength(1);
    expect(storedFiles().length - before).toBe(spot.photos[0].keys.length);

    const waiting = (await reviewOf(mapId)).find((r) => r.name === "Somewhere")!;
    expect(waiting.photos).toEqual([`${base}/other.png`]);
    const placed = await placeReviewRow(db, profile.id, mapId, waiting.id, { lat: 41.39, lng: 2.21 }, { photos: local });
    if (!placed.ok) throw new Error(placed.error);
    expect(placed.missedPhotos).toEqual([]);
    expect(placed.spot.photos).toHaveLength(1);
    expect(placed.spot.photos[0].src).toMatch(/^\/uploads\/spot-photos\//);
    expect(storedFiles().length - before).toBe(spot.photos[0].keys.length + placed.spot.photos[0].keys.length);
  });
});

const photoIds = (...lists: { id: string }[][]) => [...new Set(lists.flat().map((p) => p.id))];
