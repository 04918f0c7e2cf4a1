import { href, Link } from "react-router";
import { CoverArt } from "~/components/cover-art";
import { LockedBadge } from "~/components/maps/locked-note";
import { EmptyState } from "~/components/ui/empty-state";
import { spotPath } from "~/lib/paths";
import type { CreatorMapCard } from "~/modules/creators/creator-page.server";
import type { SpotOnMap } from "~/modules/spots/gated-spot";
import { plural } from "~/lib/plural";
import { coverSrcSet } from "~/modules/images/variants";

export function CreatorMapGrid({ maps }: { maps: CreatorMapCard[] }) {
  if (maps.length === 0) return <EmptyState title="No maps yet" description="Published maps will appear here." />;
  return (
    <ul className="grid gap-5 sm:grid-cols-2 wide:grid-cols-3" data-testid="creator-maps">
      {maps.map((map) => (
        <li key={map.id}>
          <Link to={href("/maps/:mapId", { mapId: map.currentSlug })} className="block overflow-hidden rounded-2xl border border-neutral-200 hover:shadow-md">
            {map.coverImageUrl ? (
              <img
                src={map.coverImageUrl}
                srcSet={coverSrcSet(map.coverImageUrl)}
                sizes="(min-width: 57.5625rem) 33vw, (min-width: 40rem) 50vw, 100vw"
                alt=""
                className="aspect-video w-full object-cover"
              />
            ) : (
              <CoverArt seed={map.id} className="aspect-video w-full" />
            )}
            <span className="block p-4">
              <span className="block font-semibold">{map.title}</span>
              <span className="mt-1 block text-sm text-neutral-600">{plural(map.spotCount, "spot")}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Spots with their map; `href` sends them elsewhere than the map's spot page (My Atlas). */
export function CreatorSpotList({ spots, creatorName, href }: { spots: SpotOnMap[]; creatorName: string; href?: (spot: SpotOnMap) => string }) {
  if (spots.length === 0) return <EmptyState title="No spots yet" description="Spots on published maps will appear here." />;
  return (
    <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-testid="creator-spots">
      {spots.map((spot) => (
        <li key={spot.id}>
          <Link to={href ? href(spot) : spotPath(spot.map, spot)} className="block px-4 py-3 hover:bg-neutral-50">
            <span className="block font-medium">{spot.name}</span>
            <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
              <span>{spot.map.title}</span>
              {spot.category ? <span>· {spot.category.name}</span> : null}
              {spot.locked ? <LockedBadge visibility={spot.visibility} creator={creatorName} /> : null}
            </span>
            {!spot.locked && spot.summary ? <span className="mt-1 block text-sm text-neutral-700">{spot.summary}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
