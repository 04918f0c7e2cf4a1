import {
  ExternalLink,
  Gavel,
  HandHeart,
  LayoutDashboard,
  Map as MapIcon,
  Menu,
  MessageCircleQuestion,
  NotebookPen,
  UserRoundCog,
  UserRoundPen,
  X,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { href, Link, useLocation } from "react-router";
import type { AccountDrawerProps } from "~/components/layout/account-drawer";
import { Avatar } from "~/components/layout/avatar";
import { Logo } from "~/components/layout/logo";
import { lazyOnOpen } from "~/components/ui/lazy-on-open";
import type { Viewer } from "~/modules/auth/viewer";
import { STUDIO_NAV, isStudioNavCurrent } from "./studio-nav";

const AccountDrawer = lazyOnOpen<AccountDrawerProps>(() => import("~/components/layout/account-drawer"));

const icons: Record<string, typeof LayoutDashboard> = {
  Dashboard: LayoutDashboard,
  Maps: MapIcon,
  Posts: NotebookPen,
  Supporters: HandHeart,
  Profile: UserRoundPen,
  "Account management": UserRoundCog,
  Notices: Gavel,
  "Creator FAQ": MessageCircleQuestion,
};

/**
 * The Studio's frame: its own top bar (the site header is hidden on /studio)
 * and the side navigation, which folds into a menu button on narrow screens.
 * `showNav` is false while a new creator still has to choose a handle: every
 * other page would send them back to that step.
 */
export function StudioShell({
  productName,
  infoEmail,
  viewer,
  showNav,
  children,
}: {
  productName: string;
  infoEmail: string;
  viewer: Viewer;
  showNav: boolean;
  children: ReactNode;
}) {
  const { pathname, key } = useLocation();
  // Both belong to the location they were opened at: any navigation closes them.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === key;
  const drawerOpen = drawerOpenAt === key;

  return (
    <div className="min-h-screen bg-neutral-50">
      <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white" data-testid="studio-bar">
        <div className="flex h-16 items-center gap-3 px-4">
          {showNav ? (
            <button
              type="button"
              className="rounded-lg p-2 text-neutral-700 hover:bg-neutral-100 wide:hidden"
              aria-label={menuOpen ? "Close the Studio menu" : "Open the Studio menu"}
              aria-expanded={menuOpen}
              aria-controls="studio-nav"
              onClick={() => setMenuOpenAt(menuOpen ? null : key)}
              data-testid="studio-menu-button"
            >
              {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            </button>
          ) : null}
          <Logo productName={productName} />
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">Studio</span>
          <Link to={href("/")} className="ml-auto inline-flex items-center gap-1.5 text-sm font-medium text-neutral-700 hover:text-ink">
            <ExternalLink aria-hidden className="size-4" />
            {/* Under 400 px only the icon shows (the bar must fit 320 px); the name stays for screen readers. */}
            <span className="max-[400px]:sr-only">
              Public site<span className="sr-only"> of {productName}</span>
            </span>
          </Link>
          {viewer.isLoggedIn ? (
            <button
              type="button"
              onClick={() => setDrawerOpenAt(drawerOpen ? null : key)}
              aria-label="Open account menu"
              aria-expanded={drawerOpen}
              data-testid="profile-button"
              data-drawer-toggle
              className="rounded-full ring-brand-500 hover:ring-2"
            >
              <Avatar src={viewer.profile?.profileImageUrl} size={40} imageSize={90} />
            </button>
          ) : null}
        </div>
      </header>
      <div className="wide:flex">
        {showNav ? (
          <nav
            id="studio-nav"
            aria-label="Studio"
            data-testid="studio-nav"
            className={`${menuOpen ? "block" : "hidden"} border-b border-neutral-200 bg-white px-3 py-3 wide:sticky wide:top-16 wide:block wide:h-[calc(100vh-4rem)] wide:w-60 wide:shrink-0 wide:border-r wide:border-b-0`}
          >
            <ul className="flex flex-col gap-1">
              {STUDIO_NAV.map((item) => {
                const current = isStudioNavCurrent(pathname, item);
                const Icon = icons[item.label] ?? LayoutDashboard;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={current ? "page" : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${current ? "bg-brand-50 text-brand-700" : "text-neutral-700 hover:bg-neutral-100"}`}
                    >
                      <Icon aria-hidden className="size-4" />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      {viewer.isLoggedIn ? (
        <AccountDrawer open={drawerOpen} onOpenChange={(open) => setDrawerOpenAt(open ? key : null)} viewer={viewer} infoEmail={infoEmail} />
      ) : null}
    </div>
  );
}
