/**
 * The map page's category filter: one chip per category of the map's spots (its pins' colour and
 * icon, and how many spots), and "All". Each chip is a link (`?category={slug}`), so the filter works
 * before any script runs and the loader sends the list and the pins already filtered; the rest of
 * the query (a campaign's `ref`) is kept.
 */
import { Link, useLocation } from "react-router";
import type { MapCategory } from "~/modules/maps/map-page.server";
import { CategoryIcon } from "./spots-with-map";

const chip =
  "inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium hover:bg-neutral-50 aria-[current=true]:border-neutral-900 aria-[current=true]:bg-neutral-900 aria-[current=true]:text-white";

export function CategoryFilter({ categories, active, total }: { categories: MapCategory[]; active: string | null; total: number }) {
  const location = useLocation();
  const to = (slug: string | null) => {
    const params = new URLSearchParams(location.search);
    if (slug) params.set("category", slug);
    else params.delete("category");
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "" };
  };
  return (
    <nav aria-label="Filter spots by category" className="mb-4" data-testid="category-filter">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={to(null)} preventScrollReset aria-current={active === null} className={`${chip} border-neutral-300`} data-testid="category-chip">
            All <span className="text-xs opacity-75">{total}</span>
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={to(category.slug)}
              preventScrollReset
              aria-current={active === category.slug}
              className={`${chip} border-neutral-300`}
              data-testid="category-chip"
              data-category={category.slug}
            >
              <CategoryIcon pin={category.pin} className="size-5" />
              {category.name} <span className="text-xs opacity-75">{category.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
