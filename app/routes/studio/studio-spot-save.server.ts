/**
 * Saving a spot from its panel, shared by the spot page's action (a form
 * post without JavaScript) and the autosave endpoint (JSON for the panel):
 * the guard, the form read into a patch with the version it was made
 * against, and one call to `updateSpot`.
 */
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import type { FieldErrors } from "~/lib/form-validation";
import type { EditableSpot } from "~/modules/spots/editable-spot";
import { updateSpot } from "~/modules/spots/spot-editing.server";
import { type SpotForm, spotToForm } from "~/modules/spots/spot-schema";
import { requireStudioCreator } from "~/routes/guards.server";

const FIELDS = ["name", "summary", "description", "address", "website", "categoryId", "visibility", "isPublished"] as const;

export const RELOAD_AND_RETRY = "The editor is out of date: reload the page and try again.";

/** What the panel's autosave reads (a SaveResult of the form values) plus the saved spot for the editor around it. */
export type SpotSaveBody =
  | { ok: true; value: SpotForm; version: number; spot: EditableSpot }
  | { conflict: true; current: SpotForm; version: number; spot: EditableSpot }
  | { error: string; fieldErrors?: FieldErrors };

export async function saveSpotFromForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { mapId: string; spotId: string },
): Promise<{ status: number; body: SpotSaveBody; submitted: Record<string, string> }> {
  const viewer = requireStudioCreator(request, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form at all (another content type, a broken body): refused like any bad input.
    return { status: 400, body: { error: RELOAD_AND_RETRY }, submitted: {} };
  }
  const submitted: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") submitted[name] = value;
  }
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 1) return { status: 400, body: { error: RELOAD_AND_RETRY }, submitted };

  const result = await updateSpot(context.get(dbContext), viewer.profile.id, params.mapId, params.spotId, submitted, version);
  if (result.ok) return { status: 200, body: { ok: true, value: spotToForm(result.spot), version: result.spot.version, spot: result.spot }, submitted };
  switch (result.status) {
    case 409:
      return { status: 409, body: { conflict: true, current: spotToForm(result.current), version: result.current.version, spot: result.current }, submitted };
    case 400:
      return { status: 400, body: { error: result.error, fieldErrors: result.fieldErrors }, submitted };
    case 404:
      return { status: 404, body: { error: result.error }, submitted };
  }
}
