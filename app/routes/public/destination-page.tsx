import { href } from "react-router";
import { pageMeta } from "~/modules/seo/page-meta";
import { useMemo } from "react";
import { MapCards } from "~/components/catalog/cards";
import { pointsOf, type MapPoint } from "~/components/map/map-points";
import { SpotMap } from "~/components/map/spot-map";
import { countryName } from "~/lib/country";
import { dbContext } from "~/lib/db-context.server";
import { notFound, routeValidationFailed } from "~/lib/http-errors";
import { siteUrl } from "~/lib/site-url.server";
import { getViewer } from "~/modules/auth/session.server";
import { findDestination, publishedMaps } from "~/modules/catalog/catalog.server";
import { destinationFeature } from "~/modules/destinations/index.server";
import { markdownTree } from "~/lib/markdown/index.server";
import { Markdown } from "~/components/markdown";
import { coverSrcSet } from "~/modules/images/variants";
import { exploreSpots } from "~/modules/spots/explore.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/destination-page";
import { plural } from "~/lib/plural";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) routeValidationFailed(request);
  const db = context.get(dbContext);
  const city = await findDestination(db, Number(params.id));
  if (!city) notFound(request);
  const [maps, spots, feature] = await Promise.all([
    publishedMaps(db, { limit: 96, cityId: city.id }),
    exploreSpots(db, entitlementsOf(getViewer(context)), { page: 1, cityId: city.id }),
    destinationFeature(db, city.id),
  ]);
  return {
    city,
    maps,
    spots: spots.onMap,
    // A featured destination's cover and the back office's words about it (the one markdown renderer).
    cover: feature?.coverImageUrl ?? null,
    description: feature?.description ? markdownTree(feature.description) : null,
    canonical: `${siteUrl(request)}${href("/destinations/:id", { id: String(city.id) })}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { city, maps, canonical, cover } = loaderData;
  const title = `${city.name}, ${countryName(city.country)}`;
  const description = `Curated maps of ${city.name}: ${plural(maps.length, "map")} by local creators.`;
  return [
    ...pageMeta({ title, description, canonical, type: "website", image: cover ?? maps[0]?.coverImageUrl }),
    ...(maps.length === 0 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

/** /destinations/{id}: a city, its maps, and their spots on a map. */
export default function DestinationPage({ loaderData }: Route.ComponentProps) {
  const { city, maps, spots, cover, description } = loaderData;
  const points = useMemo<MapPoint[]>(() => pointsOf(spots, (s) => href("/explore/:spotSlug", { spotSlug: s.ref })), [spots]);
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{city.name}</h1>
      <p className="mt-1 text-neutral-600">{countryName(city.country)}</p>
      {cover ? (
        <img
          src={cover}
          srcSet={coverSrcSet(cover)}
          sizes="(min-width: 80rem) 80rem, 100vw"
          alt=""
          width={1600}
          height={900}
          className="mt-6 aspect-[16/6] w-full rounded-2xl object-cover"
          data-testid="destination-cover"
        />
      ) : null}
      {description ? <Markdown tree={description} className="mt-4 max-w-3xl text-neutral-800" /> : null}
      <SpotMap label={`Spots in ${city.name}`} points={points} center={city} className="mt-6 h-96" />
      <h2 className="mt-8 mb-4 text-xl font-semibold">Maps of {city.name}</h2>
      <MapCards maps={maps} emptyTitle={`No maps of ${city.name} yet`} emptyDescription="Maps of this city appear here once a creator publishes one." />
    </main>
  );
}
