import { DestinationChips } from "~/components/catalog/cards";
import { dbContext } from "~/lib/db-context.server";
import { destinationsWithMaps } from "~/modules/catalog/catalog.server";
import type { Route } from "./+types/destinations-index";

export async function loader({ context }: Route.LoaderArgs) {
  return { destinations: await destinationsWithMaps(context.get(dbContext), { limit: 500 }) };
}

export const meta: Route.MetaFunction = () => [{ title: "Destinations" }, { name: "description", content: "Cities with curated maps." }];

/** /destinations: the cities that have published maps. */
export default function DestinationsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Destinations</h1>
      <DestinationChips destinations={loaderData.destinations} />
    </main>
  );
}
