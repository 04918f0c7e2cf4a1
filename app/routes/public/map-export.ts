import { redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { siteUrl } from "~/lib/site-url.server";
import { getViewer } from "~/modules/auth/session.server";
import { exportFormatOf, mapExportPath } from "~/modules/exports/formats";
import { exportMap } from "~/modules/exports/map-export.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/map-export";

/**
 * GET /maps/{map}/export.{gpx,kml,geojson}: the map's spots as a download, as
 * this viewer may see them. A file that differs by viewer is private to them.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const format = exportFormatOf(new URL(request.url).pathname);
  if (!format) notFound(request);
  const result = await exportMap(context.get(dbContext), params.mapId, entitlementsOf(getViewer(context)), format, siteUrl(request));
  if (!result.ok) notFound(request);
  if ("movedTo" in result) return redirect(mapExportPath({ currentSlug: result.movedTo }, format), 301);
  const { file } = result;
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": file.sameForEveryone ? "public, max-age=300" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
