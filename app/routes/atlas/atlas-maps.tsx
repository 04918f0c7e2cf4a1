import { href } from "react-router";
import { AtlasSection } from "~/components/atlas/atlas-page";
import { MapCards } from "~/components/catalog/cards";
import { dbContext } from "~/lib/db-context.server";
import { savedMaps } from "~/modules/atlas/atlas.server";
import { requireUser } from "~/routes/guards.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/atlas-maps";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  return { maps: await savedMaps(context.get(dbContext), { ...entitlementsOf(viewer), userId: viewer.user.id }) };
}

export const meta: Route.MetaFunction = () => [{ title: "Saved maps · My Atlas" }, { name: "robots", content: "noindex" }];

/** /atlas/maps: every map the user saved. */
export default function AtlasMaps({ loaderData }: Route.ComponentProps) {
  return (
    <AtlasSection title="Saved maps">
      <MapCards
        maps={loaderData.maps}
        emptyTitle="No saved maps yet"
        emptyDescription="Save a map with its Save button and it appears here."
        href={(m) => href("/atlas/maps/:mapSlug", { mapSlug: m.currentSlug })}
      />
    </AtlasSection>
  );
}
