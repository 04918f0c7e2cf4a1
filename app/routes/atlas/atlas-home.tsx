import { Link } from "react-router";
import { MapCards } from "~/components/catalog/cards";
import { CreatorSpotList } from "~/components/creators/creator-lists";
import { Avatar } from "~/components/layout/avatar";
import { EmptyState } from "~/components/ui/empty-state";
import { getDb } from "~/lib/db.server";
import { urls } from "~/lib/urls";
import { atlasOverview } from "~/modules/atlas/atlas.server";
import { requireUser } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/memberships/gating";
import type { Route } from "./+types/atlas-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const overview = await atlasOverview(await getDb(), { ...entitlementsOf(viewer), userId: viewer.user.id });
  return { ...overview, follows: viewer.follows };
}

export const meta: Route.MetaFunction = () => [{ title: "My Atlas" }, { name: "robots", content: "noindex" }];

/** /atlas: the maps and spots the user saved, and the creators they follow. */
export default function AtlasHome({ loaderData }: Route.ComponentProps) {
  const { maps, spots, follows } = loaderData;
  return (
    <main className="mx-auto max-w-7xl space-y-10 px-4 py-10">
      <h1 className="text-3xl font-bold">My Atlas</h1>
      <section aria-labelledby="atlas-maps" data-testid="atlas-maps">
        <h2 id="atlas-maps" className="mb-4 text-xl font-semibold">
          Saved maps
        </h2>
        <MapCards maps={maps} emptyTitle="No saved maps yet" emptyDescription="Save a map with its Save button and it appears here." />
      </section>
      <section aria-labelledby="atlas-spots" data-testid="atlas-spots">
        <h2 id="atlas-spots" className="mb-4 text-xl font-semibold">
          Saved spots
        </h2>
        {spots.length === 0 ? (
          <EmptyState
            title="No saved spots yet"
            description="Open a spot on any map and save it to find it here."
            action={
              <Link to="/maps" className="font-semibold text-brand-700 hover:underline">
                Browse maps
              </Link>
            }
          />
        ) : (
          <CreatorSpotList spots={spots} creatorName="its creator" />
        )}
      </section>
      <section aria-labelledby="atlas-creators" data-testid="atlas-creators">
        <h2 id="atlas-creators" className="mb-4 text-xl font-semibold">
          Creators you follow
        </h2>
        {follows.length === 0 ? (
          <EmptyState
            title="You are not following anyone yet"
            description="Follow creators from their pages to keep up with their maps."
            action={
              <Link to="/creators" className="font-semibold text-brand-700 hover:underline">
                Find creators
              </Link>
            }
          />
        ) : (
          <ul className="flex flex-wrap gap-3">
            {follows.map((f) =>
              f.creator.handle ? (
                <li key={f.id}>
                  <Link
                    to={urls.creator({ handle: f.creator.handle })}
                    className="flex items-center gap-2 rounded-full border border-neutral-200 py-1 pr-4 pl-1 hover:border-brand-500"
                  >
                    <Avatar src={f.creator.profileImageUrl} size={35} />
                    <span className="font-medium">{f.creator.displayName ?? `@${f.creator.handle}`}</span>
                  </Link>
                </li>
              ) : null,
            )}
          </ul>
        )}
      </section>
    </main>
  );
}
