import { href } from "react-router";
import { MapView } from "~/components/maps/map-view";
import { ContentActions } from "~/components/moderation/content-actions";
import { pageMeta } from "~/modules/seo/page-meta";
import { siteUrl } from "~/lib/site-url.server";
import { spotPath } from "~/lib/paths";
import { mapPageForRoute } from "./map-pages.server";
import { ldScript, mapItemList } from "~/modules/seo/structured-data";
import type { Route } from "./+types/map-page";
import { plural } from "~/lib/plural";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await mapPageForRoute(request, context, params.mapId);
  return { ...page, site: siteUrl(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { map, spots, site } = loaderData;
  const canonical = `${site}${href("/maps/:mapId", { mapId: map.currentSlug })}`;
  const by = map.creator.displayName ?? (map.creator.handle ? `@${map.creator.handle}` : "");
  const description = map.summary ?? `${map.title}${by ? ` by ${by}` : ""}: a curated map of ${plural(spots.length, "spot")}.`;
  return [
    ...pageMeta({ title: map.title, description, canonical, type: "website", image: map.coverImageUrl }),
    ...(map.isPublished
      ? [{ ...ldScript(mapItemList(map, spots, canonical, (s) => `${site}${spotPath(map, s)}`)) }]
      : [{ name: "robots", content: "noindex" }]),
  ];
};

/** /maps/{mapId}: the map's header, its spots in the creator's order, and the map of them. */
export default function MapPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <MapView page={loaderData} spotHref={(spot) => spotPath(loaderData.map, spot)} />
      <ContentActions type="map" id={loaderData.map.id} className="mx-auto max-w-7xl px-4 pb-8" />
    </>
  );
}
