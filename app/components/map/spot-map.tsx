/**
 * Where a map is shown. The server renders a static preview: the spots over
 * the offline basemap, as an SVG with the basemap as its image, so the page
 * paints a real map with no script at all. The interactive map (MapLibre,
 * about 300 KB gzipped and a second of main-thread work on a phone) starts
 * only when the visitor reaches for it: pointing at the map, touching it, or
 * the "Show interactive map" button, which keyboard and screen-reader users
 * get to like any other. Until then the page stays quick to respond.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { basemapArea, basemapHref, basemapPlacement, previewFrame, project, VIEW_H, VIEW_W } from "~/modules/basemap/preview-frame";
import type { MapPoint, PlaceLabel } from "./map-points";
import { pinIconId } from "./pin-icons";
import { useBasemap } from "./use-basemap";

const SpotMapClient = lazy(() => import("./spot-map.client"));

/** Once a visitor has used a map, the next page's map starts at once: its code is loaded and they want maps. */
let mapWanted = false;

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
  const basemap = useBasemap();
  // The button needs script to do anything: it appears once the page is hydrated.
  const hydrated = useHydrated();
  const [live, setLive] = useState(false);
  const [ready, setReady] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const startedByKeyboard = useRef(false);
  const start = useCallback(() => {
    mapWanted = true;
    setLive(true);
  }, []);
  // A map already used in this visit starts at once; only after hydration, so the server's preview and the first client render agree.
  const [usedBefore] = useState(() => mapWanted);
  const running = live || (hydrated && usedBefore);
  const onReady = useCallback(() => {
    setReady(true);
    // Whoever started the map from the button carries on in the map itself (MapLibre's canvas takes the keys).
    if (startedByKeyboard.current) regionRef.current?.querySelector<HTMLElement>(".maplibregl-canvas")?.focus();
  }, []);

  return (
    <div
      ref={regionRef}
      role="region"
      aria-label={label}
      data-testid="spot-map"
      data-points={props.points.length}
      data-live={running}
      className={`relative overflow-hidden rounded-2xl border border-neutral-200 bg-[#cfe3ee] ${className ?? ""}`}
      onPointerEnter={start}
      onPointerDown={start}
      onTouchStart={start}
    >
      {ready ? null : <MapPreview {...props} />}
      {running ? (
        <div className="absolute inset-0">
          <Suspense fallback={null}>
            <SpotMapClient {...props} basemap={basemap} onReady={onReady} />
          </Suspense>
        </div>
      ) : null}
      {hydrated && !ready ? (
        <button
          type="button"
          data-testid="map-start"
          onClick={() => {
            startedByKeyboard.current = true;
            start();
          }}
          aria-busy={running}
          className="absolute bottom-3 left-3 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-neutral-800 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Show interactive map
        </button>
      ) : null}
    </div>
  );
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The map as a picture: basemap image, the place's name, the context dots and the spots' pins. */
function MapPreview({ points, center, context, place, selectedId }: Omit<SpotMapFrameProps, "label" | "className">) {
  const view = useMemo(() => {
    const frame = previewFrame([...points, ...(context ?? [])], center);
    const area = basemapArea(frame);
    return { frame, href: basemapHref(area), image: basemapPlacement(frame, area) };
  }, [points, context, center]);
  const at = (p: { lat: number; lng: number }) => {
    const { x, y } = project(view.frame, p);
    return { x: round(x), y: round(y) };
  };
  // The selected pin last, so it is drawn on top.
  const ordered = selectedId ? [...points.filter((p) => p.id !== selectedId), ...points.filter((p) => p.id === selectedId)] : points;
  return (
    <svg
      viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
      preserveAspectRatio="xMidYMid meet"
      className="absolute inset-0 h-full w-full"
      aria-hidden="true"
      focusable="false"
      data-testid="map-preview"
    >
      <image
        href={view.href}
        x={round(view.image.x)}
        y={round(view.image.y)}
        width={round(view.image.w)}
        height={round(view.image.h)}
        preserveAspectRatio="none"
      />
      {place ? (
        <text
          {...at(place)}
          textAnchor="middle"
          dy={-36}
          className="fill-neutral-700 text-[26px] font-bold tracking-widest uppercase"
          stroke="#fff"
          strokeWidth={6}
          paintOrder="stroke"
        >
          {place.name}
        </text>
      ) : null}
      {(context ?? []).map((p) => {
        const { x, y } = at(p);
        return <circle key={p.id} cx={x} cy={y} r={9} fill="rgb(115 115 115 / 0.6)" stroke="#fff" strokeWidth={4} />;
      })}
      {ordered.map((p) => {
        const { x, y } = at(p);
        const selected = p.id === selectedId;
        const r = selected ? 24 : 18;
        // A category's colour (a locked teaser stays amber: the area, not the place); its icon in white on top.
        const fill = p.locked ? undefined : (p.pin?.color ?? undefined);
        return (
          <g key={p.id}>
            <circle
              cx={x}
              cy={y}
              r={r}
              data-spot-id={p.id}
              data-selected={selected}
              data-color={p.locked ? "locked" : (p.pin?.color ?? "default")}
              className={p.locked ? "fill-amber-500" : fill ? undefined : "fill-brand-600"}
              fill={fill}
              stroke={selected ? "#a7e3cc" : "#fff"}
              strokeWidth={selected ? 9 : 5}
            />
            {p.pin ? <use href={`#${pinIconId(p.pin.icon)}`} x={x - r * 0.6} y={y - r * 0.6} width={r * 1.2} height={r * 1.2} color="#fff" /> : null}
          </g>
        );
      })}
    </svg>
  );
}
