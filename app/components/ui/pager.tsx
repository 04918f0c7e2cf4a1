/** Previous / "Page n of m" / Next under a paged list; the first page has no `?page=`. */
import { Link } from "react-router";

export function Pager({ current, pages, pageHref }: { current: number; pages: number; pageHref: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm font-semibold">
      {current > 1 ? (
        <Link to={pageHref(Math.min(current, pages + 1) - 1)} className="text-brand-700 hover:underline">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-neutral-600">
        Page {current} of {pages}
      </span>
      {current < pages ? (
        <Link to={pageHref(current + 1)} className="text-brand-700 hover:underline">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
