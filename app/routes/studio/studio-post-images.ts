/**
 * POST /studio/posts/postId/{postId}/images: an image for a post's body (`image`, a file up to
 * 15 MB, checked by its bytes; `alt`, its description). With JavaScript the editor reads the JSON
 * answer, `{ markdown }` to insert at the cursor or `{ error }`. A post made before JavaScript ran
 * (`return=page`) has no cursor: the image is added at the end of the body and the answer goes
 * back to the editor, with `?image=<reason key>` when refused. Only the post's creator: any other
 * post id is a 404 and nothing is stored.
 */
import { href, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { PHOTO_MESSAGES } from "~/modules/images/index.server";
import { MAX_PHOTO_BYTES, PHOTO_TEXT } from "~/modules/images/photo-validation";
import { appendToBody, storePostImage } from "~/modules/posts/index.server";
import { refusalKey } from "~/modules/spots/photo-refusals.server";
import { requireStudioCreator } from "../guards.server";
import type { Route } from "./+types/studio-post-images";

const json = (body: object, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const form = await request.formData().catch(() => null);
  const backToPage = form?.get("return") === "page";
  const page = href("/studio/posts/postId/:postId", { postId: params.postId });
  const answer = (body: { markdown?: string; src?: string; error?: string }, status = 200) => {
    if (!backToPage || status === 404) return json(body, status);
    return redirect(body.error ? `${page}?${new URLSearchParams({ image: refusalKey(body.error) })}#image` : `${page}#body`, 303);
  };
  if (!form) return answer({ error: PHOTO_TEXT.uploadFailed }, 400);
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return answer({ error: PHOTO_MESSAGES.missing }, 400);
  if (file.size > MAX_PHOTO_BYTES) return answer({ error: PHOTO_TEXT.tooLarge }, 413);
  const alt = typeof form.get("alt") === "string" ? String(form.get("alt")) : "";
  const result = await storePostImage(db, viewer.profile.id, params.postId, new Uint8Array(await file.arrayBuffer()), alt);
  if (!result.ok) return answer({ error: result.error }, result.status);
  if (backToPage) await appendToBody(db, viewer.profile.id, params.postId, result.markdown);
  return answer({ markdown: result.markdown, src: result.src });
}
