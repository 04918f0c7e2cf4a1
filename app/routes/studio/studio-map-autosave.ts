import { data } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { fieldErrors } from "~/lib/form-validation";
import { settingsOf, type MapSettingsValue } from "~/modules/maps/editor-intents";
import { mapSettingsSchema } from "~/modules/maps/map-settings-validation";
import { updateMapSettings } from "~/modules/maps/map-editing.server";
import type { SaveResult } from "~/components/studio/autosave-state";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-map-autosave";

/**
 * POST /studio/maps/{mapId}/autosave: the map settings panel's autosave.
 * Answers JSON the panel reads as a save result: 200 saved, 409 changed
 * elsewhere (with the current copy), 400 refused with messages, 404 not one
 * of the creator's maps.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const version = Number(text("version"));
  const parsed = mapSettingsSchema.safeParse({
    title: text("title"),
    summary: text("summary") ?? "",
    slug: text("slug"),
    cityId: text("cityId") ?? "",
    categoryIds: form.getAll("categoryIds").filter((v) => typeof v === "string"),
  });
  if (!parsed.success || !Number.isInteger(version)) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    return data<SaveResult<MapSettingsValue>>({ error: Object.values(errors)[0] ?? "Not saved.", fieldErrors: errors }, { status: 400 });
  }
  const result = await updateMapSettings(context.get(dbContext), viewer.profile.id, params.mapId, version, parsed.data);
  if (result.ok) return data<SaveResult<MapSettingsValue>>({ ok: true, value: settingsOf(result.map), version: result.map.version });
  if (result.status === 404) return data<SaveResult<MapSettingsValue>>({ error: "This map is not one of yours" }, { status: 404 });
  if (result.status === 409)
    return data<SaveResult<MapSettingsValue>>(
      { conflict: true, current: settingsOf(result.conflict.current), version: result.conflict.current.version },
      { status: 409 },
    );
  return data<SaveResult<MapSettingsValue>>({ error: Object.values(result.fieldErrors)[0] ?? "Not saved.", fieldErrors: result.fieldErrors }, { status: 400 });
}
