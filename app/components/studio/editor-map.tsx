/**
 * The editor's map frame: MapLibre is fetched on its own after hydration, as
 * on the public pages, so it never weighs on the page's first load.
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import type { EditorMapProps } from "./editor-map.client";
import { useBasemap } from "~/components/map/use-basemap";

const EditorMapClient = lazy(() => import("./editor-map.client"));

export function EditorMap({ className, ...props }: Omit<EditorMapProps, "basemap"> & { className?: string }) {
  const basemap = useBasemap();
  const mounted = useHydrated();
  return (
    <div
      role="region"
      aria-label="Map of the spots"
      data-testid="editor-map"
      className={`relative overflow-hidden rounded-2xl border border-neutral-200 bg-[#cfe3ee] ${className ?? ""}`}
    >
      {mounted ? (
        <Suspense fallback={<Loading />}>
          <EditorMapClient {...props} basemap={basemap} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </div>
  );
}

function Loading() {
  return <p className="absolute inset-0 grid place-items-center text-sm text-neutral-600">Loading map…</p>;
}
