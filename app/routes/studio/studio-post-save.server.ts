/**
 * Saving a post from its editor, shared by the autosave endpoint (JSON for the editor) and the
 * editor page's action (a form post without JavaScript): the guard, the form read into the
 * fields with the version they were made against, one call to `savePost`, and the preview's cards
 * for what was saved.
 */
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import type { FieldErrors } from "~/lib/form-validation";
import { contentOf, POST_MESSAGES, type EditablePost, type PostCards, type PostContent } from "~/modules/posts";
import { previewCards, savePost } from "~/modules/posts/index.server";
import { requireStudioCreator } from "~/routes/guards.server";

/** `?deleted=1` on /studio/posts: the editor deleted a post and sent the creator back to the list. */
export const DELETED_PARAM = "deleted";

export const POST_FIELDS = ["title", "bodyMarkdown", "visibility"] as const;

/** What the editor's autosave reads (a SaveResult of the fields), with the saved post and the preview's cards. */
export type PostSaveBody =
  | { ok: true; value: PostContent; version: number; post: EditablePost; cards: PostCards }
  | { conflict: true; current: PostContent; version: number; post: EditablePost; cards: PostCards }
  | { error: string; fieldErrors?: FieldErrors };

/** The editor's fields as a form carries them (absent ones left out). */
export function submittedFields(form: FormData): Record<string, string> {
  const submitted: Record<string, string> = {};
  for (const name of POST_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") submitted[name] = value;
  }
  return submitted;
}

export async function savePostFromForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { postId: string },
  form?: FormData,
): Promise<{ status: number; body: PostSaveBody; submitted: Record<string, string> }> {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  if (!form) {
    try {
      form = await request.formData();
    } catch {
      return { status: 400, body: { error: POST_MESSAGES.reloadAndRetry }, submitted: {} };
    }
  }
  const submitted = submittedFields(form);
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 1) return { status: 400, body: { error: POST_MESSAGES.reloadAndRetry }, submitted };

  const creatorId = viewer.profile.id;
  const result = await savePost(db, creatorId, params.postId, version, submitted);
  if (result.ok) {
    const cards = await previewCards(db, creatorId, result.post);
    return { status: 200, body: { ok: true, value: contentOf(result.post), version: result.post.version, post: result.post, cards }, submitted };
  }
  switch (result.status) {
    case 409: {
      const cards = await previewCards(db, creatorId, result.current);
      return {
        status: 409,
        body: { conflict: true, current: contentOf(result.current), version: result.current.version, post: result.current, cards },
        submitted,
      };
    }
    case 400:
      return { status: 400, body: { error: result.error, fieldErrors: result.fieldErrors }, submitted };
    case 404:
      return { status: 404, body: { error: result.error }, submitted };
  }
}
