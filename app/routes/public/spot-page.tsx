import { ArrowLeft, ArrowRight, MapPin, Navigation } from "lucide-react";
import { Link } from "react-router";
import { BookmarkButton } from "~/components/atlas/bookmark-button";
import { LockedBadge, lockedText } from "~/components/maps/locked-note";
import { siteUrl } from "~/lib/site-url.server";
import { urls } from "~/lib/urls";
import { spotPageForRoute } from "~/modules/maps/load-for-route.server";
import type { Route } from "./+types/spot-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await spotPageForRoute(request, context, params.mapId, params.spotId);
  return { ...page, canonical: `${siteUrl(request)}${urls.spot(page.map, page.spot)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { spot, map, canonical } = loaderData;
  // A locked spot's tags say no more than its teaser.
  const description = spot.locked ? `${spot.name}, a spot on ${map.title}.` : (spot.summary ?? `${spot.name}, a spot on ${map.title}.`);
  return [
    { title: `${spot.name} · ${map.title}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: spot.name },
    { property: "og:description", content: description },
    ...(!spot.locked && spot.coverImageUrl ? [{ property: "og:image", content: spot.coverImageUrl }] : []),
    ...(spot.locked || !map.isPublished ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

/** /maps/{mapId}/spots/{spotId}: one spot, in full or as a locked teaser. */
export default function SpotPage({ loaderData }: Route.ComponentProps) {
  const { map, spot, previous, next } = loaderData;
  const creatorName = map.creator.displayName ?? `@${map.creator.handle ?? ""}`;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Link to={urls.map(map)} preventScrollReset className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> {map.title}
      </Link>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        <h1 className="flex-1 text-3xl font-bold tracking-tight">{spot.name}</h1>
        <BookmarkButton kind="spot" id={spot.id} label={spot.name} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
        {spot.category ? <span>{spot.category.name}</span> : null}
        {spot.locked ? <LockedBadge visibility={spot.visibility} creator={creatorName} /> : null}
      </div>

      {spot.locked ? (
        <section className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6" data-testid="locked-spot">
          <h2 className="text-lg font-semibold">{lockedText(spot.visibility, creatorName)}</h2>
          <p className="mt-2 text-neutral-800">
            {creatorName} shares the details of this spot with{" "}
            {spot.visibility === "supporters" ? "the people who support them" : "Premium members"}: why it is worth the trip, the exact
            place, photos and directions.
          </p>
          <p className="mt-3 flex items-center gap-1 text-sm text-neutral-700">
            <MapPin aria-hidden className="size-4" /> Approximate area{map.city ? `: ${map.city.name}` : ""} ({spot.approxLat}, {spot.approxLng})
          </p>
        </section>
      ) : (
        <article className="mt-6 space-y-5">
          {spot.coverImageUrl ? <img src={spot.coverImageUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" /> : null}
          {spot.summary ? <p className="text-lg text-neutral-800">{spot.summary}</p> : null}
          {spot.description ? <p className="whitespace-pre-line leading-relaxed text-neutral-800">{spot.description}</p> : null}
          {spot.photos.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
              {spot.photos.map((photo) => (
                <li key={photo}>
                  <img src={photo} alt="" loading="lazy" className="aspect-square w-full rounded-xl object-cover" />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-neutral-200 p-4">
            {spot.address ? (
              <p className="flex items-center gap-2 text-neutral-800" data-testid="spot-address">
                <MapPin aria-hidden className="size-4 text-neutral-500" /> {spot.address}
              </p>
            ) : null}
            <a href={spot.directionsUrl} target="_blank" rel="noopener noreferrer" className="ml-auto inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              <Navigation aria-hidden className="size-4" /> Directions
            </a>
          </div>
        </article>
      )}

      <nav aria-label="More spots on this map" className="mt-10 flex justify-between gap-4 text-sm">
        {previous ? (
          <Link to={urls.spot(map, previous)} preventScrollReset className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
            <ArrowLeft aria-hidden className="size-4" /> {previous.name}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={urls.spot(map, next)} preventScrollReset className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
            {next.name} <ArrowRight aria-hidden className="size-4" />
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
