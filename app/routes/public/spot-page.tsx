import { href } from "react-router";
import { SpotView } from "~/components/maps/spot-view";
import { ContentActions } from "~/components/moderation/content-actions";
import { siteUrl } from "~/lib/site-url.server";
import { spotPath } from "~/lib/paths";
import { spotPageForRoute } from "./map-pages.server";
import { spotMeta } from "~/modules/seo/spot-meta";
import type { Route } from "./+types/spot-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await spotPageForRoute(request, context, params.mapId, params.spotId);
  return { ...page, canonical: `${siteUrl(request)}${spotPath(page.map, page.spot)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? spotMeta(loaderData, loaderData.canonical) : []);

/** /maps/{mapId}/spots/{spotId}: one spot, in full or as a locked teaser; scroll is kept between spots. */
export default function SpotPage({ loaderData }: Route.ComponentProps) {
  const { map } = loaderData;
  return (
    <>
      <SpotView page={loaderData} back={{ href: href("/maps/:mapId", { mapId: map.currentSlug }), label: map.title }} neighbourHref={(s) => spotPath(map, s)} />
      <ContentActions type="spot" id={loaderData.spot.id} className="mx-auto max-w-7xl px-4 pb-8" />
    </>
  );
}
