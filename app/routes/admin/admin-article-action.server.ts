/**
 * The article editor's form posts, for /admin/articles/new (`id` null) and /admin/articles/{id}:
 * Save, Publish, Unpublish (each with the whole form, one transaction) and Delete. The form is
 * multipart (the cover) and works before JavaScript loads. A refusal answers 400 with the
 * fields' messages and what was posted, so the page shows it again; nothing is written.
 */
import { data, href, redirect, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { clientIp } from "~/modules/auth/session.server";
import { deleteArticle, relatedChoices, saveArticle, type RelatedCreator, type RelatedMap } from "~/modules/discover/article-admin.server";
import { ARTICLE_INTENTS, articleFieldsSchema, relatedIds, type ArticleIntent } from "~/modules/discover/article-validation";
import { MAX_PHOTO_BYTES, PHOTO_TEXT } from "~/modules/images/photo-validation";
import { requireAdmin } from "~/routes/guards.server";

export interface ArticleActionData {
  formError?: string;
  fieldErrors?: FieldErrors;
  /** The text fields as posted. */
  values?: Record<string, string>;
  /** The related maps and creators as posted. */
  related?: { maps: RelatedMap[]; creators: RelatedCreator[] };
}

/** The `?done=` an editor comes back with, and what it says. */
export const ARTICLE_DONE: Record<string, string> = {
  created: "Saved as a draft",
  saved: "Saved",
  published: "Published: it is on Discover now",
  unpublished: "Unpublished: it is no longer on Discover",
};

const TEXT_FIELDS = ["title", "slug", "type", "summary", "categoryId", "bodyMarkdown"] as const;

const refused = (status: number, body: ArticleActionData) => data<ArticleActionData>(body, { status });

export async function articleAction(request: Request, context: Readonly<RouterContextProvider>, id: string | null) {
  const admin = requireAdmin(request, context);
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");

  if (intent === "delete") {
    if (id === null) return refused(400, { formError: "Unknown request" });
    const deleted = await deleteArticle(db, actor, id);
    if (!deleted.ok) return refused(deleted.status, { formError: deleted.error });
    throw redirect(`${href("/admin/articles")}?deleted=1`);
  }
  if (!(ARTICLE_INTENTS as readonly string[]).includes(intent)) return refused(400, { formError: "Unknown request" });

  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, typeof form.get(name) === "string" ? String(form.get(name)) : ""]));
  const mapIds = relatedIds(form.getAll("mapIds"), "uuid");
  const creatorIds = relatedIds(form.getAll("creatorIds"), "token");
  if (!mapIds || !creatorIds) return refused(400, { formError: "Unknown request", values });
  const related = await relatedChoices(db, mapIds, creatorIds);

  const fields = validate(articleFieldsSchema, values);
  if (!fields.ok) return refused(400, { fieldErrors: fields.errors, values, related });

  const file = form.get("cover");
  let cover: Uint8Array | "remove" | undefined;
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_PHOTO_BYTES) return refused(400, { fieldErrors: { cover: PHOTO_TEXT.tooLarge }, values, related });
    cover = new Uint8Array(await file.arrayBuffer());
  } else if (form.get("removeCover") === "on") {
    cover = "remove";
  }

  const result = await saveArticle(db, actor, id, { fields: fields.data, mapIds, creatorIds, cover, intent: intent as ArticleIntent });
  if (!result.ok) return refused(result.status, { formError: result.error, fieldErrors: result.fieldErrors, values, related });
  const done = id === null && intent === "save" ? "created" : intent === "save" ? "saved" : `${intent}ed`;
  throw redirect(`${href("/admin/articles/:articleId", { articleId: result.id })}?done=${done}`);
}
