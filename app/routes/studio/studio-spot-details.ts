import { dbContext } from "~/lib/db-context.server";
import { loadEditableSpot } from "~/modules/spots/spot-editing.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-spot-details";

/**
 * GET /studio/maps/{mapId}/spots/{spotId}/details: one spot's every field as the map editor's
 * details panel edits it (JSON). The editor page's own data has the list's fields only; it asks
 * here when the creator selects a spot. 404 (JSON) when it is not one of the creator's spots,
 * or no longer exists: the editor then shows nothing for it, never an error page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const spot = await loadEditableSpot(context.get(dbContext), viewer.profile.id, params.mapId, params.spotId);
  return spot ? Response.json({ spot }) : Response.json({ error: "not found" }, { status: 404 });
}
