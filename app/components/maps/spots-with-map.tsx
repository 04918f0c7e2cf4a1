/**
 * A map's spots (or a page of a creator's) as a list beside their map, linked
 * both ways: pointing at a row lights up its pin, and choosing a pin scrolls
 * to and marks its row.
 */
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { LockedBadge } from "~/components/maps/locked-note";
import { SpotMap } from "~/components/map/spot-map";
import { useLinkedList } from "~/components/map/use-linked-list";
import { EmptyState } from "~/components/ui/empty-state";
import type { GatedSpot } from "~/modules/spots/gated-spot";
import { pointsOf } from "~/components/map/map-points";

export function SpotsWithMap<T extends GatedSpot>({
  spots,
  creatorName,
  spotHref,
  mapLabel,
  start = 0,
  detail,
  empty = { title: "No spots yet", description: "The creator has not added spots to this map yet." },
  footer,
}: {
  spots: T[];
  creatorName: string;
  spotHref: (spot: T) => string;
  mapLabel: string;
  /** How many spots came on earlier pages: rows are numbered on from there. */
  start?: number;
  /** What else a row says, before the category (the map a creator's spot is on). */
  detail?: (spot: T) => ReactNode;
  empty?: { title: string; description: string };
  /** Under the list, in its column (a pager). */
  footer?: ReactNode;
}) {
  const { selectedId, selectFromMap, rowProps, linkProps } = useLinkedList();
  // Stable across renders so the map is not rebuilt when a row is hovered.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const points = useMemo(() => pointsOf(spots, spotHref), [spots]);

  if (spots.length === 0)
    return (
      <>
        <EmptyState title={empty.title} description={empty.description} />
        {footer}
      </>
    );

  return (
    <div className="grid gap-6 wide:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
      <SpotMap
        label={mapLabel}
        points={points}
        selectedId={selectedId}
        onSelect={selectFromMap}
        className="h-72 wide:sticky wide:top-24 wide:order-2 wide:h-[calc(100vh-8rem)]"
      />
      <div className="wide:order-1">
        <ol className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-testid="spot-list">
          {spots.map((spot, index) => (
            <li key={spot.id} {...rowProps(spot.id)} className="data-[selected=true]:bg-brand-50">
              <Link
                to={spotHref(spot)}
                preventScrollReset
                {...linkProps(spot.id)}
                className="flex items-start gap-4 px-4 py-3 hover:bg-neutral-50"
                data-testid="spot-row"
                data-spot-id={spot.id}
              >
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
                  {start + index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{spot.name}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                    {detail ? <span>{detail(spot)}</span> : null}
                    {spot.category ? (
                      <span>
                        {detail ? "· " : ""}
                        {spot.category.name}
                      </span>
                    ) : null}
                    {spot.locked ? <LockedBadge visibility={spot.visibility} creator={creatorName} /> : null}
                  </span>
                  {!spot.locked && spot.summary ? <span className="mt-1 block text-sm text-neutral-700">{spot.summary}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ol>
        {footer}
      </div>
    </div>
  );
}
