import { ArrowRight, Compass, Search } from "lucide-react";
import { sharedPublicData } from "~/modules/page-cache/index.server";
import { Form, href, Link } from "react-router";
import { CreatorCards, DestinationCards, MapCards } from "~/components/catalog/cards";
import { ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { homeFeed } from "~/modules/catalog/home-feed.server";
import { publicConfig } from "~/modules/site/public-config.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  // Public content only, the same for every viewer: read once per content version (issue 27).
  return { feed: await sharedPublicData(db, "home-feed", () => homeFeed(db)), productName: publicConfig().productName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData?.productName ?? "Spotfolio";
  const description = "Curated maps of the places worth your time, from creators who know their cities. Explore, search and save spots to your Atlas.";
  return [
    { title: `${name} — curated maps of the places worth your time` },
    { name: "description", content: description },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featuredMaps, creators, destinations } = loaderData.feed;
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 wide:py-24">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight wide:text-5xl">Maps of the places worth your time, made by people who know them.</h1>
          <p className="mt-4 max-w-2xl text-lg text-neutral-700">
            Creators publish curated maps of the spots they recommend. Explore them, search across cities, and save what you love to your Atlas.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <ButtonLink to={href("/explore")} size="xl" className="inline-flex items-center gap-2">
              <Compass aria-hidden className="size-5" /> Start exploring
            </ButtonLink>
            <Form method="get" action={href("/search")} role="search" className="relative w-full max-w-sm">
              <label htmlFor="home-search" className="sr-only">
                Search maps, spots, creators and destinations
              </label>
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
              <input
                id="home-search"
                name="q"
                type="search"
                placeholder="Try “tapas”, “Lisbon” or “coffee”"
                className="h-12 w-full rounded-full border border-neutral-300 bg-white pr-4 pl-9 outline-none focus:border-brand-500"
              />
            </Form>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-maps" className="mx-auto max-w-7xl px-4 py-10">
        <SectionHeading id="featured-maps" title="Featured maps" to={href("/maps")} linkLabel="All maps" />
        <MapCards maps={featuredMaps} emptyTitle="No maps published yet" emptyDescription="Creators' maps appear here as soon as they are published." />
      </section>

      {destinations.length ? (
        <section aria-labelledby="destinations" className="mx-auto max-w-7xl px-4 py-10">
          <SectionHeading id="destinations" title="Destinations" to={href("/destinations")} linkLabel="All destinations" />
          <DestinationCards destinations={destinations} />
        </section>
      ) : null}

      {creators.length ? (
        <section aria-labelledby="creators" className="mx-auto max-w-7xl px-4 py-10">
          <SectionHeading id="creators" title="Creators" to={href("/creators")} linkLabel="All creators" />
          <CreatorCards creators={creators} />
        </section>
      ) : null}

      <section aria-labelledby="become-creator" className="mx-auto max-w-7xl px-4 py-10" data-testid="home-become-creator">
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-brand-50 p-6">
          <div className="max-w-2xl">
            <h2 id="become-creator" className="text-2xl font-bold">
              Know places worth sharing?
            </h2>
            <p className="mt-2 text-neutral-700">Publish your maps, build a following and get paid by the people who use them.</p>
          </div>
          <ButtonLink to={href("/creators/apply")} size="lg" className="inline-flex items-center">
            Become a creator
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}

function SectionHeading({ id, title, to, linkLabel }: { id: string; title: string; to: string; linkLabel: string }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        {linkLabel} <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}
