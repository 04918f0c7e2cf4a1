/**
 * The download formats of a map: what each is called on the page, its file
 * extension and media type, and its address (`/maps/{map}/export.{format}`).
 *
 * No server code here: the map page's download menu links with these.
 */
import { href } from "react-router";

export const EXPORT_FORMATS = ["gpx", "kml", "geojson"] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const FORMAT_LABELS: Record<ExportFormat, string> = { gpx: "GPX", kml: "KML", geojson: "GeoJSON" };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  gpx: "application/gpx+xml; charset=utf-8",
  kml: "application/vnd.google-earth.kml+xml; charset=utf-8",
  geojson: "application/geo+json; charset=utf-8",
};

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** Where a map downloads in one format, at its current slug. */
export function mapExportPath(map: { currentSlug: string }, format: ExportFormat): string {
  const params = { mapId: map.currentSlug };
  switch (format) {
    case "gpx":
      return href("/maps/:mapId/export.gpx", params);
    case "kml":
      return href("/maps/:mapId/export.kml", params);
    case "geojson":
      return href("/maps/:mapId/export.geojson", params);
  }
}

/** The format a request asked for, from the extension of its last path segment. */
export function exportFormatOf(pathname: string): ExportFormat | null {
  const ext = pathname.slice(pathname.lastIndexOf(".") + 1);
  return isExportFormat(ext) ? ext : null;
}
