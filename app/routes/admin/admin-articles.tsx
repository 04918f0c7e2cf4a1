import { href, Link } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { listArticlesForAdmin } from "~/modules/discover/article-admin.server";
import { articleTypeLabel } from "~/modules/discover/article-type";
import { ARTICLE_STATUS_LABELS } from "~/modules/discover/article-validation";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-articles";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { articles: await listArticlesForAdmin(context.get(dbContext)), deleted: new URL(request.url).searchParams.has("deleted") };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Articles") }, { name: "robots", content: "noindex" }];

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const STATUS_TONES = { draft: "bg-neutral-100 text-neutral-700", scheduled: "bg-amber-100 text-amber-900", published: "bg-brand-50 text-brand-700" } as const;

/** /admin/articles: every Discover article with its status, type and last edit; the way to write a new one. */
export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { articles, deleted } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Articles</h1>
        <ButtonLink to={href("/admin/articles/new")} size="md" className="inline-flex items-center">
          New article
        </ButtonLink>
      </div>
      {deleted ? (
        <div className="mt-4">
          <FormAlert tone="success" message="The article was deleted" />
        </div>
      ) : null}
      {articles.length === 0 ? (
        <div className="mt-8">
          <EmptyState title="No articles yet" description="Articles you publish appear on Discover." />
        </div>
      ) : (
        <table className="mt-8 w-full text-left text-sm" data-testid="articles">
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600">
              <th className="py-2 font-medium">Title</th>
              <th className="py-2 font-medium">Type</th>
              <th className="py-2 font-medium">Status</th>
              <th className="py-2 font-medium">Updated</th>
            </tr>
          </thead>
          <tbody>
            {articles.map((article) => (
              <tr key={article.id} className="border-b border-neutral-100">
                <td className="py-3 pr-4">
                  <Link to={href("/admin/articles/:articleId", { articleId: article.id })} className="font-medium text-brand-700 hover:underline">
                    {article.title}
                  </Link>
                  <div className="text-neutral-600">/{article.slug}</div>
                </td>
                <td className="py-3 pr-4">{articleTypeLabel(article.type)}</td>
                <td className="py-3 pr-4">
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[article.status]}`} data-testid="article-row-status">
                    {ARTICLE_STATUS_LABELS[article.status]}
                  </span>
                </td>
                <td className="py-3 whitespace-nowrap">{when.format(new Date(article.updatedAt))} UTC</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
