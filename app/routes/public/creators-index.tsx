import { href } from "react-router";
import { CreatorCards } from "~/components/catalog/cards";
import { ButtonLink } from "~/components/ui/button";
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

/** /creators: published creators with at least one published map, and the way to become one. */
export default function CreatorsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Creators</h1>
        <ButtonLink to={href("/creators/apply")} size="md" className="inline-flex items-center" data-testid="become-creator">
          Become a creator
        </ButtonLink>
      </div>
      <CreatorCards creators={loaderData.creators} />
    </main>
  );
}
