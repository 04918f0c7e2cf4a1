import { ArrowLeft } from "lucide-react";
import { pageMeta } from "~/modules/seo/page-meta";
import { href, Link, redirect } from "react-router";
import { CreatorCards, MapCards } from "~/components/catalog/cards";
import { ArticleCover, formatArticleDate } from "~/components/discover/article-cards";
import { Markdown } from "~/components/markdown";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { markdownTree } from "~/lib/markdown/index.server";
import { siteUrl } from "~/lib/site-url.server";
import { discoverPath } from "~/lib/paths";
import { articleTypeLabel } from "~/modules/discover/article-type";
import { loadArticle } from "~/modules/discover/discover.server";
import type { Route } from "./+types/discover-article";

/** A public article, a 301 to its right address when the type in the URL is not its own, or a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await loadArticle(context.get(dbContext), params.type, params.itemSlug);
  if (found.kind === "missing") notFound(request);
  if (found.kind === "moved") {
    // Keep the visitor's query, not the router's own (`_routes` on data requests).
    const query = new URL(request.url).searchParams;
    query.delete("_routes");
    throw redirect(`${href("/discover/:type/:itemSlug", { type: found.to.type, itemSlug: found.to.slug })}${query.size ? `?${query}` : ""}`, 301);
  }
  const { article, ...page } = found.page;
  const { bodyMarkdown, ...shown } = article;
  const origin = siteUrl(request);
  return {
    ...page,
    // Parsed here, so the page's scripts carry the tree and not the parser.
    article: { ...shown, body: markdownTree(bodyMarkdown) },
    canonical: `${origin}${href("/discover/:type/:itemSlug", { type: article.type, itemSlug: article.slug })}`,
    image: page.image ? new URL(page.image, origin).href : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { article, canonical, image } = loaderData;
  const description = article.summary ?? `${articleTypeLabel(article.type)}: ${article.title}.`;
  return [
    ...pageMeta({ title: article.title, description, canonical, type: "article", image }),
    { property: "article:published_time", content: article.publishedAt.toISOString() },
    {
      // React Router serialises this with "<" written as \u003c, so no text can close the script.
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description,
        datePublished: article.publishedAt.toISOString(),
        dateModified: article.updatedAt.toISOString(),
        ...(image ? { image: [image] } : {}),
        ...(article.category ? { articleSection: article.category.name } : {}),
        url: canonical,
        mainEntityOfPage: canonical,
      },
    },
  ];
};

/** /discover/{type}/{itemSlug}: one article and the maps it features. */
export default function DiscoverArticle({ loaderData }: Route.ComponentProps) {
  const { article, maps, creators } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <article className="mx-auto max-w-3xl">
        <Link to={discoverPath(article.category)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft aria-hidden className="size-4" /> {article.category ? `Discover: ${article.category.name}` : "Discover"}
        </Link>
        <header className="mt-4">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase" data-testid="article-type">
            {articleTypeLabel(article.type)}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight wide:text-4xl">{article.title}</h1>
          {article.summary ? <p className="mt-3 text-lg text-neutral-700">{article.summary}</p> : null}
          <p className="mt-3 text-sm text-neutral-600">
            <time dateTime={article.publishedAt.toISOString()}>{formatArticleDate(article.publishedAt)}</time>
          </p>
        </header>
        <div className="mt-6 overflow-hidden rounded-2xl">
          <ArticleCover article={article} className="aspect-[16/7] w-full" />
        </div>
        <Markdown tree={article.body} className="mt-4 text-neutral-800" />
      </article>

      {maps.length ? (
        <section aria-labelledby="article-maps" className="mt-12">
          <h2 id="article-maps" className="mb-4 text-xl font-semibold">
            Maps in this article
          </h2>
          <MapCards maps={maps} emptyTitle="No maps" emptyDescription="" />
        </section>
      ) : null}

      {creators.length ? (
        <section aria-labelledby="article-creators" className="mt-12">
          <h2 id="article-creators" className="mb-4 text-xl font-semibold">
            Creators in this article
          </h2>
          <CreatorCards creators={creators} />
        </section>
      ) : null}
    </main>
  );
}
