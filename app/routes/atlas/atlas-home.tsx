import { href, Link } from "react-router";
import { AtlasEmpty } from "~/components/atlas/atlas-page";
import { MapCards } from "~/components/catalog/cards";
import { CreatorSpotList } from "~/components/creators/creator-lists";
import { FollowedCreators } from "~/components/creators/followed-creators";
import { dbContext } from "~/lib/db-context.server";
import { atlasOverview, followingFeed } from "~/modules/atlas/atlas.server";
import { FollowingFeed } from "~/components/posts/following-feed";
import { spotRefs } from "~/modules/atlas/spot-ref";
import { requireUser } from "~/routes/guards.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/atlas-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = context.get(dbContext);
  const atlasViewer = { ...entitlementsOf(viewer), userId: viewer.user.id };
  const [overview, following] = await Promise.all([atlasOverview(db, atlasViewer), followingFeed(db, atlasViewer, new Date())]);
  return { ...overview, following, follows: viewer.follows };
}

export const meta: Route.MetaFunction = () => [{ title: "My Atlas" }, { name: "robots", content: "noindex" }];

function SectionHeading({ id, title, to }: { id: string; title: string; to: string }) {
  return (
    <div className="mb-4 flex items-baseline justify-between gap-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <Link to={to} className="text-sm font-semibold text-brand-700 hover:underline">
        See all
      </Link>
    </div>
  );
}

/** /atlas: the maps and spots the user saved, recent views, the creators they follow and what those creators published lately. */
export default function AtlasHome({ loaderData }: Route.ComponentProps) {
  const { maps, spots, recent, follows, following } = loaderData;
  const savedRefs = spotRefs(spots);
  const recentRefs = spotRefs(recent);
  return (
    <main className="mx-auto max-w-7xl space-y-10 px-4 py-8">
      <h1 className="text-3xl font-bold">My Atlas</h1>
      <section aria-labelledby="atlas-maps" data-testid="atlas-maps">
        <SectionHeading id="atlas-maps" title="Saved maps" to={href("/atlas/maps")} />
        <MapCards
          maps={maps}
          emptyTitle="No saved maps yet"
          emptyDescription="Save a map with its Save button and it appears here."
          href={(m) => href("/atlas/maps/:mapSlug", { mapSlug: m.currentSlug })}
        />
      </section>
      <section aria-labelledby="atlas-spots" data-testid="atlas-spots">
        <SectionHeading id="atlas-spots" title="Saved spots" to={href("/atlas/spots")} />
        {spots.length === 0 ? (
          <AtlasEmpty title="No saved spots yet" description="Open a spot on any map and save it to find it here." to={href("/maps")} action="Browse maps" />
        ) : (
          <CreatorSpotList spots={spots} creatorName="its creator" href={(s) => href("/atlas/spots/:spotSlug", { spotSlug: savedRefs.get(s.id)! })} />
        )}
      </section>
      <section aria-labelledby="atlas-recent" data-testid="atlas-recent">
        <SectionHeading id="atlas-recent" title="Recently viewed" to={href("/atlas/recent")} />
        {recent.length === 0 ? (
          <AtlasEmpty
            title="Nothing viewed yet"
            description="Spots you open appear here, so you can find them again."
            to={href("/explore")}
            action="Explore spots"
          />
        ) : (
          <CreatorSpotList spots={recent} creatorName="its creator" href={(s) => href("/atlas/recent/:spotSlug", { spotSlug: recentRefs.get(s.id)! })} />
        )}
      </section>
      <section aria-labelledby="atlas-following" data-testid="atlas-following">
        <h2 id="atlas-following" className="mb-4 text-xl font-semibold">
          From creators you follow
        </h2>
        <FollowingFeed items={following} />
      </section>
      <section aria-labelledby="atlas-creators" data-testid="atlas-creators">
        <SectionHeading id="atlas-creators" title="Creators you follow" to={href("/atlas/creators")} />
        <FollowedCreators follows={follows} />
      </section>
    </main>
  );
}
