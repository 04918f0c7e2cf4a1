/** Explore, map-first: filters, the page of spots, and all matching spots on the map, linked both ways. */
import { useMemo } from "react";
import { Search } from "lucide-react";
import { Form, href, Link, useSearchParams } from "react-router";
import { pointsOf, type MapPoint } from "~/components/map/map-points";
import { SpotMap } from "~/components/map/spot-map";
import { useLinkedList } from "~/components/map/use-linked-list";
import { LockedBadge } from "~/components/maps/locked-note";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import type { ExploreSpot } from "~/modules/spots/explore.server";
import { NearMeButton } from "./near-me-button";
import { plural } from "~/lib/plural";

interface Props {
  total: number;
  onMap: ExploreSpot[];
  page: ExploreSpot[];
  pages: number;
  current: number;
  categories: { slug: string; name: string; spotCount: number }[];
  category: string | null;
  /** The words the spots are filtered by, if any. */
  q: string | null;
  problem: string | null;
}

const chip = (active: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${active ? "border-ink bg-ink text-white" : "border-neutral-300 hover:border-brand-500"}`;

export function ExploreView({ total, onMap, page, pages, current, categories, category, q, problem }: Props) {
  const [params] = useSearchParams();
  const { selectedId, selectFromMap, rowProps, linkProps } = useLinkedList();
  const points = useMemo<MapPoint[]>(() => pointsOf(onMap, (s) => href("/explore/:spotSlug", { spotSlug: s.ref })), [onMap]);
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    return next.size ? `?${next}` : href("/explore");
  };

  return (
    <main className="mx-auto max-w-[100rem] px-4 py-6">
      {/* One column that may be narrower than its content (the chips scroll inside it), so the page fits 320 px. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 wide:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SpotMap
          label="Map of spots to explore"
          points={points}
          selectedId={selectedId}
          onSelect={selectFromMap}
          className="h-80 wide:sticky wide:top-24 wide:order-2 wide:h-[calc(100vh-8rem)]"
        />
        <div className="wide:order-1">
          <h1 className="text-3xl font-bold">Explore</h1>
          <p className="mt-1 text-neutral-700">
            {plural(total, "spot")} recommended by our creators
            {params.has("near") ? ", nearest first" : ""}.
          </p>
          {problem ? (
            <p role="alert" className="mt-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900">
              {problem}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col gap-3">
            {/* A plain GET form: works before JavaScript runs; the category and "near me" stay. */}
            <Form method="get" role="search" className="relative" key={q ?? ""}>
              <label htmlFor="explore-q" className="sr-only">
                Find spots
              </label>
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
              <input
                id="explore-q"
                name="q"
                type="search"
                defaultValue={q ?? ""}
                placeholder="Find spots by name or words"
                className="h-10 w-full rounded-full border border-neutral-300 pr-4 pl-9 text-sm outline-none focus:border-brand-500"
              />
              {category ? <input type="hidden" name="category" value={category} /> : null}
              {params.get("near") ? <input type="hidden" name="near" value={params.get("near")!} /> : null}
            </Form>
            <NearMeButton />
            <nav aria-label="Categories" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
              <Link to={withParams({ category: null, page: null })} className={chip(!category)} aria-current={!category ? "page" : undefined}>
                All
              </Link>
              {categories.map((c) => (
                <Link
                  key={c.slug}
                  to={withParams({ category: c.slug, page: null })}
                  className={chip(category === c.slug)}
                  aria-current={category === c.slug ? "page" : undefined}
                >
                  {c.name}
                </Link>
              ))}
            </nav>
          </div>

          {page.length === 0 ? (
            <div className="mt-6">
              <EmptyState
                title={q ? `No spots found for “${q}”` : "No spots here yet"}
                description={q ? "Try other words, another category, or browse the curated maps." : "Try another category, or browse the curated maps."}
                action={
                  <Link to={href("/maps")} className="font-semibold text-brand-700 hover:underline">
                    Browse maps
                  </Link>
                }
              />
            </div>
          ) : (
            <ul className="mt-6 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-testid="explore-list">
              {page.map((spot) => (
                <li key={spot.id} {...rowProps(spot.id)} className="data-[selected=true]:bg-brand-50">
                  <Link
                    to={href("/explore/:spotSlug", { spotSlug: spot.ref })}
                    {...linkProps(spot.id)}
                    className="block px-4 py-3 hover:bg-neutral-50"
                    data-testid="explore-row"
                  >
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="font-medium">{spot.name}</span>
                      {spot.distanceKm !== null ? <span className="shrink-0 text-sm text-neutral-600">{spot.distanceKm} km</span> : null}
                    </span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                      <span>{spot.map.title}</span>
                      {spot.category ? <span>· {spot.category.name}</span> : null}
                      {spot.locked ? <LockedBadge visibility={spot.visibility} creator="its creator" /> : null}
                    </span>
                    {!spot.locked && spot.summary ? <span className="mt-1 block text-sm text-neutral-700">{spot.summary}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}

          <Pager current={current} pages={pages} pageHref={(page) => withParams({ page: page === 1 ? null : String(page) })} />
        </div>
      </div>
    </main>
  );
}
