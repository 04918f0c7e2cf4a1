import { CircleUserRound, Compass, Map, Search, Sparkles } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { href, Link, useLocation } from "react-router";
import { preloadAuthPanel, useAuthDialog } from "~/components/auth/auth-dialog";
import type { AuthStep } from "~/components/auth/auth-steps";
import type { Viewer } from "~/modules/auth/viewer";
import { usePricing } from "~/components/memberships/pricing-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { lazyOnOpen } from "~/components/ui/lazy-on-open";
import type { AccountDrawerProps } from "./account-drawer";
import { Avatar } from "./avatar";
import { SearchBox } from "~/components/search/search-box";
import { Logo } from "./logo";
import { NAV_ITEMS, isNavActive } from "./nav";

const icons = { Explore: Compass, Discover: Sparkles, "My Atlas": Map } as const;

/**
 * The shared header: a wide variant (above 920px) with inline search and the
 * account buttons, and a narrow variant with a bottom tab bar.
 */
export function Header({ productName, infoEmail, viewer }: { productName: string; infoEmail: string; viewer: Viewer }) {
  const { pathname, search, key } = useLocation();
  const q = pathname === href("/search") ? (new URLSearchParams(search).get("q") ?? "") : "";
  const { openAuth } = useAuthDialog();
  const { openPricing } = usePricing();
  // The drawer belongs to the location it was opened at: any route change closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === key;
  const toggleDrawer = () => setDrawerOpenAt(drawerOpen ? null : key);
  // Narrow screens: Search opens a search dialog (a route change closes it).
  const [searchOpen, setSearchOpen] = useState(false);
  // The links work without JavaScript (the /auth page); with it, the dialog opens in place.
  const openDialog = (step: AuthStep) => (event: MouseEvent) => {
    event.preventDefault();
    openAuth({ step });
  };

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur" data-testid="site-header">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4">
          <Logo productName={productName} />
          <nav aria-label="Main" className="hidden items-center gap-1 wide:flex" data-testid="nav-wide">
            {NAV_ITEMS.slice(0, 2).map((item) => (
              <NavItem key={item.to} item={item} pathname={pathname} />
            ))}
          </nav>
          <div className="hidden max-w-md flex-1 wide:block">
            {/* Remounted on every navigation: a result chosen leaves an empty, closed box; a /search page shows its query. */}
            <SearchBox key={key} id="header-search" defaultValue={q} />
          </div>
          <nav aria-label="Account" className="ml-auto hidden items-center gap-2 wide:flex" data-testid="account-wide">
            <NavItem item={NAV_ITEMS[2]} pathname={pathname} />
            {viewer.isLoggedIn ? (
              <>
                {/* A member (Premium, or a supporter, which counts as Premium) is not offered Premium again; the drawer leads to their membership. */}
                {viewer.hasActiveSubscription ? null : (
                  <Button size="sm" onClick={() => openPricing()} className="inline-flex items-center gap-1.5" data-testid="get-premium">
                    <Sparkles aria-hidden className="size-4" /> Get Premium
                  </Button>
                )}
                <button
                  type="button"
                  onClick={toggleDrawer}
                  aria-label="Open account menu"
                  aria-expanded={drawerOpen}
                  data-testid="profile-button"
                  data-drawer-toggle
                  className="rounded-full ring-brand-500 hover:ring-2"
                >
                  <Avatar src={viewer.profile?.profileImageUrl} size={40} imageSize={90} />
                </button>
              </>
            ) : (
              <>
                <ButtonLink
                  size="sm"
                  to={`${href("/auth")}?step=signup`}
                  onClick={openDialog("signup")}
                  onPointerEnter={preloadAuthPanel}
                  onFocus={preloadAuthPanel}
                >
                  Sign up for free
                </ButtonLink>
                <ButtonLink
                  variant="secondary"
                  size="sm"
                  to={`${href("/auth")}?step=login`}
                  onClick={openDialog("login")}
                  onPointerEnter={preloadAuthPanel}
                  onFocus={preloadAuthPanel}
                >
                  Login
                </ButtonLink>
              </>
            )}
          </nav>
        </div>
      </header>
      <nav
        aria-label="Main"
        data-testid="nav-narrow"
        className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-5 border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] wide:hidden"
      >
        <TabItem item={NAV_ITEMS[0]} pathname={pathname} />
        <TabItem item={NAV_ITEMS[1]} pathname={pathname} />
        <Link
          to={href("/search")}
          onClick={(event) => {
            event.preventDefault();
            setSearchOpen(true);
          }}
          className="flex flex-col items-center gap-0.5 py-2 text-xs text-neutral-600"
        >
          <Search aria-hidden className="size-5" />
          Search
        </Link>
        <TabItem item={NAV_ITEMS[2]} pathname={pathname} />
        {viewer.isLoggedIn ? (
          <button
            type="button"
            onClick={toggleDrawer}
            aria-expanded={drawerOpen}
            data-testid="profile-tab"
            data-drawer-toggle
            className="flex flex-col items-center gap-0.5 py-2 text-xs text-neutral-600"
          >
            <Avatar src={viewer.profile?.profileImageUrl} size={20} imageSize={90} />
            Profile
          </button>
        ) : (
          <Link
            to={`${href("/auth")}?step=login`}
            onClick={openDialog("login")}
            data-testid="profile-tab"
            className="flex flex-col items-center gap-0.5 py-2 text-xs text-neutral-600"
          >
            <CircleUserRound aria-hidden className="size-5" />
            Profile
          </Link>
        )}
      </nav>
      <Modal open={searchOpen} onOpenChange={setSearchOpen} title="Search" hideTitle fullscreen>
        <SearchBox id="dialog-search" autoFocus alwaysOpen />
      </Modal>
      {viewer.isLoggedIn ? (
        <AccountDrawer open={drawerOpen} onOpenChange={(open) => setDrawerOpenAt(open ? key : null)} viewer={viewer} infoEmail={infoEmail} />
      ) : null}
    </>
  );
}

const AccountDrawer = lazyOnOpen<AccountDrawerProps>(() => import("./account-drawer"));

type Item = (typeof NAV_ITEMS)[number];

function NavItem({ item, pathname }: { item: Item; pathname: string }) {
  const active = isNavActive(pathname, item.activePrefixes);
  return (
    <Link
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={`rounded-full px-3 py-2 text-sm font-medium ${active ? "bg-brand-50 text-brand-700" : "text-neutral-700 hover:bg-neutral-100"}`}
    >
      {item.label}
    </Link>
  );
}

function TabItem({ item, pathname }: { item: Item; pathname: string }) {
  const active = isNavActive(pathname, item.activePrefixes);
  const Icon = icons[item.label];
  return (
    <Link
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={`flex flex-col items-center gap-0.5 py-2 text-xs ${active ? "font-semibold text-brand-700" : "text-neutral-600"}`}
    >
      <Icon aria-hidden className="size-5" />
      {item.label}
    </Link>
  );
}
