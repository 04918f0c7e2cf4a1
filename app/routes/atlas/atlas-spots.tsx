import { href } from "react-router";
import { AtlasEmpty, AtlasSection } from "~/components/atlas/atlas-page";
import { CreatorSpotList } from "~/components/creators/creator-lists";
import { dbContext } from "~/lib/db-context.server";
import { savedSpots } from "~/modules/atlas/atlas.server";
import { spotRefs } from "~/modules/atlas/spot-ref";
import { requireUser } from "~/routes/guards.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/atlas-spots";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  return { spots: await savedSpots(context.get(dbContext), { ...entitlementsOf(viewer), userId: viewer.user.id }) };
}

export const meta: Route.MetaFunction = () => [{ title: "Saved spots · My Atlas" }, { name: "robots", content: "noindex" }];

/** /atlas/spots: every spot the user saved, opening inside My Atlas. */
export default function AtlasSpots({ loaderData }: Route.ComponentProps) {
  const { spots } = loaderData;
  const refs = spotRefs(spots);
  return (
    <AtlasSection title="Saved spots">
      {spots.length === 0 ? (
        <AtlasEmpty title="No saved spots yet" description="Open a spot on any map and save it to find it here." to={href("/maps")} action="Browse maps" />
      ) : (
        <CreatorSpotList spots={spots} creatorName="its creator" href={(s) => href("/atlas/spots/:spotSlug", { spotSlug: refs.get(s.id)! })} />
      )}
    </AtlasSection>
  );
}
