import { SpotView } from "~/components/maps/spot-view";
import { getDb } from "~/lib/db.server";
import { notFound } from "~/lib/http-errors";
import { findAtlasSpot } from "~/modules/atlas/atlas.server";
import { requireUser } from "~/modules/auth/session.server";
import { spotPageById } from "~/modules/maps/load-for-route.server";
import type { Route } from "./+types/atlas-list-spot";
import { href } from "react-router";

/** Which Atlas list the route serves: saved spots or recent views (one module, two routes). */
function listOf(request: Request) {
  return new URL(request.url).pathname.startsWith(`${href("/atlas/recent")}/`) ? "recent" : "saved";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const list = listOf(request);
  const found = await findAtlasSpot(await getDb(), viewer.user.id, list, params.spotSlug);
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
