import { data, href, redirect } from "react-router";
import { PostEditor } from "~/components/posts/post-editor";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { studioTitle } from "~/lib/page-title";
import { markdownTree } from "~/lib/markdown/index.server";
import { cardMarkdown, formatInZone, isTimeZone, POST_MESSAGES, renderPostBlocks, zonedTimeToUtc } from "~/modules/posts";
import {
  appendToBody,
  changePublication,
  deletePost,
  linkablePlace,
  linkablePlaces,
  loadEditablePost,
  previewCards,
  removePostImages,
  type PublicationChange,
} from "~/modules/posts/index.server";
import { refusalText } from "~/modules/spots/photo-refusals.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-post-editor";
import { DELETED_PARAM, savePostFromForm, submittedFields } from "./studio-post-save.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const creatorId = viewer.profile.id;
  const post = await loadEditablePost(db, creatorId, params.postId);
  if (!post) notFound(request);
  const search = new URL(request.url).searchParams;
  const find = search.get("find") ?? "";
  const [cards, places] = await Promise.all([previewCards(db, creatorId, post), linkablePlaces(db, creatorId, find)]);
  return {
    post,
    cards,
    // The preview of the saved body, parsed here: it shows before JavaScript runs (and before the
    // browser has loaded the parser for live previews).
    blocks: renderPostBlocks(post.bodyMarkdown, markdownTree),
    places,
    find,
    handle: viewer.profile.handle,
    // An image posted before JavaScript ran comes back with the reason's key when refused.
    imageError: refusalText(search.get("image")),
    confirmDelete: search.has("delete"),
  };
}

export type PostEditorActionData =
  { ok: true; message: string } | { ok: false; error: string; fieldErrors?: Partial<Record<string, string>>; values?: Record<string, string> };

const refused = (error: string, status: number, extra: { fieldErrors?: Partial<Record<string, string>>; values?: Record<string, string> } = {}) =>
  data<PostEditorActionData>({ ok: false, error, ...extra }, { status });

/**
 * The editor's form posts: Save (without JavaScript; the editor autosaves otherwise), Publish now,
 * Schedule, Unpublish, Delete, and a map or spot picked before JavaScript ran. Publication posts
 * made without JavaScript carry the text too, saved first in the same transaction.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return refused(POST_MESSAGES.reloadAndRetry, 400);
  const db = context.get(dbContext);
  const creatorId = viewer.profile.id;
  const page = href("/studio/posts/postId/:postId", { postId: params.postId });
  const intent = form.get("intent");

  switch (intent) {
    case "save": {
      const { status, body, submitted } = await savePostFromForm(request, context, params, form);
      if ("ok" in body) throw redirect(page, 303);
      if (status === 404) notFound(request);
      if ("conflict" in body) return refused(POST_MESSAGES.changedElsewhere, status, { values: submitted });
      return refused(body.error, status, { fieldErrors: body.fieldErrors, values: submitted });
    }
    case "publish":
    case "schedule":
    case "unpublish": {
      const values = submittedFields(form);
      let change: PublicationChange = intent === "publish" ? { kind: "publish" } : { kind: "unpublish" };
      const zone = String(form.get("timeZone") ?? "UTC");
      if (intent === "schedule") {
        const local = String(form.get("scheduleAt") ?? "").trim();
        if (!local) return refused(POST_MESSAGES.scheduleMissing, 400, { fieldErrors: { scheduleAt: POST_MESSAGES.scheduleMissing }, values });
        const at = zonedTimeToUtc(local, isTimeZone(zone) ? zone : "UTC");
        if (!at) return refused(POST_MESSAGES.scheduleInvalid, 400, { fieldErrors: { scheduleAt: POST_MESSAGES.scheduleInvalid }, values });
        change = { kind: "schedule", at };
      }
      const version = Number(form.get("version"));
      const content = "title" in values ? { version: Number.isInteger(version) ? version : 0, fields: values } : undefined;
      const now = new Date();
      const result = await changePublication(db, creatorId, params.postId, change, { now, content });
      if (!result.ok) {
        if (result.status === 404) notFound(request);
        if (result.status === 409) return refused(POST_MESSAGES.changedElsewhere, 409, { values });
        return refused(result.error, 400, { fieldErrors: result.fieldErrors, values });
      }
      return data<PostEditorActionData>({ ok: true, message: publicationMessage(change, result.post.publishedAt, zone) });
    }
    case "delete": {
      const result = await deletePost(db, creatorId, params.postId);
      if (!result.ok) notFound(request);
      // The files go once the row no longer names them.
      await removePostImages(result.imageUrls);
      throw redirect(`${href("/studio/posts")}?${DELETED_PARAM}=1`, 303);
    }
    case "insert-place": {
      const place = await linkablePlace(db, creatorId, String(form.get("place") ?? ""));
      if (!place) {
        if (!(await loadEditablePost(db, creatorId, params.postId))) notFound(request);
        return refused("This map or spot is not one of yours any more: search again.", 400);
      }
      const updated = await appendToBody(db, creatorId, params.postId, cardMarkdown(place.title, place.href));
      if (!updated) {
        if (!(await loadEditablePost(db, creatorId, params.postId))) notFound(request);
        return refused(POST_MESSAGES.bodyTooLong, 400);
      }
      throw redirect(`${page}#body`, 303);
    }
    default:
      return refused(POST_MESSAGES.reloadAndRetry, 400);
  }
}

function publicationMessage(change: PublicationChange, publishedAt: string | null, zone: string): string {
  if (change.kind === "unpublish") return "Unpublished: it is a draft again, seen only by you.";
  if (change.kind === "schedule" && publishedAt && new Date(publishedAt).getTime() > Date.now()) {
    return `Scheduled for ${formatInZone(new Date(publishedAt), zone)} (${isTimeZone(zone) ? zone : "UTC"}).`;
  }
  if (change.kind === "schedule") return "That time has already passed, so it was published now.";
  return "Published: it is on your page now.";
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: studioTitle(loaderData?.post.title ?? "Post") }, { name: "robots", content: "noindex" }];

/** /studio/posts/postId/{postId}: one post in the editor. */
export default function StudioPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PostEditor {...loaderData} result={actionData} />;
}
