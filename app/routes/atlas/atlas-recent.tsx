import { href } from "react-router";
import { AtlasEmpty, AtlasSection } from "~/components/atlas/atlas-page";
import { CreatorSpotList } from "~/components/creators/creator-lists";
import { dbContext } from "~/lib/db-context.server";
import { recentSpots } from "~/modules/atlas/atlas.server";
import { spotRefs } from "~/modules/atlas/spot-ref";
import { requireUser } from "~/routes/guards.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/atlas-recent";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  return { spots: await recentSpots(context.get(dbContext), { ...entitlementsOf(viewer), userId: viewer.user.id }) };
}

export const meta: Route.MetaFunction = () => [{ title: "Recently viewed · My Atlas" }, { name: "robots", content: "noindex" }];

/** /atlas/recent: the spots the user opened lately, last seen first. */
export default function AtlasRecent({ loaderData }: Route.ComponentProps) {
  const { spots } = loaderData;
  const refs = spotRefs(spots);
  return (
    <AtlasSection title="Recently viewed">
      {spots.length === 0 ? (
        <AtlasEmpty
          title="Nothing viewed yet"
          description="Spots you open appear here, so you can find them again."
          to={href("/explore")}
          action="Explore spots"
        />
      ) : (
        <CreatorSpotList spots={spots} creatorName="its creator" href={(s) => href("/atlas/recent/:spotSlug", { spotSlug: refs.get(s.id)! })} />
      )}
    </AtlasSection>
  );
}
