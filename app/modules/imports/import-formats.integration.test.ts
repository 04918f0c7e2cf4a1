/**
 * Every other shape the importer reads, through the real parsers, the preview
 * and the confirm, on the real database: the six real GPX files of
 * ../shared/fixtures/imports, an old My Maps KMZ whose placemarks mostly have
 * only an address, a KMZ that only links to a live map, GeoJSON with points,
 * lines, areas and bad features, and the older Saved Places.json schema.
 * Spots, review rows and their reasons are counted exactly, and every list's
 * rows read = imported + in review + dismissed.
 */
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { expect, it } from "vitest";
import { sharedFixtureBytes } from "../../../tests/fixtures/shared-fixtures";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { importReviewRows, maps, spots } from "#db/schema";
import { createCreator } from "#db/seed/factories";
import { memoryGeocodeCache, UNPLACED_REASONS } from "./geocoder.server";
import { commitImport } from "./import-commit.server";
import { NO_PHOTO_FETCH } from "./import-photos.server";
import { createPreview } from "./import-preview.server";
import { parseImportFiles } from "./parse-files";

const db = await setupTestDatabase();
stubDataDir("import-formats");

const offline = { url: undefined, minIntervalMs: 0, limit: 0, cache: memoryGeocodeCache() };
const NO_PLACE = UNPLACED_REASONS.offline;
const local = (file: string) => new Uint8Array(readFileSync(`tests/fixtures/imports/${file}`));
const GPX = [
  "gpx11_all-fields_wpt-rte-trk.gpx",
  "gpx10_gpsbabel_waypoints-sym-cmt_tracks.gpx",
  "gpx10_non-ascii-waypoint-names.gpx",
  "gpx_utf8-bom.gpx",
  "gpx_crlf-line-endings_track.gpx",
  "gpx11_opencpn_route.gpx",
];

const files = () => [
  ...GPX.map((name) => ({ name, bytes: sharedFixtureBytes(`imports/${name}`) })),
  { name: "old-export.kmz", bytes: zipSync({ "doc.kml": local("mymaps/old-export-doc.kml"), "images/icon-1.png": strToU8("png") }) },
  { name: "live.kmz", bytes: zipSync({ "doc.kml": local("mymaps/networklink-doc.kml") }) },
  { name: "mixed-features.geojson", bytes: local("geojson/mixed-features.geojson") },
  { name: "Saved Places.json", bytes: local("google/saved-places-legacy.json") },
];

