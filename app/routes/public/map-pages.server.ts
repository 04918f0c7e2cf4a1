/**
 * The map and spot pages' loading, shared by every route that shows a map or
 * a spot (/maps, My Atlas, Explore): resolve the map address (redirecting old
 * ones), apply the viewer's entitlements, answer 404 for anything this viewer
 * may not know exists, remember a signed-in viewer's spot views, and record
 * the view for analytics (which also credits the map's creator).
 */
import { redirect, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { recordView } from "~/modules/analytics/views.server";
import { recordSpotView } from "~/modules/atlas/recent-views.server";
import { getViewer } from "~/modules/auth/session.server";
import { loadMapPage, loadSpotPage, resolveMap } from "~/modules/maps/map-page.server";
import { entitlementsOf } from "~/modules/memberships/gating";

type Ctx = Readonly<RouterContextProvider>;

/** Where maps live: /maps/{map} publicly, /atlas/maps/{map} in My Atlas. */
export type MapBase = "/maps" | "/atlas/maps";

async function findMapOrRedirect(request: Request, context: Ctx, ref: string, base: MapBase, rest = ""): Promise<string> {
  const found = await resolveMap(context.get(dbContext), ref);
  if (!found.found) notFound(request);
  if (found.redirectTo) {
    // Keep the visitor's query, not the router's own (`_routes` on data requests).
    const params = new URL(request.url).searchParams;
    params.delete("_routes");
    const search = params.size ? `?${params}` : "";
    throw redirect(`${base}/${encodeURIComponent(found.redirectTo)}${rest}${search}`, 301);
  }
  return found.mapId;
}

export async function mapPageForRoute(request: Request, context: Ctx, ref: string, base: MapBase = "/maps") {
  const mapId = await findMapOrRedirect(request, context, ref, base);
  const db = context.get(dbContext);
  const page = await loadMapPage(db, mapId, entitlementsOf(getViewer(context)));
  if (!page) notFound(request);
  await recordView(db, context, getViewer(context), { type: "map_viewed", targetId: page.map.id, creatorId: page.map.creator.id });
  return page;
}

/** A spot by its map and its slug or id; the view is recorded for a signed-in viewer. */
export async function spotPageForRoute(request: Request, context: Ctx, ref: string, spotRef: string, base: MapBase = "/maps") {
  const mapId = await findMapOrRedirect(request, context, ref, base, `/spots/${encodeURIComponent(spotRef)}`);
  return spotPageById(request, context, mapId, spotRef);
}

/** A spot whose map is already known (Explore, Atlas lists), gated; its view is recorded. */
export async function spotPageById(request: Request, context: Ctx, mapId: string, spotRef: string) {
  const viewer = getViewer(context);
  const db = context.get(dbContext);
  const page = await loadSpotPage(db, mapId, spotRef, entitlementsOf(viewer));
  if (!page) notFound(request);
  await Promise.all([
    viewer.user ? recordSpotView(db, viewer.user.id, page.spot.id) : undefined,
    recordView(db, context, viewer, {
      type: "spot_viewed",
      targetId: page.spot.id,
      creatorId: page.map.creator.id,
      properties: { map_id: page.map.id, locked: page.spot.locked },
    }),
  ]);
  return page;
}
