/**
 * One spot as a visitor reads it: in full (summary, description, photos,
 * address, website, directions, "Open in" links and its place on the map) or as a locked teaser (name,
 * category and approximate area only). Shared by the map's spot pages,
 * Explore and My Atlas, which differ only in where the links lead.
 */
import { ArrowLeft, ArrowRight, Globe, MapPin, Navigation } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { BookmarkButton } from "~/components/atlas/bookmark-button";
import { pointsOf, type MapPoint, type PlaceLabel } from "~/components/map/map-points";
import { SpotMap } from "~/components/map/spot-map";
import { LockedBadge, lockedText } from "~/components/maps/locked-note";
import { Markdown } from "~/components/markdown";
import { OpenInLinks } from "~/components/maps/open-in-links";
import { UnlockButton } from "~/components/memberships/support-button";
import { buttonClass } from "~/components/ui/button";
import type { SpotPage } from "~/modules/maps/map-page.server";
import { creatorNameOf } from "./map-view";

export interface SpotViewProps {
  page: SpotPage;
  /** The way back: the map, Explore or the Atlas list the spot was opened from. */
  back: { href: string; label: string };
  /** Previous and next spots of the map; omitted where the order means nothing. */
  neighbourHref?: (spot: { slug: string }) => string;
}

export function SpotView({ page, back, neighbourHref }: SpotViewProps) {
  const { map, spot, previous, next, others } = page;
  const creatorName = creatorNameOf(map);
  const website = spot.locked ? null : websiteOf(spot.website);
  const points = useMemo<MapPoint[]>(
    () => [
      spot.locked
        ? { id: spot.id, lat: spot.approxLat, lng: spot.approxLng, label: spot.name, locked: true }
        : { id: spot.id, lat: spot.lat, lng: spot.lng, label: spot.name },
    ],
    [spot],
  );
  // The map's other spots and its city, so that the one spot can be placed at a glance.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const context = useMemo(() => pointsOf(others, neighbourHref), [others]);
  const place = useMemo<PlaceLabel | undefined>(() => (map.city ? { name: map.city.name, lat: map.city.lat, lng: map.city.lng } : undefined), [map.city]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Link to={back.href} preventScrollReset className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> {back.label}
      </Link>
      <div className="mt-4 grid gap-8 wide:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <div className="flex flex-wrap items-start gap-4">
            <h1 className="min-w-0 flex-1 text-3xl font-bold tracking-tight wrap-anywhere">{spot.name}</h1>
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
                {creatorName} shares the details of this spot with {spot.visibility === "supporters" ? "the people who support them" : "Premium members"}: why
                it is worth the trip, the exact place, the address and directions.
              </p>
              <p className="mt-3 flex items-center gap-1 text-sm text-neutral-700">
                <MapPin aria-hidden className="size-4" /> Approximate area{map.city ? `: ${map.city.name}` : ""} ({spot.approxLat}, {spot.approxLng})
              </p>
              <UnlockButton
                visibility={spot.visibility}
                creator={map.creator.handle ? { id: map.creator.id, handle: map.creator.handle, displayName: map.creator.displayName } : null}
              />
            </section>
          ) : (
            <article className="mt-6 space-y-5">
              {spot.coverImageUrl ? <img src={spot.coverImageUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" /> : null}
              {spot.summary ? <p className="text-lg text-neutral-800">{spot.summary}</p> : null}
              {spot.description ? <Markdown tree={spot.description} className="text-neutral-800 [&>:first-child]:mt-0" /> : null}
              {spot.photos.length > 0 ? (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
                  {spot.photos.map((photo) => (
                    <li key={photo.src}>
                      <img
                        src={photo.src}
                        srcSet={photo.srcset || undefined}
                        sizes="(min-width: 640px) 33vw, 50vw"
                        alt={photo.alt}
                        width={photo.width || undefined}
                        height={photo.height || undefined}
                        loading="lazy"
                        className="aspect-square w-full rounded-xl object-cover"
                      />
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
                {website ? (
                  <a
                    href={website.href}
                    target="_blank"
                    rel="noopener noreferrer nofollow ugc"
                    className="flex min-w-0 items-center gap-2 font-medium break-all text-brand-700 hover:underline"
                    data-testid="spot-website"
                  >
                    <Globe aria-hidden className="size-4 shrink-0 text-neutral-500" /> {website.label}
                  </a>
                ) : null}
                <a
                  href={spot.directionsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass({ size: "sm", className: "ml-auto inline-flex items-center gap-2" })}
                >
                  <Navigation aria-hidden className="size-4" /> Directions
                </a>
              </div>
              <OpenInLinks spot={spot} />
            </article>
          )}

          {neighbourHref ? (
            <nav aria-label="More spots on this map" className="mt-10 flex justify-between gap-4 text-sm">
              {previous ? (
                <Link to={neighbourHref(previous)} preventScrollReset className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
                  <ArrowLeft aria-hidden className="size-4" /> {previous.name}
                </Link>
              ) : (
                <span />
              )}
              {next ? (
                <Link to={neighbourHref(next)} preventScrollReset className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
                  {next.name} <ArrowRight aria-hidden className="size-4" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
        <SpotMap
          label={`Where ${spot.name} is`}
          points={points}
          selectedId={spot.id}
          context={context}
          place={place}
          className="h-72 wide:sticky wide:top-24 wide:h-[28rem]"
        />
      </div>
    </main>
  );
}

/** The spot's web site as a link: http(s) only (the Studio and imports store nothing else), labelled by its host and path. */
function websiteOf(value: string | null): { href: string; label: string } | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
    return { href: url.toString(), label: `${url.hostname.replace(/^www\./, "")}${path}` };
  } catch {
    return null;
  }
}
