/**
 * The back office's navigation: every admin page, one entry a line (add a page here and it is in
 * the bar). "Overview" is current only on /admin itself; the others also on the pages below them
 * (an article's editor under Articles).
 */
import { href, Link, useLocation } from "react-router";

export const ADMIN_NAV = [
  { to: href("/admin"), label: "Overview", exact: true },
  { to: href("/admin/creators"), label: "Creators", exact: false },
  { to: href("/admin/users"), label: "Users", exact: false },
  { to: href("/admin/moderation"), label: "Moderation", exact: false },
  { to: href("/admin/reports"), label: "Reports", exact: false },
  { to: href("/admin/articles"), label: "Articles", exact: false },
  { to: href("/admin/categories"), label: "Categories", exact: false },
  { to: href("/admin/destinations"), label: "Destinations", exact: false },
  { to: href("/admin/creator-collab"), label: "Collaborations", exact: false },
  { to: href("/admin/money"), label: "Money", exact: false },
  { to: href("/admin/view-as"), label: "View as", exact: false },
  { to: href("/admin/audit"), label: "Audit log", exact: false },
] as const;

export function isAdminNavCurrent(pathname: string, item: { to: string; exact: boolean }): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return path === item.to || (!item.exact && path.startsWith(`${item.to}/`));
}

/** The bar of links under the back office's top bar (it wraps on narrow screens; no script needed). */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Back office" className="border-b border-neutral-200 bg-white" data-testid="admin-nav">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-2">
        {ADMIN_NAV.map((item) => {
          const current = isAdminNavCurrent(pathname, item);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={current ? "page" : undefined}
                className={`block rounded-lg px-3 py-1.5 text-sm font-medium ${current ? "bg-brand-50 text-brand-700" : "text-neutral-700 hover:bg-neutral-100"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
