/**
 * POST /studio/maps/{mapId}/spots/{spotId}/photos: the spot's photos, for
 * the photo manager (it uploads with XMLHttpRequest to show progress, so
 * every answer is JSON: `{ photos }` or `{ error }`).
 *   intent=upload, photo=<file>… (each up to 15 MB; one bad file refuses all)
 *   intent=reorder, order=<photo id>…
 *   intent=alt, photoId, alt
 *   intent=remove, photoId
 * Only the owner: any other spot or map id is a 404.
 *
 * A post made before JavaScript ran (the plain forms of the spot page carry
 * return=page) is answered by going back to the spot's page: 303 on success,
 * and with `?photos=<reason key>` when refused (photo-refusals.server.ts).
 */
import { href, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { refusalKey } from "~/modules/spots/photo-refusals.server";
import { addSpotPhotos, editSpotPhotos } from "~/modules/spots/spot-photos.server";
import { MAX_PHOTO_BYTES, photoEditSchema, PHOTO_TEXT } from "~/modules/images/photo-validation";
import { requireStudioCreator } from "../guards.server";
import type { Route } from "./+types/spot-photos";

const json = (body: object, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const ref = { creatorId: viewer.profile.id, mapId: params.mapId, spotId: params.spotId };
  // A body cut off mid-upload (or not a form at all) is the client's problem, not a 500.
  const form = await request.formData().catch(() => null);
  const backToPage = form?.get("return") === "page";
  const answer = (body: { photos?: unknown; error?: string }, status = 200) => {
    if (!backToPage) return json(body, status);
    const page = href("/studio/maps/:mapId/spots/:spotId", { mapId: params.mapId, spotId: params.spotId });
    // A missing spot has no page to go back to: the JSON 404 stands.
    if (status === 404) return json(body, status);
    return redirect(body.error ? `${page}?photos=${refusalKey(body.error)}#photos` : `${page}#photos`, 303);
  };
  if (!form) return answer({ error: PHOTO_TEXT.uploadFailed }, 400);

  const intent = form.get("intent");
  if (intent === "upload") {
    const files = form.getAll("photo").filter((value): value is File => value instanceof File && value.size > 0);
    if (files.some((file) => file.size > MAX_PHOTO_BYTES)) return answer({ error: PHOTO_TEXT.tooLarge }, 413);
    const uploads = await Promise.all(files.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()) })));
    const result = await addSpotPhotos(db, ref, uploads);
    return result.ok ? answer({ photos: result.photos }) : answer({ error: result.error }, result.status);
  }

  const parsed = photoEditSchema.safeParse({ intent, order: form.getAll("order"), photoId: form.get("photoId"), alt: form.get("alt") ?? "" });
  if (!parsed.success) return answer({ error: parsed.error.issues[0]?.message ?? "This change could not be read" }, 400);
  const result = await editSpotPhotos(db, ref, parsed.data);
  return result.ok ? answer({ photos: result.photos }) : answer({ error: result.error }, result.status);
}
