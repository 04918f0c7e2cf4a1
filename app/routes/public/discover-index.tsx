import { pageMeta } from "~/modules/seo/page-meta";
import { href } from "react-router";
import { ArticleCards, CategoryFilter } from "~/components/discover/article-cards";
import { EmptyState } from "~/components/ui/empty-state";
import { ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { siteUrl } from "~/lib/site-url.server";
import { discoverPath } from "~/lib/paths";
import { listArticles } from "~/modules/discover/discover.server";
import type { Route } from "./+types/discover-index";

export const DISCOVER_PAGE_LIMIT = 60;

export async function loader({ request, context }: Route.LoaderArgs) {
  const categorySlug = new URL(request.url).searchParams.get("category")?.trim() || undefined;
  const page = await listArticles(context.get(dbContext), { categorySlug, limit: DISCOVER_PAGE_LIMIT });
  if (!page) notFound(request);
  const origin = siteUrl(request);
  const cover = page.articles.find((a) => a.coverImageUrl)?.coverImageUrl;
  return { ...page, canonical: `${origin}${discoverPath(page.category)}`, image: cover ? new URL(cover, origin).href : null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { category, canonical, image } = loaderData;
  const title = category ? `Discover: ${category.name}` : "Discover";
  const description = category
    ? `Guides, stories and collections about ${category.name.toLowerCase()}, with the maps that go with them.`
    : "Guides, stories and collections from our editors, each with the curated maps that go with it.";
  return [
    ...pageMeta({ title, description, canonical, type: "website", image }),
    { "script:ld+json": { "@context": "https://schema.org", "@type": "CollectionPage", name: title, description, url: canonical } },
  ];
};

/** /discover: editorial articles, newest first, filterable by category. */
export default function DiscoverIndex({ loaderData }: Route.ComponentProps) {
  const { articles, categories, category } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Discover</h1>
      <p className="mt-2 max-w-2xl text-neutral-700">Guides, stories and collections from our editors, each with the maps that go with it.</p>
      {categories.length ? (
        <div className="mt-6">
          <CategoryFilter categories={categories} current={category?.slug ?? null} />
        </div>
      ) : null}
      <div className="mt-8">
        {articles.length ? (
          <ArticleCards articles={articles} />
        ) : (
          <EmptyState
            title={category ? `No ${category.name} articles yet` : "No articles yet"}
            description="New guides and stories appear here as soon as they are published. Meanwhile, the maps are waiting."
            action={
              <ButtonLink to={href("/maps")} size="none" className="inline-flex px-5 py-2">
                Browse maps
              </ButtonLink>
            }
          />
        )}
      </div>
    </main>
  );
}
