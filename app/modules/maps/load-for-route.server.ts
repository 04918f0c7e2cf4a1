/**
 * The map and spot pages' loading, shared by both routes: resolve the map
 * address (redirecting old ones), apply the viewer's entitlements, and answer
 * 404 for anything this viewer may not know exists.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { getDb } from "~/lib/db.server";
import { notFound } from "~/lib/http-errors";
import { getViewer } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/memberships/gating";
import { loadMapPage, loadSpotPage, resolveMap } from "./map-page.server";

type Ctx = Readonly<RouterContextProvider>;

async function findMapOrRedirect(request: Request, ref: string, rest = ""): Promise<string> {
  const db = await getDb();
  const found = await resolveMap(db, ref);
  if (!found.found) notFound(request);
  if (found.redirectTo) {
    // Keep the visitor's query, not the router's own (`_routes` on data requests).
    const params = new URL(request.url).searchParams;
    params.delete("_routes");
    const search = params.size ? `?${params}` : "";
    throw redirect(`/maps/${encodeURIComponent(found.redirectTo)}${rest}${search}`, 301);
  }
  return found.mapId;
}

export async function mapPageForRoute(request: Request, context: Ctx, ref: string) {
  const mapId = await findMapOrRedirect(request, ref);
  const page = await loadMapPage(await getDb(), mapId, entitlementsOf(getViewer(context)));
  if (!page) notFound(request);
  return page;
}

export async function spotPageForRoute(request: Request, context: Ctx, ref: string, spotRef: string) {
  const mapId = await findMapOrRedirect(request, ref, `/spots/${encodeURIComponent(spotRef)}`);
  const page = await loadSpotPage(await getDb(), mapId, spotRef, entitlementsOf(getViewer(context)));
  if (!page) notFound(request);
  return page;
}
