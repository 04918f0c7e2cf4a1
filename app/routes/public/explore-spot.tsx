import { SpotView } from "~/components/maps/spot-view";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { siteUrl } from "~/lib/site-url.server";
import { spotPath } from "~/lib/paths";
import { findExploreSpot } from "~/modules/spots/explore.server";
import { spotPageById } from "./map-pages.server";
import { spotMeta } from "~/modules/seo/spot-meta";
import type { Route } from "./+types/explore-spot";
import { href } from "react-router";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const found = await findExploreSpot(context.get(dbContext), params.spotSlug);
  if (!found) notFound(request);
  const page = await spotPageById(request, context, found.mapId, found.spotId);
  // One page per spot for search engines: the map's spot page is canonical.
  return { ...page, canonical: `${siteUrl(request)}${spotPath(page.map, page.spot)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? spotMeta(loaderData, loaderData.canonical) : []);

/** /explore/{spotSlug}: a spot opened from Explore, with the way back to it. */
export default function ExploreSpot({ loaderData }: Route.ComponentProps) {
  return <SpotView page={loaderData} back={{ href: href("/explore"), label: "Explore" }} />;
}
