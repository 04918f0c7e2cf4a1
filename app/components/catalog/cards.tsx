import { href, Link } from "react-router";
import { CoverArt } from "~/components/cover-art";
import { EmptyState } from "~/components/ui/empty-state";
import { countryName } from "~/lib/country";
import { creatorPath } from "~/lib/paths";
import { plural } from "~/lib/plural";
import { Avatar } from "~/components/layout/avatar";
import type { CreatorSummary, DestinationSummary, MapSummary } from "~/modules/catalog/catalog.server";
import type { FeaturedDestination } from "~/modules/destinations/featured-destinations.server";
import { coverSrcSet } from "~/modules/images/variants";

const mapPage = (map: MapSummary) => href("/maps/:mapId", { mapId: map.currentSlug });

/** Map cards: cover, title, city and spot count, summary, creator. */
export function MapCards({
  maps,
  emptyTitle,
  emptyDescription,
  href = mapPage,
}: {
  maps: MapSummary[];
  emptyTitle: string;
  emptyDescription: string;
  /** Where a card leads: the public map page, or the map inside My Atlas. */
  href?: (map: MapSummary) => string;
}) {
  if (maps.length === 0) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 wide:grid-cols-4" data-testid="map-cards">
      {maps.map((m) => (
        <li key={m.id} className="group overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm">
          <Link to={href(m)} className="block">
            {m.coverImageUrl ? (
              <img
                src={m.coverImageUrl}
                srcSet={coverSrcSet(m.coverImageUrl)}
                sizes="(min-width: 57.5625rem) 25vw, (min-width: 40rem) 50vw, 100vw"
                alt=""
                width={480}
                height={270}
                loading="lazy"
                className="aspect-video w-full object-cover"
              />
            ) : (
              <CoverArt seed={m.id} className="aspect-video w-full" />
            )}
            <div className="p-4">
              <h3 className="font-semibold group-hover:underline">{m.title}</h3>
              <p className="mt-1 text-sm text-neutral-600">
                {m.cityName ? `${m.cityName}, ${countryName(m.country)} · ` : ""}
                {plural(m.spotCount, "spot")}
              </p>
              {m.summary ? <p className="mt-2 line-clamp-2 text-sm text-neutral-700">{m.summary}</p> : null}
            </div>
          </Link>
          {m.creatorHandle ? (
            <p className="px-4 pb-4 text-sm">
              by{" "}
              <Link className="font-medium text-brand-700 hover:underline" to={creatorPath(m.creatorHandle)}>
                {m.creatorName ?? `@${m.creatorHandle}`}
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function CreatorCards({ creators }: { creators: CreatorSummary[] }) {
  if (creators.length === 0) return <EmptyState title="No creators yet" description="Creators appear here once they publish a map." />;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 wide:grid-cols-3" data-testid="creator-cards">
      {creators.map((c) => (
        <li key={c.handle} className="min-w-0">
          <Link to={creatorPath(c.handle!)} className="flex gap-4 rounded-2xl border border-neutral-200 p-4 hover:border-brand-500">
            <Avatar src={c.profileImageUrl} size={56} />
            {/* min-w-0 and wrap-anywhere: a long handle or name wraps instead of widening a phone's page. */}
            <span className="min-w-0 wrap-anywhere">
              <span className="block font-semibold">{c.displayName}</span>
              <span className="block text-sm text-neutral-500">
                @{c.handle} · {plural(c.mapCount, "map")}
              </span>
              {c.bioText ? <span className="mt-1 line-clamp-2 block text-sm text-neutral-700">{c.bioText}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function DestinationChips({ destinations }: { destinations: DestinationSummary[] }) {
  if (destinations.length === 0) return <EmptyState title="No destinations yet" description="Cities appear here once a map covers them." />;
  return (
    <ul className="flex flex-wrap gap-3" data-testid="destination-chips">
      {destinations.map((d) => (
        <li key={d.id}>
          <Link
            to={href("/destinations/:id", { id: String(d.id) })}
            className="inline-flex items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 text-sm hover:border-brand-500 hover:bg-brand-50"
          >
            <span className="font-medium">{d.name}</span>
            <span className="text-neutral-500">{countryName(d.country)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Featured destinations (the back office's choice and order): cover, name, country, map count. */
export function DestinationCards({ destinations }: { destinations: FeaturedDestination[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 wide:grid-cols-4" data-testid="featured-destinations">
      {destinations.map((d) => (
        <li key={d.id} className="group overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm">
          <Link to={href("/destinations/:id", { id: String(d.id) })} className="block">
            {d.coverImageUrl ? (
              <img
                src={d.coverImageUrl}
                srcSet={coverSrcSet(d.coverImageUrl)}
                sizes="(min-width: 57.5625rem) 25vw, (min-width: 40rem) 33vw, 50vw"
                alt=""
                width={480}
                height={270}
                loading="lazy"
                className="aspect-video w-full object-cover"
              />
            ) : (
              <CoverArt seed={String(d.id)} className="aspect-video w-full" />
            )}
            <div className="p-3">
              <p className="font-semibold group-hover:underline">{d.name}</p>
              <p className="text-sm text-neutral-600">
                {countryName(d.country)}
                {d.mapCount ? ` · ${plural(d.mapCount, "map")}` : ""}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
