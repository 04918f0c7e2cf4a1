import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import { LockedBadge } from "~/components/maps/locked-note";
import { EmptyState } from "~/components/ui/empty-state";
import { countryName } from "~/lib/country";
import { formatCount } from "~/modules/search/count";
import { dbContext } from "~/lib/db-context.server";
import { creatorPath, spotPath } from "~/lib/paths";
import { getViewer } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/gate";
import { search } from "~/modules/search/search.server";
import type { Route } from "./+types/search-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return search(context.get(dbContext), q, entitlementsOf(getViewer(context)));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query ? `Search: ${loaderData.query}` : "Search" },
  { name: "robots", content: "noindex" },
];

/** /search?q=: the full, shareable results page. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, spots, maps, creators, posts, destinations } = loaderData;
  const total = spots.count + maps.count + creators.count + posts.count + destinations.count;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Search</h1>
      <Form method="get" role="search" className="relative mt-4">
        <label htmlFor="search-page-q" className="sr-only">
          Search
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={query}
          key={query}
          placeholder="Search places, creators, destinations"
          className="h-12 w-full rounded-full border border-neutral-300 pr-4 pl-9 outline-none focus:border-brand-500"
        />
      </Form>
      {!query ? (
        <div className="mt-8">
          <EmptyState title="Search" description="Search for places, creators, destinations & more" />
        </div>
      ) : total === 0 ? (
        <div className="mt-8">
          <EmptyState title={`Nothing found for “${query}”`} description="Try another word, a city, or a creator's name." />
        </div>
      ) : (
        <div className="mt-8 space-y-10" data-testid="search-results">
          <Group id="spots" title="Spots" count={spots.count}>
            {spots.items.map((s) =>
              s.locked ? (
                <Row
                  key={s.id}
                  to={spotPath({ currentSlug: s.mapSlug }, s)}
                  title={s.name}
                  text={null}
                  badge={<LockedBadge visibility={s.visibility} creator="its creator" />}
                />
              ) : (
                <Row key={s.id} to={spotPath({ currentSlug: s.mapSlug }, s)} title={s.name} text={s.summary} />
              ),
            )}
          </Group>
          <Group id="maps" title="Maps" count={maps.count}>
            {maps.items.map((m) => (
              <Row key={m.id} to={href("/maps/:mapId", { mapId: m.currentSlug })} title={m.title} text={m.summary} />
            ))}
          </Group>
          <Group id="creators" title="Creators" count={creators.count}>
            {creators.items.map((c) => (
              <Row key={c.id} to={creatorPath(c.handle)} title={c.displayName ?? `@${c.handle}`} text={c.bioText} />
            ))}
          </Group>
          <Group id="posts" title="Posts" count={posts.count}>
            {posts.items.map((p) => (
              <Row
                key={p.id}
                to={href("/:atHandle/posts/:postSlug", { atHandle: `@${p.creator.handle}`, postSlug: p.slug })}
                title={p.title}
                text={`${p.creator.displayName ?? `@${p.creator.handle}`}${p.locked ? " · for members" : ""}${p.teaser ? ` · ${p.teaser}` : ""}`}
              />
            ))}
          </Group>
          <Group id="destinations" title="Destinations" count={destinations.count}>
            {destinations.items.map((d) => (
              <Row key={d.id} to={href("/destinations/:id", { id: String(d.id) })} title={d.name} text={countryName(d.country)} />
            ))}
          </Group>
        </div>
      )}
    </main>
  );
}

function Group({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={`results-${id}`} data-testid={`results-${id}`}>
      <h2 id={`results-${id}`} className="mb-3 flex items-center gap-2 text-xl font-semibold">
        {title} <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-sm font-medium text-neutral-700">{formatCount(count)}</span>
      </h2>
      <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">{children}</ul>
    </section>
  );
}

function Row({ to, title, text, badge }: { to: string; title: string; text: string | null; badge?: ReactNode }) {
  return (
    <li>
      <Link to={to} className="block px-4 py-3 hover:bg-neutral-50">
        <span className="block font-medium">{title}</span>
        {badge ? <span className="mt-1 block">{badge}</span> : null}
        {text ? <span className="mt-0.5 line-clamp-2 block text-sm text-neutral-600">{text}</span> : null}
      </Link>
    </li>
  );
}
