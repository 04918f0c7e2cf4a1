import { data } from "react-router";
import type { Route } from "./+types/studio-post-autosave";
import { savePostFromForm } from "./studio-post-save.server";

/**
 * POST /studio/posts/postId/{postId}/autosave: the post editor's autosave. Answers JSON the
 * editor reads as a save result: 200 saved (with the preview's cards), 409 changed elsewhere
 * (with the current copy), 400 refused with messages, 404 not one of the creator's posts.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { status, body } = await savePostFromForm(request, context, params);
  return data(body, { status, headers: { "Cache-Control": "private, no-store" } });
}
