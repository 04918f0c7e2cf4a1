import { SpotView } from "~/components/maps/spot-view";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { findAtlasSpot } from "~/modules/atlas/atlas.server";
import { requireUser } from "~/routes/guards.server";
import { spotPageById } from "~/routes/public/map-pages.server";
import type { Route } from "./+types/atlas-list-spot";
import { href } from "react-router";

/** Which Atlas list the route serves: saved spots or recent views (one module, two routes). */
function listOf(request: Request) {
  return new URL(request.url).pathname.startsWith(`${href("/atlas/recent")}/`) ? "recent" : "saved";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const list = listOf(request);
  const found = await findAtlasSpot(context.get(dbContext), viewer.user.id, list, params.spotSlug);
  if (!found) notFound(request);
  return { ...(await spotPageById(request, context, found.mapId, found.spotId)), list };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.spot.name} · My Atlas` : "My Atlas" },
  { name: "robots", content: "noindex" },
];

/** /atlas/spots/{spotSlug} and /atlas/recent/{spotSlug}: a saved or recently viewed spot inside My Atlas. */
export default function AtlasListSpot({ loaderData }: Route.ComponentProps) {
  const back = loaderData.list === "recent" ? { href: href("/atlas/recent"), label: "Recently viewed" } : { href: href("/atlas/spots"), label: "Saved spots" };
  return <SpotView page={loaderData} back={back} />;
}
