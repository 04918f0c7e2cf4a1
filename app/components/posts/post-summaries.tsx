/**
 * Posts in lists (a creator's Posts tab, the Atlas feed): title, creator, date and teaser, never a
 * body; a locked post says who it is for. Shared by every list of posts.
 */
import { href, Link } from "react-router";
import { LockedBadge } from "~/components/maps/locked-note";
import type { PostSummary } from "~/modules/posts/index.server";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export function PostDate({ date }: { date: Date | string }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString()}>{dateFormat.format(d)}</time>;
}

export const postPath = (post: { slug: string; creator: { handle: string } }) =>
  href("/:atHandle/posts/:postSlug", { atHandle: `@${post.creator.handle}`, postSlug: post.slug });

export const creatorNameOf = (creator: { handle: string; displayName: string | null }) => creator.displayName ?? `@${creator.handle}`;

/** One post as a card; `showCreator` where the list mixes creators (the Atlas). */
export function PostSummaryItem({ post, showCreator = false }: { post: PostSummary; showCreator?: boolean }) {
  const name = creatorNameOf(post.creator);
  return (
    <article className="rounded-2xl border border-neutral-200 p-5" data-testid="post-card" data-access={post.access}>
      <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
        {showCreator ? (
          <>
            <Link to={href("/:atHandle", { atHandle: `@${post.creator.handle}` })} className="font-semibold text-neutral-800 hover:underline">
              {name}
            </Link>
            <span aria-hidden>·</span>
          </>
        ) : null}
        <PostDate date={post.publishedAt} />
        {post.access === "locked" ? <LockedBadge visibility={post.visibility} creator={name} /> : null}
      </p>
      <h3 className="mt-1 text-lg font-semibold wrap-anywhere">
        <Link to={postPath(post)} className="hover:underline">
          {post.title}
        </Link>
      </h3>
      {post.teaser ? <p className="mt-2 line-clamp-3 text-neutral-700">{post.teaser}</p> : null}
    </article>
  );
}

export function PostSummaries({ posts, showCreator }: { posts: PostSummary[]; showCreator?: boolean }) {
  return (
    <ul className="space-y-4" data-testid="post-list">
      {posts.map((post) => (
        <li key={post.id}>
          <PostSummaryItem post={post} showCreator={showCreator} />
        </li>
      ))}
    </ul>
  );
}