it("GPX, KMZ, GeoJSON and the older Saved Places.json: every row a spot or in review with its reason, counts that add up", async () => {
  const { profile } = await createCreator(db);
  const parsed = parseImportFiles(files());
  // A KMZ that only links to the live map is explained, not silently empty.
  expect(parsed.errors).toHaveLength(1);
  expect(parsed.errors[0].file).toBe("live.kmz");
  expect(parsed.errors[0].message).toMatch(
    /^live\.kmz: this KMZ only links to a live map \(https:\/\/www\.google\.com\/maps\/d\/kml\?mid=.*\) and holds no places\./,
  );

  const result = await createPreview(db, profile.id, parsed, { geocoder: offline });
  if (!result.ok) throw new Error(result.error);
  const { preview } = result;
  const byFile = Object.fromEntries(
    preview.lists.map((l) => [
      l.file,
      { name: l.name, rows: l.rows.length, notReady: l.rows.filter((r) => r.status !== "ready").map((r) => `${r.ref}: ${r.status}: ${r.reason}`) },
    ]),
  );
  expect(byFile).toEqual({
    "gpx11_all-fields_wpt-rte-trk.gpx": { name: "example name", rows: 2, notReady: ["wpt 2: invalid: No name"] },
    "gpx10_gpsbabel_waypoints-sym-cmt_tracks.gpx": { name: "gpx10_gpsbabel_waypoints-sym-cmt_tracks", rows: 7, notReady: [] },
    "gpx10_non-ascii-waypoint-names.gpx": { name: "gpx10_non-ascii-waypoint-names", rows: 6, notReady: [] },
    "gpx_utf8-bom.gpx": { name: "gpx_utf8-bom", rows: 1, notReady: [] },
    "gpx_crlf-line-endings_track.gpx": { name: "gpx_crlf-line-endings_track", rows: 0, notReady: [] },
    "gpx11_opencpn_route.gpx": { name: "gpx11_opencpn_route", rows: 0, notReady: [] },
    "old-export.kmz": {
      name: "Weekend in Porto",
      rows: 3,
      notReady: [`Placemark 1 in "Weekend in Porto": needs_place: ${NO_PLACE}`, `Placemark 2 in "Weekend in Porto": needs_place: ${NO_PLACE}`],
    },
    "mixed-features.geojson": {
      name: "Trieste walks",
      rows: 6,
      notReady: [
        `feature 3: needs_place: ${NO_PLACE}`,
        "feature 6: invalid: Coordinates out of range (latitude 45.65, longitude 193.77): latitude must be between -90 and 90, longitude between -180 and 180",
        "feature 7: invalid: No name",
        "feature 8: invalid: Not a GeoJSON Feature",
      ],
    },
    "Saved Places.json": { name: "Saved Places", rows: 5, notReady: [`feature 5: needs_place: ${NO_PLACE}`] },
  });
  // Tracks and routes are summarised, not turned into hundreds of spots.
  const notices = preview.lists.flatMap((l) => l.notices);
  expect(notices).toContain("8 tracks (ACTIVE LOG, ACTIVE LOG #2, ACTIVE LOG #3 and 5 more; 296 points) are summarised, not imported as spots.");
  expect(notices).toContain("1 route (Around Orcas; 16 points) is summarised, not imported as a spot.");
  expect(preview.counts).toEqual({ ready: 22, needs_place: 4, needs_name: 0, duplicate: 0, already_imported: 0, invalid: 4, total: 30, noteChanged: 0 });

  const committed = await commitImport(db, profile.id, { token: preview.token, updateNotes: false, photos: NO_PHOTO_FETCH });
  if (!committed.ok) throw new Error(committed.error);
  expect(committed).toMatchObject({ imported: 22, inReview: 8 });
  // Lists without rows (a track, a route) make no empty map.
  expect(committed.lists.map((l) => [l.listName, l.rowsRead, l.imported, l.inReview, l.dismissed])).toEqual([
    ["example name", 2, 1, 1, 0],
    ["gpx10_gpsbabel_waypoints-sym-cmt_tracks", 7, 7, 0, 0],
    ["gpx10_non-ascii-waypoint-names", 6, 6, 0, 0],
    ["gpx_utf8-bom", 1, 1, 0, 0],
    ["Weekend in Porto", 3, 1, 2, 0],
    ["Trieste walks", 6, 2, 4, 0],
    ["Saved Places", 5, 4, 1, 0],
  ]);
  expect(await db.select().from(maps).where(eq(maps.ownerId, profile.id))).toHaveLength(7);

  // What landed in the database: the non-ASCII names intact, in the file's order.
  const unicode = committed.lists.find((l) => l.listName === "gpx10_non-ascii-waypoint-names")!;
  const names = (await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, unicode.mapId)).orderBy(asc(spots.position))).map((s) => s.name);
  expect(names).toHaveLength(6);
  expect(names).toContain("šđčćž");
  const [totals] = (
    await db.execute<{ spots: number; open: number; reasons: string }>(sql`
      select (select count(*)::int from ${spots} s join ${maps} m on m.id = s.map_id where m.owner_id = ${profile.id}) as spots,
        (select count(*)::int from ${importReviewRows} where status = 'open') as open,
        (select string_agg(reason, ',' order by reason) from ${importReviewRows}) as reasons`)
  ).rows;
  expect(totals).toEqual({ spots: 22, open: 8, reasons: "invalid,invalid,invalid,invalid,needs_place,needs_place,needs_place,needs_place" });
});
