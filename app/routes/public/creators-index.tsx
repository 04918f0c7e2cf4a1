import { CreatorCards } from "~/components/catalog/cards";
import { dbContext } from "~/lib/db-context.server";
import { publishedCreators } from "~/modules/catalog/catalog.server";
import type { Route } from "./+types/creators-index";

export async function loader({ context }: Route.LoaderArgs) {
  return { creators: await publishedCreators(context.get(dbContext), { limit: 120 }) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Creators" },
  { name: "description", content: "The creators who publish maps of the places they recommend." },
];

/** /creators: published creators with at least one published map. */
export default function CreatorsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Creators</h1>
      <CreatorCards creators={loaderData.creators} />
    </main>
  );
}
