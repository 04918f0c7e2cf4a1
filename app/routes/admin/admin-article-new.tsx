import { ArticleEditor } from "~/components/admin/article-editor";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { articleCategoryChoices, searchRelated } from "~/modules/discover/article-admin.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-article-new";
import { articleAction } from "./admin-article-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const q = new URL(request.url).searchParams.get("find") ?? "";
  const [categories, found] = await Promise.all([articleCategoryChoices(db), searchRelated(db, q)]);
  return { categories, find: { q, ...found } };
}

export async function action({ request, context }: Route.ActionArgs) {
  return articleAction(request, context, null);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("New article") }, { name: "robots", content: "noindex" }];

/** /admin/articles/new: the editor, empty; saving (or publishing) creates the article. */
export default function AdminArticleNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ArticleEditor
      article={null}
      categories={loaderData.categories}
      savedBody={null}
      find={loaderData.find}
      notice={null}
      confirmDelete={false}
      refused={actionData}
    />
  );
}
