import { MapCards } from "~/components/catalog/cards";
import { countryName } from "~/lib/country";
import { getDb } from "~/lib/db.server";
import { notFound, routeValidationFailed } from "~/lib/http-errors";
import { findDestination, publishedMaps } from "~/modules/catalog/catalog.server";
import type { Route } from "./+types/destination-page";

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) routeValidationFailed(request);
  const db = await getDb();
  const city = await findDestination(db, Number(params.id));
  if (!city) notFound(request);
  return { city, maps: await publishedMaps(db, { limit: 96, cityId: city.id }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.city.name}, ${countryName(loaderData.city.country)}` },
        { name: "description", content: `Curated maps of ${loaderData.city.name}.` },
      ]
    : [];

/** /destinations/{id}: a city and its maps. */
export default function DestinationPage({ loaderData }: Route.ComponentProps) {
  const { city, maps } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{city.name}</h1>
      <p className="mt-1 text-neutral-600">{countryName(city.country)}</p>
      <h2 className="mt-8 mb-4 text-xl font-semibold">Maps of {city.name}</h2>
      <MapCards maps={maps} emptyTitle={`No maps of ${city.name} yet`} emptyDescription="Maps of this city appear here once a creator publishes one." />
    </main>
  );
}
