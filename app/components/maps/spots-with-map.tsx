/**
 * A map's spots (or a page of a creator's) as a list beside their map, linked
 * both ways: pointing at a row lights up its pin, and choosing a pin scrolls
 * to and marks its row.
 */
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import type { PinStyle } from "~/modules/categories";
import { spotPosition } from "~/modules/spots/gated-spot";
import { byDistance, formatDistance, NEAR_ME_MESSAGES, useNearMe } from "./near-me";
import { LockedBadge } from "~/components/maps/locked-note";
import { SpotMap } from "~/components/map/spot-map";
import { useLinkedList } from "~/components/map/use-linked-list";
import { EmptyState } from "~/components/ui/empty-state";
import type { GatedSpot } from "~/modules/spots/gated-spot";
import { pointsOf } from "~/components/map/map-points";
import { PinIconUse } from "~/components/map/pin-icons";

/** A category's pin in small: its colour and icon, as on the map (and in the filter's chips). */
export function CategoryIcon({ pin, className = "size-4" }: { pin: PinStyle; className?: string }) {
  return (
    <span className={`inline-grid shrink-0 place-items-center rounded-full ${className}`} style={{ backgroundColor: pin.color }} aria-hidden="true">
      <PinIconUse icon={pin.icon} className="size-[70%] text-white" />
    </span>
  );
}

export function SpotsWithMap<T extends GatedSpot>({
  spots,
  creatorName,
  spotHref,
  mapLabel,
  start = 0,
  detail,
  empty = { title: "No spots yet", description: "The creator has not added spots to this map yet." },
  footer,
  pinOf,
  nearMe = false,
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
  /** Each spot's pin (its category's colour and icon); plain pins without. */
  pinOf?: (spot: T) => PinStyle | undefined;
  /** Offer "Near me" on a phone: the list sorted by distance once the visitor allows their location. */
  nearMe?: boolean;
}) {
  const { selectedId, selectFromMap, rowProps, linkProps } = useLinkedList();
  // Stable across renders so the map is not rebuilt when a row is hovered.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const points = useMemo(() => pointsOf(spots, spotHref, pinOf), [spots]);
  const hydrated = useHydrated();
  const near = useNearMe();
  const from = near.state.status === "on" ? near.state.from : null;
  // Nearest first once located; each row keeps its number in the creator's order (the pins' order).
  const rows = useMemo(
    () => (from ? byDistance(spots, from, spotPosition) : spots.map((item, index) => ({ item, index, meters: null as number | null }))),
    [spots, from],
  );

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
        {nearMe && hydrated ? (
          // A phone's way to the nearest spot; on a wide screen the map beside the list does that.
          <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 wide:hidden" data-testid="near-me">
            <button
              type="button"
              aria-pressed={from !== null}
              onClick={from ? near.off : near.ask}
              disabled={near.state.status === "asking"}
              className="inline-flex items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
            >
              <PinIconUse icon="pin" className="size-4" /> Near me
            </button>
            <p role="status" className="text-sm text-neutral-700" data-testid="near-me-status">
              {near.state.status === "off" ? "" : NEAR_ME_MESSAGES[near.state.status]}
            </p>
          </div>
        ) : null}
        <ol className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-testid="spot-list">
          {rows.map(({ item: spot, index, meters }) => (
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
                      <span className="inline-flex items-center gap-1">
                        {detail ? "· " : ""}
                        {pinOf?.(spot) ? <CategoryIcon pin={pinOf(spot)!} /> : null}
                        {spot.category.name}
                      </span>
                    ) : null}
                    {spot.locked ? <LockedBadge visibility={spot.visibility} creator={creatorName} /> : null}
                    {meters !== null ? (
                      <span className="font-medium text-neutral-800" data-testid="spot-distance">
                        · {formatDistance(meters)}
                      </span>
                    ) : null}
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
