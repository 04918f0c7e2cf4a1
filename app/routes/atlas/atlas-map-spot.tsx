import { href } from "react-router";
import { SpotView } from "~/components/maps/spot-view";
import { atlasSpotPath } from "~/lib/paths";
import { requireUser } from "~/routes/guards.server";
import { spotPageForRoute } from "~/routes/public/map-pages.server";
import type { Route } from "./+types/atlas-map-spot";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(request, context);
  return spotPageForRoute(request, context, params.mapSlug, params.spotSlug, "/atlas/maps");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.spot.name} · My Atlas` : "My Atlas" },
  { name: "robots", content: "noindex" },
];

/** /atlas/maps/{mapSlug}/spots/{spotSlug}: a spot of a saved map, moving through the map inside My Atlas. */
export default function AtlasMapSpot({ loaderData }: Route.ComponentProps) {
  const { map } = loaderData;
  return (
    <SpotView
      page={loaderData}
      back={{ href: href("/atlas/maps/:mapSlug", { mapSlug: map.currentSlug }), label: map.title }}
      neighbourHref={(s) => atlasSpotPath(map, s)}
    />
  );
}
