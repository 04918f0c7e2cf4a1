/**
 * A map as a file (GPX, KML or GeoJSON) for one viewer, decided by the same
 * gate as the map page: the map is found (or not) by `resolveMap`, and its
 * spots are read through `visibleSpots` and kept only where the viewer's
 * access is "full". So the owner and admins get every spot, drafts included
 * (marked as drafts), as the map page shows them; anyone else gets exactly
 * the spots they may open, and a locked spot — its name, its area, its
 * existence — is not in the file at all.
 */
import { and, asc, count, eq, ne, or } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "~/lib/db.server";
import { spotPath } from "~/lib/paths";
import { resolveMap } from "~/modules/maps/index.server";
import type { Entitlements } from "~/modules/gate";
import { visibleSpots } from "~/modules/spots/index.server";
import { maps, profiles, spots } from "#db/schema";
import { CONTENT_TYPES, type ExportFormat } from "./formats";
import { toGpx } from "./gpx";
import { toKml } from "./kml";
import { mapFeatureCollection, type ExportSpot, type MapFeatureCollection } from "./map-geojson";

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
  /**
   * Whether every viewer gets these same bytes (a published map of public,
   * published spots): only then may a shared cache keep the file.
   */
  sameForEveryone: boolean;
}

export type MapExportResult = { ok: true; file: ExportFile } | { ok: true; movedTo: string } | { ok: false; status: 404; error: string };

/** The map's GeoJSON as this viewer may have it; null when the viewer may not know the map exists. */
export async function mapGeoJson(
  db: Database,
  mapId: string,
  viewer: Entitlements,
  site: string,
): Promise<{ collection: MapFeatureCollection; currentSlug: string; sameForEveryone: boolean } | null> {
  const [map] = await db
    .select({
      title: maps.title,
      summary: maps.summary,
      currentSlug: maps.currentSlug,
      isPublished: maps.isPublished,
      creatorPublished: profiles.isPublished,
    })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(eq(maps.id, mapId))
    .limit(1);
  if (!map) return null;
  const vs = visibleSpots(db, viewer, { includeDrafts: true });
  const rows = await db
    .select({
      id: vs.id,
      slug: vs.slug,
      name: vs.name,
      summary: vs.summary,
      description: vs.description,
      address: vs.address,
      website: vs.website,
      photos: vs.photos,
      lat: vs.lat,
      lng: vs.lng,
      isPublished: vs.isPublished,
      category: vs.categoryName,
    })
    .from(vs)
    .where(and(eq(vs.mapId, mapId), eq(vs.access, "full")))
    .orderBy(asc(vs.position), asc(vs.name));
  const [restricted] = await db
    .select({ n: count() })
    .from(spots)
    .where(and(eq(spots.mapId, mapId), or(ne(spots.visibility, "public"), eq(spots.isPublished, false))));

  const absolute = (path: string) => new URL(path, `${site}/`).href;
  const exported: ExportSpot[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    summary: row.summary,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    category: row.category,
    address: row.address,
    website: row.website,
    photos: (row.photos ?? []).map((photo) => absolute(photo.src)),
    url: absolute(spotPath(map, row)),
    isPublished: row.isPublished,
  }));
  const collection = mapFeatureCollection(
    { title: map.title, summary: map.summary, url: absolute(href("/maps/:mapId", { mapId: map.currentSlug })) },
    exported,
  );
  return { collection, currentSlug: map.currentSlug, sameForEveryone: map.isPublished && map.creatorPublished && restricted.n === 0 };
}

export function writeExport(format: ExportFormat, collection: MapFeatureCollection): string {
  switch (format) {
    case "gpx":
      return toGpx(collection);
    case "kml":
      return toKml(collection);
    case "geojson":
      return `${JSON.stringify(collection, null, 2)}\n`;
  }
}

/**
 * `/maps/{ref}/export.{format}`: the ref is resolved as the map page resolves
 * it (id, current or old slug; hidden maps are not found at any address).
 */
export async function exportMap(db: Database, ref: string, viewer: Entitlements, format: ExportFormat, site: string): Promise<MapExportResult> {
  const notFound = { ok: false, status: 404, error: "Map not found" } as const;
  const found = await resolveMap(db, ref, viewer);
  if (!found.found) return notFound;
  if (found.redirectTo) return { ok: true, movedTo: found.redirectTo };
  const result = await mapGeoJson(db, found.mapId, viewer, site);
  if (!result) return notFound;
  return {
    ok: true,
    file: {
      // Slugs are already URL-safe; the header is kept safe whatever a slug holds.
      filename: `${result.currentSlug.replace(/[^A-Za-z0-9._-]/g, "-")}.${format}`,
      contentType: CONTENT_TYPES[format],
      body: writeExport(format, result.collection),
      sameForEveryone: result.sameForEveryone,
    },
  };
}
