/** Search for a request: the `q` parameter and the viewer's entitlements. */
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/lib/db.server";
import { getViewer } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/memberships/gating";
import { search } from "./search.server";

export async function searchForRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return search(await getDb(), q, entitlementsOf(getViewer(context)));
}
