import { data } from "react-router";
import type { Route } from "./+types/studio-spot-autosave";
import { saveSpotFromForm } from "./studio-spot-save.server";

/**
 * POST /studio/maps/{mapId}/spots/{spotId}/autosave: the spot panel's
 * autosave. Answers JSON the panel reads as a save result: 200 saved,
 * 409 changed elsewhere (with the current copy), 400 refused with messages,
 * 404 not one of the creator's spots.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { status, body } = await saveSpotFromForm(request, context, params);
  return data(body, { status });
}
