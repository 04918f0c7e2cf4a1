import { ContentActions } from "~/components/moderation/content-actions";
import { href, NavLink, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { FollowButton } from "~/components/creators/follow-button";
import { SupportButton } from "~/components/memberships/support-button";
import { CreatorProfileHeader } from "~/components/creators/creator-profile-header";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { creatorPath } from "~/lib/paths";
import { siteUrl } from "~/lib/site-url.server";
import { recordView } from "~/modules/analytics/views.server";
import { getViewer } from "~/modules/auth/session.server";
import { creatorMaps, loadCreator, type CreatorPageData } from "~/modules/creators/creator-page.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/creator-page";
import { plural } from "~/lib/plural";

/** `/@{handle}`: one path segment that must start with "@"; anything else is an unknown page. */
export async function loader({ request, context, params }: Route.LoaderArgs): Promise<CreatorPageData> {
  if (!params.atHandle.startsWith("@")) notFound(request);
  const db = context.get(dbContext);
  const viewer = entitlementsOf(getViewer(context));
  const creator = await loadCreator(db, params.atHandle.slice(1), viewer);
  if (!creator) notFound(request);
  const [maps] = await Promise.all([
    creatorMaps(db, creator.id, viewer),
    recordView(db, context, getViewer(context), { type: "creator_viewed", targetId: creator.id, creatorId: creator.id }),
  ]);
  const origin = siteUrl(request);
  return {
    creator,
    maps,
    canonical: `${origin}${creatorPath(creator.handle)}`,
    feed: `${origin}${href("/:atHandle/posts/feed.xml", { atHandle: `@${creator.handle}` })}`,
  };
}

/** Paging through the spots tab (`?page=`) is that tab's data only: the header is not reloaded, nor the view counted again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { creator, canonical, feed } = loaderData;
  const name = creator.displayName ?? `@${creator.handle}`;
  const description = creator.bioText ?? `Maps by ${name}.`;
  return [
    { title: `${name} (@${creator.handle})` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    { property: "og:type", content: "profile" },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `Posts by ${name}`, href: feed },
    ...(creator.profileImageUrl ? [{ property: "og:image", content: creator.profileImageUrl }] : []),
    {
      "script:ld+json": { "@context": "https://schema.org", "@type": "Person", name, alternateName: `@${creator.handle}`, description, url: canonical },
    },
  ];
};

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-ink text-white" : "text-neutral-700 hover:bg-neutral-100"}`;

/** A creator's page: header with counts and Follow, then overview, maps, spots or posts. */
export default function CreatorPage({ loaderData }: Route.ComponentProps) {
  const { creator } = loaderData;
  const atHandle = `@${creator.handle}`;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <CreatorProfileHeader
        creator={creator}
        details={
          <p className="mt-2 flex gap-4 text-sm text-neutral-700" data-testid="creator-counts">
            <span>{plural(creator.counts.maps, "map")}</span>
            <span>{plural(creator.counts.spots, "spot")}</span>
            <span>{plural(creator.counts.followers, "follower")}</span>
          </p>
        }
        actions={
          <>
            <SupportButton creator={{ id: creator.id, handle: creator.handle, displayName: creator.displayName }} />
            <FollowButton creatorId={creator.id} />
          </>
        }
      />
      <nav aria-label="Creator" className="mt-8 flex gap-2 border-b border-neutral-200 pb-3">
        <NavLink to={href("/:atHandle", { atHandle })} end className={tab}>
          Overview
        </NavLink>
        <NavLink to={href("/:atHandle/maps", { atHandle })} className={tab}>
          Maps
        </NavLink>
        <NavLink to={href("/:atHandle/spots", { atHandle })} className={tab}>
          Spots
        </NavLink>
        <NavLink to={href("/:atHandle/posts", { atHandle })} className={tab}>
          Posts
        </NavLink>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
      <ContentActions type="creator" id={creator.id} className="mt-10 border-t border-neutral-200 pt-4" />
    </main>
  );
}
