import { MapView } from "~/components/maps/map-view";
import { atlasSpotPath } from "~/lib/paths";
import { requireUser } from "~/routes/guards.server";
import { mapPageForRoute } from "~/routes/public/map-pages.server";
import type { Route } from "./+types/atlas-map";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(request, context);
  return mapPageForRoute(request, context, params.mapSlug, "/atlas/maps");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.map.title} · My Atlas` : "My Atlas" },
  { name: "robots", content: "noindex" },
];

/** /atlas/maps/{mapSlug}: a saved map, its spots opening inside My Atlas. */
export default function AtlasMap({ loaderData }: Route.ComponentProps) {
  return <MapView page={loaderData} spotHref={(spot) => atlasSpotPath(loaderData.map, spot)} />;
}
