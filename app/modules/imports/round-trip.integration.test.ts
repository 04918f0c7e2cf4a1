/**
 * Issue 13, item 9: a map exported as GeoJSON, KML and GPX and imported
 * again (parseImportFiles → preview → confirm) into a new map gives the same
 * spots: name, coordinates to 6 decimals, note, category and order.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { EXPORT_FORMATS } from "~/modules/exports/formats";
import { mapGeoJson, writeExport } from "~/modules/exports/map-export.server";
import { categories, spots } from "#db/schema";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { memoryGeocodeCache } from "./geocoder.server";
import { commitImport } from "./import-commit.server";
import { createPreview } from "./import-preview.server";
import { parseImportFiles } from "./parse-files";

const db = await setupTestDatabase();
stubDataDir("round-trip");

const offline = { url: undefined, minIntervalMs: 0, limit: 0, cache: memoryGeocodeCache() };

async function spotsOf(mapId: string) {
  const rows = await db
    .select({ name: spots.name, lat: spots.lat, lng: spots.lng, note: spots.description, category: categories.name })
    .from(spots)
    .leftJoin(categories, eq(categories.id, spots.categoryId))
    .where(eq(spots.mapId, mapId))
    .orderBy(asc(spots.position));
  return rows.map((r) => ({ ...r, lat: r.lat.toFixed(6), lng: r.lng.toFixed(6) }));
}

describe("export, then import", () => {
  for (const format of EXPORT_FORMATS) {
    it(`${format}: the same spots come back in a new map`, async () => {
      const { profile } = await createCreator(db);
      const food = await createCategory(db, { name: "Food & drink" });
      const views = await createCategory(db, { name: "Views" });
      const { map } = await createMap(
        db,
        { title: "Lisbon, eaten", summary: "Tascas and miradouros" },
        {
          ownerId: profile.id,
          spots: 4,
          spotOverrides: (i) =>
            [
              {
                name: "Taberna da Rua das Flores",
                categoryId: food.id,
                description: "Go at 7pm, no bookings.\n\nCash only — bring euros.",
                lat: 38.710271,
                lng: -9.142913,
                summary: null,
              },
              { name: "Miradouro de Santa Luzia", categoryId: views.id, description: "Sunset & tiles <3", lat: 38.711758, lng: -9.13056, summary: null },
              { name: "Café “A Brasileira”", categoryId: null, description: null, lat: 38.710657, lng: -9.142085, summary: null },
              {
                name: "Pastéis de Belém",
                categoryId: food.id,
                description: "Custard tarts; the queue moves fast",
                lat: 38.697532,
                lng: -9.203249,
                summary: null,
              },
            ][i],
        },
      );
      const owner = { userId: profile.id, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
      const exported = await mapGeoJson(db, map.id, owner, "https://spotfolio.test");
      const text = writeExport(format, exported!.collection);

      const outcome = parseImportFiles([{ name: `lisbon.${format}`, bytes: new TextEncoder().encode(text) }]);
      expect(outcome.errors).toEqual([]);
      const preview = await createPreview(db, profile.id, outcome, { geocoder: offline });
      if (!preview.ok) throw new Error(preview.error);
      expect(preview.preview.counts).toMatchObject({ total: 4, ready: 4 });
      const result = await commitImport(db, profile.id, { token: preview.preview.token, updateNotes: false });
      if (!result.ok) throw new Error(result.error);
      expect(result.lists[0]).toMatchObject({ createdMap: true, imported: 4, inReview: 0 });
      expect(result.firstMapId).not.toBe(map.id);

      expect(await spotsOf(result.firstMapId!)).toEqual(await spotsOf(map.id));
    });
  }
});
