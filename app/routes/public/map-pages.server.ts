/**
 * The map and spot pages' loading, shared by every route that shows a map or
 * a spot (/maps, My Atlas, Explore): resolve the map address (redirecting old
 * ones), apply the viewer's entitlements, answer 404 for anything this viewer
 * may not know exists, remember a signed-in viewer's spot views, and record
 * the view for analytics (which also credits the map's creator).
 */
import { href, redirect, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { atlasSpotPath, spotPath } from "~/lib/paths";
import { recordView } from "~/modules/analytics/views.server";
import { recordSpotView } from "~/modules/atlas/recent-views.server";
import { getViewer } from "~/modules/auth/session.server";
import { findMapByRef, loadMapPage, loadSpotPage, mapLookup } from "~/modules/maps/map-page.server";
import { entitlementClass, entitlementsOf } from "~/modules/gate";
import { readPublicContentVersion, sharedPublicData } from "~/modules/page-cache/index.server";

type Ctx = Readonly<RouterContextProvider>;

/** Where maps live: /maps/{map} publicly, /atlas/maps/{map} in My Atlas. */
export type MapBase = "/maps" | "/atlas/maps";

/** The map, or one of its spots, at the map's current slug. */
function pathAt(base: MapBase, currentSlug: string, spotRef?: string): string {
  const map = { currentSlug };
  if (spotRef === undefined) return base === "/maps" ? href("/maps/:mapId", { mapId: currentSlug }) : href("/atlas/maps/:mapSlug", { mapSlug: currentSlug });
  return base === "/maps" ? spotPath(map, { slug: spotRef }) : atlasSpotPath(map, { slug: spotRef });
}

/**
 * The map of the address, or its redirect. What an address names is public content, shared by
 * everyone at the version read here first (one read for the whole page: the page data below is
 * shared at the same version); whether this viewer may see it is decided for them.
 */
async function findMapOrRedirect(
  request: Request,
  context: Ctx,
  ref: string,
  base: MapBase,
  spotRef?: string,
): Promise<{ mapId: string; creatorId: string; version: number }> {
  const db = context.get(dbContext);
  const version = await readPublicContentVersion(db);
  const atAddress = await sharedPublicData(db, `map-address\u0000${ref}`, () => findMapByRef(db, ref), version);
  const found = mapLookup(atAddress, ref, entitlementsOf(getViewer(context)));
  if (!found.found) notFound(request);
  if (found.redirectTo) {
    // Keep the visitor's query, not the router's own (`_routes` on data requests).
    const params = new URL(request.url).searchParams;
    params.delete("_routes");
    const search = params.size ? `?${params}` : "";
    throw redirect(`${pathAt(base, found.redirectTo, spotRef)}${search}`, 301);
  }
  return { mapId: found.mapId, creatorId: found.creatorId, version };
}

/** `?category=`: a category slug, or nothing (anything else is no filter, never an error). */
function categoryParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("category");
  return value && value.length <= 100 ? value : null;
}

/** The map page; `?category={slug}` keeps the spots of one of the map's categories. */
export async function mapPageForRoute(request: Request, context: Ctx, ref: string, base: MapBase = "/maps") {
  const { mapId, creatorId, version } = await findMapOrRedirect(request, context, ref, base);
  const db = context.get(dbContext);
  const entitlements = entitlementsOf(getViewer(context));
  const category = categoryParam(request);
  const load = () => loadMapPage(db, mapId, entitlements, { category });
  // Everyone of one entitlement class sees the same map page data (the owner and admins: their own).
  const viewerClass = entitlementClass(entitlements, creatorId);
  const page = viewerClass ? await sharedPublicData(db, `map-page\u0000${mapId}\u0000${category ?? ""}\u0000${viewerClass}`, load, version) : await load();
  if (!page) notFound(request);
  await recordView(db, context, getViewer(context), { type: "map_viewed", targetId: page.map.id, creatorId: page.map.creator.id });
  return page;
}

/** A spot by its map and its slug or id; the view is recorded for a signed-in viewer. */
export async function spotPageForRoute(request: Request, context: Ctx, ref: string, spotRef: string, base: MapBase = "/maps") {
  const { mapId, creatorId, version } = await findMapOrRedirect(request, context, ref, base, spotRef);
  return spotPageById(request, context, mapId, spotRef, { creatorId, version });
}

/**
 * A spot whose map is already known (Explore, Atlas lists), gated; its view is recorded. Given the
 * map's creator and the version read for this request, the page data is shared by everyone of
 * one entitlement class, as the map page's is.
 */
export async function spotPageById(request: Request, context: Ctx, mapId: string, spotRef: string, shared?: { creatorId: string; version: number }) {
  const viewer = getViewer(context);
  const db = context.get(dbContext);
  const entitlements = entitlementsOf(viewer);
  const load = () => loadSpotPage(db, mapId, spotRef, entitlements);
  const viewerClass = shared && entitlementClass(entitlements, shared.creatorId);
  const page =
    shared && viewerClass ? await sharedPublicData(db, `spot-page\u0000${mapId}\u0000${spotRef}\u0000${viewerClass}`, load, shared.version) : await load();
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
