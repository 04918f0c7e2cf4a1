import { dbContext } from "~/lib/db-context.server";
import { getViewer } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/gate";
import { search } from "~/modules/search/search.server";
import type { Route } from "./+types/search";

/** GET /api/search?q=: all four groups with counts, as JSON (the search panel's endpoint). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const results = await search(context.get(dbContext), q, entitlementsOf(getViewer(context)));
  // Results depend on the viewer's entitlements: never shared by caches.
  return Response.json(results, { headers: { "Cache-Control": "private, no-store" } });
}
