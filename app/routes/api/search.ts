import { searchForRequest } from "~/modules/search/search-route.server";
import type { Route } from "./+types/search";

/** GET /api/search?q=: all four groups with counts, as JSON (the search panel's endpoint). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const results = await searchForRequest(request, context);
  // Results depend on the viewer's entitlements: never shared by caches.
  return Response.json(results, { headers: { "Cache-Control": "private, no-store" } });
}
