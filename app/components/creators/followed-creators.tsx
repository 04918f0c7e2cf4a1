/** The creators a user follows, each with a way to their page and to unfollow. */
import { href, Link } from "react-router";
import { AtlasEmpty } from "~/components/atlas/atlas-page";
import { FollowButton } from "~/components/creators/follow-button";
import { Avatar } from "~/components/layout/avatar";
import { creatorPath } from "~/lib/paths";
import type { ViewerCreatorLink } from "~/modules/auth/viewer";
import { plural } from "~/lib/plural";

export function FollowedCreators({ follows, withFollowButton = false }: { follows: ViewerCreatorLink[]; withFollowButton?: boolean }) {
  const shown = follows.filter((f) => f.creator.handle);
  if (shown.length === 0)
    return (
      <AtlasEmpty
        title="You are not following anyone yet"
        description="Follow creators from their pages to keep up with their maps."
        to={href("/creators")}
        action="Find creators"
      />
    );
  return (
    <ul
      className={withFollowButton ? "divide-y divide-neutral-200 rounded-2xl border border-neutral-200" : "flex flex-wrap gap-3"}
      data-testid="followed-creators"
    >
      {shown.map((f) =>
        withFollowButton ? (
          <li key={f.id} className="flex items-center gap-4 px-4 py-3">
            <Link to={creatorPath(f.creator.handle!)} className="flex min-w-0 flex-1 items-center gap-3 hover:underline">
              <Avatar src={f.creator.profileImageUrl} size={48} />
              <span className="min-w-0">
                <span className="block font-semibold">{f.creator.displayName ?? `@${f.creator.handle}`}</span>
                <span className="block text-sm text-neutral-600">
                  @{f.creator.handle} · {plural(f.creator.mapsCount, "map")}
                </span>
              </span>
            </Link>
            <FollowButton creatorId={f.creatorId} />
          </li>
        ) : (
          <li key={f.id}>
            <Link
              to={creatorPath(f.creator.handle!)}
              className="flex items-center gap-2 rounded-full border border-neutral-200 py-1 pr-4 pl-1 hover:border-brand-500"
            >
              <Avatar src={f.creator.profileImageUrl} size={35} />
              <span className="font-medium">{f.creator.displayName ?? `@${f.creator.handle}`}</span>
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
