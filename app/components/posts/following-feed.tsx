/**
 * My Atlas's "From creators you follow": posts and newly published maps, newest first. A locked
 * post shows its teaser and the way to unlock it, never its body.
 */
import { Map as MapIcon } from "lucide-react";
import { href, Link } from "react-router";
import { LockedPost } from "~/components/posts/locked-post";
import { creatorNameOf, PostSummaryItem, PostDate } from "~/components/posts/post-summaries";
import { EmptyState } from "~/components/ui/empty-state";
import type { FollowingItem } from "~/modules/atlas/atlas.server";

export function FollowingFeed({ items }: { items: FollowingItem[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        title="Nothing from the creators you follow yet"
        description="Follow creators and their new posts and maps appear here."
        action={
          <Link to={href("/creators")} className="font-semibold text-brand-700 hover:underline">
            Find creators
          </Link>
        }
      />
    );
  }
  return (
    <ul className="space-y-4" data-testid="following-feed">
      {items.map((item) =>
        item.kind === "post" ? (
          <li key={`post-${item.post.id}`} data-testid="following-post">
            <PostSummaryItem post={item.post} showCreator />
            {item.post.access === "locked" ? <LockedPost visibility={item.post.visibility} creator={item.post.creator} /> : null}
          </li>
        ) : (
          <li key={`map-${item.map.id}`} data-testid="following-map">
            <article className="flex gap-4 rounded-2xl border border-neutral-200 p-5">
              {item.map.coverImageUrl ? (
                <img src={item.map.coverImageUrl} alt="" className="size-20 shrink-0 rounded-xl object-cover" loading="lazy" />
              ) : (
                <span className="grid size-20 shrink-0 place-items-center rounded-xl bg-neutral-100 text-neutral-500" aria-hidden>
                  <MapIcon className="size-8" />
                </span>
              )}
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                  <Link to={href("/:atHandle", { atHandle: `@${item.map.creator.handle}` })} className="font-semibold text-neutral-800 hover:underline">
                    {creatorNameOf(item.map.creator)}
                  </Link>
                  <span aria-hidden>·</span>
                  <span>New map</span>
                  <span aria-hidden>·</span>
                  <PostDate date={item.map.publishedAt} />
                </p>
                <h3 className="mt-1 text-lg font-semibold wrap-anywhere">
                  <Link to={href("/maps/:mapId", { mapId: item.map.currentSlug })} className="hover:underline">
                    {item.map.title}
                  </Link>
                </h3>
                {item.map.summary ? <p className="mt-1 line-clamp-2 text-neutral-700">{item.map.summary}</p> : null}
              </div>
            </article>
          </li>
        ),
      )}
    </ul>
  );
}
