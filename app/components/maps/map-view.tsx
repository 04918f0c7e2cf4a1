/**
 * A map as a visitor reads it: cover, title, summary, creator and city, then
 * its spots beside the interactive map. Shared by /maps/{map} and My Atlas,
 * which differ only in where a spot leads.
 */
import { MapPin } from "lucide-react";
import { href, Link } from "react-router";
import { BookmarkButton } from "~/components/atlas/bookmark-button";
import { CoverArt } from "~/components/cover-art";
import { Avatar } from "~/components/layout/avatar";
import { MapDownloads } from "~/components/maps/map-downloads";
import { SpotsWithMap } from "~/components/maps/spots-with-map";
import { CategoryFilter } from "~/components/maps/category-filter";
import { PinIconSprite } from "~/components/map/pin-icons";
import { FollowButton } from "~/components/creators/follow-button";
import { SupportButton } from "~/components/memberships/support-button";
import { DEFAULT_PIN, type PinStyle } from "~/modules/categories";
import { countryName } from "~/lib/country";
import { creatorPath } from "~/lib/paths";
import type { MapPage } from "~/modules/maps/map-page.server";
import type { GatedSpot } from "~/modules/spots/gated-spot";
import { plural } from "~/lib/plural";
import { coverSrcSet } from "~/modules/images/variants";

export function creatorNameOf(map: MapPage["map"]): string {
  return map.creator.displayName ?? `@${map.creator.handle ?? ""}`;
}

export function MapView({ page, spotHref, children }: { page: MapPage; spotHref: (spot: GatedSpot) => string; children?: React.ReactNode }) {
  const { map, spots, categories } = page;
  const creatorName = creatorNameOf(map);
  const pins = new Map<string, PinStyle>(categories.map((c) => [c.slug, c.pin]));
  const pinOf = (spot: GatedSpot) => (spot.category ? pins.get(spot.category.slug) : undefined) ?? DEFAULT_PIN;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      {/* The pins' and chips' icons, once for the page. */}
      <PinIconSprite icons={[DEFAULT_PIN.icon, ...categories.map((c) => c.pin.icon)]} />
      {children}
      {/* One shrinkable column on a phone, and long words wrap: a long title or handle never widens the page. */}
      <div className="grid grid-cols-1 gap-6 wide:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] wide:items-end">
        <div className="overflow-hidden rounded-2xl">
          {map.coverImageUrl ? (
            <img
              src={map.coverImageUrl}
              srcSet={coverSrcSet(map.coverImageUrl)}
              sizes="(min-width: 57.5625rem) 40vw, 100vw"
              alt=""
              className="aspect-[16/9] w-full object-cover"
            />
          ) : (
            <CoverArt seed={map.id} className="aspect-[16/9] w-full" />
          )}
        </div>
        <header className="min-w-0 wrap-anywhere">
          {map.isPublished ? null : (
            <p className="mb-2 inline-block rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold">Draft: only you can see this map</p>
          )}
          <h1 className="text-3xl font-bold tracking-tight">{map.title}</h1>
          {map.summary ? <p className="mt-2 max-w-3xl text-lg text-neutral-700">{map.summary}</p> : null}
          <div className="mt-4 flex flex-wrap items-center gap-4 text-sm text-neutral-700">
            {map.creator.handle ? (
              <Link to={creatorPath(map.creator.handle)} className="flex items-center gap-2 font-medium hover:underline" data-testid="map-creator">
                <Avatar src={map.creator.profileImageUrl} size={32} /> {creatorName}
              </Link>
            ) : null}
            {map.city ? (
              <Link to={href("/destinations/:id", { id: String(map.city.id) })} className="flex items-center gap-1 hover:underline">
                <MapPin aria-hidden className="size-4" /> {map.city.name}, {countryName(map.city.country)}
              </Link>
            ) : null}
            <span>{plural(page.total, "spot")}</span>
            <span className="ml-auto">
              <BookmarkButton kind="map" id={map.id} label={map.title} />
            </span>
          </div>
          {/* The creator's own buttons, as on their profile: a visitor taken by the map follows or supports them here. */}
          {map.isPublished && map.creator.handle ? (
            <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="map-creator-actions">
              <FollowButton creatorId={map.creator.id} />
              <SupportButton creator={{ id: map.creator.id, handle: map.creator.handle, displayName: map.creator.displayName }} />
            </div>
          ) : null}
          <div className="mt-3">
            <MapDownloads map={map} locked={page.locked.premium + page.locked.supporters} />
          </div>
        </header>
      </div>

      <section aria-labelledby="map-spots" className="mt-8">
        <h2 id="map-spots" className="mb-4 text-xl font-semibold">
          Spots
        </h2>
        {categories.length > 0 ? <CategoryFilter categories={categories} active={page.category} total={page.total} /> : null}
        <SpotsWithMap spots={spots} creatorName={creatorName} spotHref={spotHref} mapLabel={`Map of ${map.title}`} pinOf={pinOf} nearMe />
      </section>
    </main>
  );
}
