import { ArticleEditor } from "~/components/admin/article-editor";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { markdownTree } from "~/lib/markdown/index.server";
import { adminTitle } from "~/lib/page-title";
import { articleCategoryChoices, articleForEditing, searchRelated } from "~/modules/discover/article-admin.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-article";
import { ARTICLE_DONE, articleAction } from "./admin-article-action.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const article = await articleForEditing(db, params.articleId);
  if (!article) notFound(request);
  const search = new URL(request.url).searchParams;
  const q = search.get("find") ?? "";
  const [categories, found] = await Promise.all([articleCategoryChoices(db), searchRelated(db, q)]);
  return {
    article,
    categories,
    // The saved body's preview, parsed here: shown before JavaScript runs.
    savedBody: article.bodyMarkdown.trim() ? markdownTree(article.bodyMarkdown) : null,
    find: { q, ...found },
    notice: ARTICLE_DONE[search.get("done") ?? ""] ?? null,
    confirmDelete: search.has("delete"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return articleAction(request, context, params.articleId);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData?.article.title ?? "Article") },
  { name: "robots", content: "noindex" },
];

/** /admin/articles/{id}: one article in the editor, with its publication and deletion. */
export default function AdminArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, categories, savedBody, find, notice, confirmDelete } = loaderData;
  return (
    <ArticleEditor
      article={article}
      categories={categories}
      savedBody={savedBody}
      find={find}
      notice={actionData ? null : notice}
      confirmDelete={confirmDelete}
      refused={actionData}
    />
  );
}
