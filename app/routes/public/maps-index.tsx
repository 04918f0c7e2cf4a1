import { MapCards } from "~/components/catalog/cards";
import { dbContext } from "~/lib/db-context.server";
import { publishedMaps } from "~/modules/catalog/catalog.server";
import type { Route } from "./+types/maps-index";

export const MAPS_PAGE_LIMIT = 96;

export async function loader({ context }: Route.LoaderArgs) {
  return { maps: await publishedMaps(context.get(dbContext), { limit: MAPS_PAGE_LIMIT }) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Maps" },
  { name: "description", content: "Every published map: curated spots from creators who know their cities." },
];

/** /maps: every published map, newest first. */
export default function MapsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Maps</h1>
      <MapCards maps={loaderData.maps} emptyTitle="No maps published yet" emptyDescription="Creators' maps appear here as soon as they are published." />
    </main>
  );
}
