import * as Dialog from "@radix-ui/react-dialog";
import { CircleHelp, CreditCard, LayoutDashboard, LogOut, Sparkles, UserRound, X } from "lucide-react";
import { Form, href, Link } from "react-router";
import { usePricing } from "~/components/memberships/pricing-dialog";
import type { Viewer } from "~/modules/auth/viewer";
import { Avatar } from "./avatar";
import { creatorPath } from "~/lib/paths";

export interface AccountDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: Viewer;
  infoEmail: string;
}

const entry = "flex items-center gap-3 rounded-lg px-3 py-2.5 text-left font-medium text-neutral-800 hover:bg-neutral-100";

/**
 * The account drawer (spec section 2): who is signed in, Account, Help &
 * Support, Creator Studio for creators (Become a creator for everyone else), Sign out, and the creators the user
 * supports. Members find their membership here; everyone else the way to the
 * plans (the header's Get Premium is not shown on narrow screens). Closes on outside click, Escape and any route change (the owner
 * ties `open` to the current location).
 */
export default function AccountDrawer({ open, onOpenChange, viewer, infoEmail }: AccountDrawerProps) {
  const profile = viewer.profile;
  const heading = profile?.handle ? `@${profile.handle}` : "Your account";
  const { openPricing } = usePricing();
  return (
    // Not modal: the header and the tab bar stay usable above it, so the profile
    // button toggles the drawer; any other click outside closes it.
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        {open ? <div aria-hidden className="fixed inset-0 z-30 bg-black/30" data-testid="drawer-backdrop" /> : null}
        <Dialog.Content
          data-testid="account-drawer"
          onInteractOutside={(event) => {
            // The toggle closes it itself; dismissing here first would reopen it on click.
            if ((event.target as Element | null)?.closest?.("[data-drawer-toggle]")) event.preventDefault();
          }}
          className="fixed top-16 right-0 bottom-0 z-30 flex w-[min(22rem,100vw)] flex-col overflow-y-auto bg-white p-5 pb-20 shadow-2xl wide:pb-5"
        >
          <div className="flex items-center gap-3 border-b border-neutral-200 pb-4">
            <Avatar src={profile?.profileImageUrl} size={65} />
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-semibold" data-testid="drawer-handle">
                {heading}
              </Dialog.Title>
              <Dialog.Description className="truncate text-sm text-neutral-600">{profile?.displayName || viewer.user?.email}</Dialog.Description>
            </div>
            <Dialog.Close className="ml-auto self-start rounded-full p-1 text-neutral-500 hover:bg-neutral-100" aria-label="Close">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>

          <nav aria-label="Account menu" className="mt-3 flex flex-col">
            <Link to={href("/account")} className={entry}>
              <UserRound aria-hidden className="size-5 text-neutral-500" />
              Account
            </Link>
            {viewer.hasActiveSubscription ? (
              <Link to={`${href("/account")}#account-membership`} className={entry}>
                <CreditCard aria-hidden className="size-5 text-neutral-500" />
                Membership
              </Link>
            ) : (
              <button
                type="button"
                className={`${entry} w-full`}
                onClick={() => {
                  onOpenChange(false);
                  openPricing();
                }}
              >
                <Sparkles aria-hidden className="size-5 text-brand-600" />
                Get Premium
              </button>
            )}
            <a href={`mailto:${infoEmail}`} className={entry}>
              <CircleHelp aria-hidden className="size-5 text-neutral-500" />
              Help & Support
            </a>
            {profile?.isCreator ? (
              <Link to={href("/studio")} className={entry}>
                <LayoutDashboard aria-hidden className="size-5 text-neutral-500" />
                Creator Studio
              </Link>
            ) : profile?.isOnboarded ? (
              // Onboarded without being a creator yet: the way to send (or follow) the application.
              <Link to={`${href("/account")}#account-creator-application`} className={entry}>
                <LayoutDashboard aria-hidden className="size-5 text-neutral-500" />
                Creator application
              </Link>
            ) : (
              <Link to={href("/creators/apply")} className={entry}>
                <LayoutDashboard aria-hidden className="size-5 text-neutral-500" />
                Become a creator
              </Link>
            )}
            <Form method="post" action={href("/sign-out")}>
              <button type="submit" className={`${entry} w-full`}>
                <LogOut aria-hidden className="size-5 text-neutral-500" />
                Sign out
              </button>
            </Form>
          </nav>

          <section aria-labelledby="drawer-supporting" className="mt-6 border-t border-neutral-200 pt-4" data-testid="drawer-supporting">
            <h2 id="drawer-supporting" className="mb-2 px-3 text-sm font-semibold tracking-wide text-neutral-500 uppercase">
              Supporting
            </h2>
            {viewer.supports.length === 0 ? (
              <p className="px-3 text-sm text-neutral-600">You are not supporting any creators</p>
            ) : (
              <ul className="flex flex-col">
                {viewer.supports.map((support) => (
                  <li key={support.id}>
                    <Link to={creatorPath(support.creator.handle!)} className={entry}>
                      <Avatar src={support.creator.profileImageUrl} size={35} />
                      <span className="min-w-0 truncate">{support.creator.displayName || `@${support.creator.handle}`}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
