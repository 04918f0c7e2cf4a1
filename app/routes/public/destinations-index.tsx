import { DestinationCards, DestinationChips } from "~/components/catalog/cards";
import { dbContext } from "~/lib/db-context.server";
import { destinationsWithMaps } from "~/modules/catalog/catalog.server";
import { featuredDestinations } from "~/modules/destinations/index.server";
import type { Route } from "./+types/destinations-index";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [featured, destinations] = await Promise.all([featuredDestinations(db, { limit: 48 }), destinationsWithMaps(db, { limit: 500 })]);
  return { featured, destinations };
}

export const meta: Route.MetaFunction = () => [{ title: "Destinations" }, { name: "description", content: "Cities with curated maps." }];

/** /destinations: the featured destinations first (the back office's order), then every city that has published maps. */
export default function DestinationsIndex({ loaderData }: Route.ComponentProps) {
  const { featured, destinations } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Destinations</h1>
      {featured.length ? (
        <section aria-labelledby="featured-heading" className="mb-10">
          <h2 id="featured-heading" className="mb-4 text-xl font-semibold">
            Featured
          </h2>
          <DestinationCards destinations={featured} />
        </section>
      ) : null}
      <section aria-labelledby="all-heading">
        {featured.length ? (
          <h2 id="all-heading" className="mb-4 text-xl font-semibold">
            All destinations with maps
          </h2>
        ) : (
          <h2 id="all-heading" className="sr-only">
            All destinations with maps
          </h2>
        )}
        <DestinationChips destinations={destinations} />
      </section>
    </main>
  );
}
