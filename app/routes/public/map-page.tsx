import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { BookmarkButton } from "~/components/atlas/bookmark-button";
import { CoverArt } from "~/components/cover-art";
import { Avatar } from "~/components/layout/avatar";
import { LockedBadge } from "~/components/maps/locked-note";
import { EmptyState } from "~/components/ui/empty-state";
import { countryName } from "~/lib/country";
import { siteUrl } from "~/lib/site-url.server";
import { urls } from "~/lib/urls";
import { mapPageForRoute } from "~/modules/maps/load-for-route.server";
import type { Route } from "./+types/map-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await mapPageForRoute(request, context, params.mapId);
  return { ...page, canonical: `${siteUrl(request)}${urls.map(page.map)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { map, canonical } = loaderData;
  const by = map.creator.displayName ?? (map.creator.handle ? `@${map.creator.handle}` : "");
  const description = map.summary ?? `${map.title}${by ? ` by ${by}` : ""}: a curated map of ${loaderData.spots.length} spots.`;
  return [
    { title: map.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: map.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    ...(map.coverImageUrl ? [{ property: "og:image", content: map.coverImageUrl }] : []),
    { name: "twitter:card", content: map.coverImageUrl ? "summary_large_image" : "summary" },
    ...(map.isPublished ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

/** /maps/{mapId}: the map's header and its spots in the creator's order. */
export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { map, spots } = loaderData;
  const creatorName = map.creator.displayName ?? `@${map.creator.handle ?? ""}`;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="overflow-hidden rounded-2xl">
        {map.coverImageUrl ? (
          <img src={map.coverImageUrl} alt="" className="aspect-[16/7] w-full object-cover" />
        ) : (
          <CoverArt seed={map.id} className="aspect-[16/7] w-full" />
        )}
      </div>
      <header className="mt-6">
        {map.isPublished ? null : <p className="mb-2 inline-block rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold">Draft: only you can see this map</p>}
        <h1 className="text-3xl font-bold tracking-tight">{map.title}</h1>
        {map.summary ? <p className="mt-2 max-w-3xl text-lg text-neutral-700">{map.summary}</p> : null}
        <div className="mt-4 flex flex-wrap items-center gap-4 text-sm text-neutral-700">
          {map.creator.handle ? (
            <Link to={urls.creator({ handle: map.creator.handle })} className="flex items-center gap-2 font-medium hover:underline" data-testid="map-creator">
              <Avatar src={map.creator.profileImageUrl} size={32} /> {creatorName}
            </Link>
          ) : null}
          {map.city ? (
            <Link to={urls.destination(map.city)} className="flex items-center gap-1 hover:underline">
              <MapPin aria-hidden className="size-4" /> {map.city.name}, {countryName(map.city.country)}
            </Link>
          ) : null}
          <span>
            {spots.length} {spots.length === 1 ? "spot" : "spots"}
          </span>
          <span className="ml-auto">
            <BookmarkButton kind="map" id={map.id} label={map.title} />
          </span>
        </div>
      </header>

      <section aria-labelledby="map-spots" className="mt-8">
        <h2 id="map-spots" className="mb-4 text-xl font-semibold">
          Spots
        </h2>
        {spots.length === 0 ? (
          <EmptyState title="No spots yet" description="The creator has not added spots to this map yet." />
        ) : (
          <ol className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-testid="spot-list">
            {spots.map((spot, index) => (
              <li key={spot.id}>
                <Link to={urls.spot(map, spot)} preventScrollReset className="flex items-start gap-4 px-4 py-3 hover:bg-neutral-50" data-testid="spot-row">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">{index + 1}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{spot.name}</span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                      {spot.category ? <span>{spot.category.name}</span> : null}
                      {spot.locked ? <LockedBadge visibility={spot.visibility} creator={creatorName} /> : null}
                    </span>
                    {!spot.locked && spot.summary ? <span className="mt-1 block text-sm text-neutral-700">{spot.summary}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
