import { ArrowRight, Compass, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { CoverArt } from "~/components/cover-art";
import { EmptyState } from "~/components/ui/empty-state";
import { countryName } from "~/lib/country";
import { getDb } from "~/lib/db.server";
import { urls } from "~/lib/urls";
import { homeFeed } from "~/modules/home/home.server";
import { publicConfig } from "~/lib/public-config.server";
import type { Route } from "./+types/home";

export async function loader() {
  return { feed: await homeFeed(await getDb()), productName: publicConfig().productName };
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
            <Link to="/explore" className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
              <Compass aria-hidden className="size-5" /> Start exploring
            </Link>
            <Form method="get" action="/search" role="search" className="relative w-full max-w-sm">
              <label htmlFor="home-search" className="sr-only">Search maps, spots, creators and destinations</label>
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
              <input id="home-search" name="q" type="search" placeholder="Try “tapas”, “Lisbon” or “coffee”" className="h-12 w-full rounded-full border border-neutral-300 bg-white pr-4 pl-9 outline-none focus:border-brand-500" />
            </Form>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-maps" className="mx-auto max-w-7xl px-4 py-10">
        <SectionHeading id="featured-maps" title="Featured maps" to="/maps" linkLabel="All maps" />
        {featuredMaps.length === 0 ? (
          <EmptyState title="No maps published yet" description="Creators' maps appear here as soon as they are published." />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 wide:grid-cols-4">
            {featuredMaps.map((m) => (
              <li key={m.id} className="group overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm">
                <Link to={urls.map(m)} className="block">
                  {m.coverImageUrl ? (
                    <img src={m.coverImageUrl} alt="" width={480} height={270} loading="lazy" className="aspect-video w-full object-cover" />
                  ) : (
                    <CoverArt seed={m.id} className="aspect-video w-full" />
                  )}
                  <div className="p-4">
                    <h3 className="font-semibold group-hover:underline">{m.title}</h3>
                    <p className="mt-1 text-sm text-neutral-600">
                      {m.cityName ? `${m.cityName}, ${countryName(m.country)} · ` : ""}
                      {m.spotCount} spots
                    </p>
                    {m.summary ? <p className="mt-2 line-clamp-2 text-sm text-neutral-700">{m.summary}</p> : null}
                  </div>
                </Link>
                {m.creatorHandle ? (
                  <p className="px-4 pb-4 text-sm">
                    by <Link className="font-medium text-brand-700 hover:underline" to={urls.creator({ handle: m.creatorHandle })}>{m.creatorName ?? `@${m.creatorHandle}`}</Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {destinations.length ? (
        <section aria-labelledby="destinations" className="mx-auto max-w-7xl px-4 py-10">
          <SectionHeading id="destinations" title="Destinations" to="/destinations" linkLabel="All destinations" />
          <ul className="flex flex-wrap gap-3">
            {destinations.map((d) => (
              <li key={d.id}>
                <Link to={urls.destination(d)} className="inline-flex items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 text-sm hover:border-brand-500 hover:bg-brand-50">
                  <span className="font-medium">{d.name}</span>
                  <span className="text-neutral-500">{countryName(d.country)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {creators.length ? (
        <section aria-labelledby="creators" className="mx-auto max-w-7xl px-4 py-10">
          <SectionHeading id="creators" title="Creators" to="/creators" linkLabel="All creators" />
          <ul className="grid gap-4 sm:grid-cols-2 wide:grid-cols-3">
            {creators.map((c) => (
              <li key={c.handle}>
                <Link to={urls.creator({ handle: c.handle! })} className="flex gap-4 rounded-2xl border border-neutral-200 p-4 hover:border-brand-500">
                  <span aria-hidden className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-100 text-lg font-bold text-brand-700">
                    {(c.displayName ?? c.handle ?? "?").charAt(0).toUpperCase()}
                  </span>
                  <span>
                    <span className="block font-semibold">{c.displayName}</span>
                    <span className="block text-sm text-neutral-500">@{c.handle} · {c.mapCount} {c.mapCount === 1 ? "map" : "maps"}</span>
                    {c.bioText ? <span className="mt-1 line-clamp-2 block text-sm text-neutral-700">{c.bioText}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

function SectionHeading({ id, title, to, linkLabel }: { id: string; title: string; to: string; linkLabel: string }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold">{title}</h2>
      <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        {linkLabel} <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}
