import { href, Link } from "react-router";
import { CoverArt } from "~/components/cover-art";
import { discoverPath } from "~/lib/paths";
import { articleTypeLabel } from "~/modules/discover/article-type";
import type { ArticleCard, CategoryLink } from "~/modules/discover/discover.server";

/** One fixed time zone, so the server's and the browser's rendering agree. */
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
export const formatArticleDate = (date: Date) => dateFormat.format(date);

/** The article's cover, or generated art seeded by its id. */
export function ArticleCover({ article, className }: { article: Pick<ArticleCard, "id" | "coverImageUrl">; className: string }) {
  return article.coverImageUrl ? (
    <img src={article.coverImageUrl} alt="" className={`${className} object-cover`} />
  ) : (
    <CoverArt seed={article.id} className={className} />
  );
}

/** Discover cards: cover, type, title, summary. */
export function ArticleCards({ articles }: { articles: ArticleCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 wide:grid-cols-3" data-testid="article-cards">
      {articles.map((a) => (
        <li key={a.id} className="group overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm">
          <Link to={href("/discover/:type/:itemSlug", { type: a.type, itemSlug: a.slug })} className="block">
            <ArticleCover article={a} className="aspect-video w-full" />
            <div className="p-4">
              <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{articleTypeLabel(a.type)}</p>
              <h2 className="mt-1 text-lg font-semibold group-hover:underline">{a.title}</h2>
              {a.summary ? <p className="mt-2 line-clamp-3 text-sm text-neutral-700">{a.summary}</p> : null}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const chip = (current: boolean) =>
  `inline-block rounded-full border px-4 py-2 text-sm font-medium ${current ? "border-ink bg-ink text-white" : "border-neutral-300 hover:border-brand-500 hover:bg-brand-50"}`;

/** All + each category; the one shown is marked as the current page. */
export function CategoryFilter({ categories, current }: { categories: CategoryLink[]; current: string | null }) {
  const links = [{ slug: null, name: "All" }, ...categories];
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {links.map((c) => {
          const isCurrent = c.slug === current;
          return (
            <li key={c.slug ?? ""}>
              <Link to={discoverPath(c.slug ? c : null)} aria-current={isCurrent ? "page" : undefined} className={chip(isCurrent)}>
                {c.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
