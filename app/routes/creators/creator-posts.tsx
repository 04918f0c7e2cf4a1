import { Rss } from "lucide-react";
import { href } from "react-router";
import { PrivateFeedButton } from "~/components/posts/private-feed";
import { PostSummaries } from "~/components/posts/post-summaries";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { getViewer } from "~/modules/auth/session.server";
import { loadCreator } from "~/modules/creators/creator-page.server";
import { entitlementsOf } from "~/modules/gate";
import { creatorPosts } from "~/modules/posts/index.server";
import type { Route } from "./+types/creator-posts";

const pageOf = (value: string | null) => {
  const n = Number(value ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : null;
};

/** One page of the creator's published posts; the creator is looked up again because this loader runs beside the page's. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.atHandle.startsWith("@")) notFound(request);
  const db = context.get(dbContext);
  const viewer = getViewer(context);
  const entitlements = entitlementsOf(viewer);
  const creator = await loadCreator(db, params.atHandle.slice(1), entitlements);
  if (!creator) notFound(request);
  const page = pageOf(new URL(request.url).searchParams.get("page"));
  if (page === null) notFound(request);
  const result = await creatorPosts(db, creator.id, entitlements, new Date(), page);
  return {
    ...result,
    creator: { id: creator.id, handle: creator.handle, displayName: creator.displayName },
    // A private feed is offered to signed-in members, not to the creator of their own posts.
    canMakePrivateFeed: viewer.user !== null && viewer.user.id !== creator.id && creator.isPublished,
  };
}

/** `/@{handle}/posts`: the creator's posts, newest first (gated ones as their teaser), their public feed and a member's private feed. */
export default function CreatorPosts({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, creator, canMakePrivateFeed } = loaderData;
  const atHandle = `@${creator.handle}`;
  const postsHref = href("/:atHandle/posts", { atHandle });
  return (
    <div data-testid="creator-posts" className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={href("/:atHandle/posts/feed.xml", { atHandle })}
          className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-semibold text-neutral-800 hover:bg-neutral-50"
          data-testid="public-feed-link"
        >
          <Rss aria-hidden className="size-4" /> Feed
        </a>
        {canMakePrivateFeed ? <PrivateFeedButton creatorId={creator.id} /> : null}
      </div>
      {posts.length === 0 ? (
        <EmptyState title="No posts yet" description="Posts this creator publishes will appear here." />
      ) : (
        <>
          <PostSummaries posts={posts} />
          <Pager current={page} pages={pages} pageHref={(n) => (n === 1 ? postsHref : `${postsHref}?page=${n}`)} />
        </>
      )}
    </div>
  );
}
