/**
 * Where a map is shown. The server renders a sized, labelled frame; after
 * hydration the MapLibre module (about 300 KB gzipped) is fetched on its own,
 * so it never weighs on a page's first load.
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/components/layout/use-root-data";
import type { MapPoint, PlaceLabel } from "./map-points";

const SpotMapClient = lazy(() => import("./spot-map.client"));

export interface SpotMapFrameProps {
  points: MapPoint[];
  center?: { lat: number; lng: number };
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** Other spots to orient by, dimmed; with them the map centres on `points` and zooms out to show its surroundings. */
  context?: MapPoint[];
  /** A place's name drawn on the offline basemap. */
  place?: PlaceLabel;
  label: string;
  className?: string;
}

export function SpotMap({ label, className, ...props }: SpotMapFrameProps) {
  const root = useRootData();
  // False on the server and while hydrating, true after: the map is browser-only.
  const mounted = useHydrated();
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="spot-map"
      data-points={props.points.length}
      className={`relative overflow-hidden rounded-2xl border border-neutral-200 bg-[#cfe3ee] ${className ?? ""}`}
    >
      {mounted ? (
        <Suspense fallback={<MapLoading />}>
          <SpotMapClient {...props} styleUrl={root?.config?.mapStyleUrl ?? null} />
        </Suspense>
      ) : (
        <MapLoading />
      )}
    </div>
  );
}

function MapLoading() {
  return <p className="absolute inset-0 grid place-items-center text-sm text-neutral-600">Loading map…</p>;
}
