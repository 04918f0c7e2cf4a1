/**
 * POST /studio/maps/{mapId}/cover: the map's cover, for the cover upload
 * (XMLHttpRequest for progress, so answers are JSON: `{ coverImageUrl }` or
 * `{ error }`).
 *   intent=upload, cover=<file> (up to 15 MB), x, y, width, height (the crop
 *     frame in fractions of the upright image; the server makes it exactly 16:9)
 *   intent=remove
 * Only the owner: any other map id is a 404.
 */
import { dbContext } from "~/lib/db-context.server";
import { removeMapCover, setMapCover } from "~/modules/maps/map-cover.server";
import { cropSchema, MAX_PHOTO_BYTES, PHOTO_TEXT } from "~/modules/images/photo-validation";
import { requireStudioCreator } from "../guards.server";
import type { Route } from "./+types/map-cover";

const answer = (body: object, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ error: PHOTO_TEXT.uploadFailed }, 400);

  if (form.get("intent") === "remove") {
    const removed = await removeMapCover(db, viewer.profile.id, params.mapId);
    return removed.ok ? answer({ coverImageUrl: null }) : answer({ error: removed.error }, removed.status);
  }

  const file = form.get("cover");
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  if (bytes.length > MAX_PHOTO_BYTES) return answer({ error: PHOTO_TEXT.tooLarge }, 413);
  const crop = cropSchema.safeParse({ x: form.get("x") ?? 0, y: form.get("y") ?? 0, width: form.get("width") ?? 1, height: form.get("height") ?? 1 });
  if (!crop.success) return answer({ error: PHOTO_TEXT.cropInvalid }, 400);
  const result = await setMapCover(db, viewer.profile.id, params.mapId, bytes, crop.data);
  return result.ok ? answer({ coverImageUrl: result.coverImageUrl }) : answer({ error: result.error }, result.status);
}
