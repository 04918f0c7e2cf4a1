/**
 * Where a map is shown. The server renders a static preview: the spots over
 * the offline basemap, as an SVG with the basemap as its image, so the page
 * paints a real map with no script at all. The interactive map (MapLibre)
 * starts only when the visitor reaches for it (live-map.tsx): until then the
 * page stays quick to respond.
 */
import { lazy, Suspense, useMemo } from "react";
import { previewLayout, project } from "~/modules/basemap/preview-frame";
import { StartMapButton, useLiveMap } from "./live-map";
import type { MapPoint, PlaceLabel } from "./map-points";
import { pinIconId } from "./pin-icons";
import { PreviewPicture, tenth } from "./preview-picture";
import { useBasemap } from "./use-basemap";

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
  const basemap = useBasemap();
  const { hydrated, running, ready, onReady, regionRef, reachFor, startFromButton } = useLiveMap();
  return (
    <div
      ref={regionRef}
      role="region"
      aria-label={label}
      data-testid="spot-map"
      data-points={props.points.length}
      data-live={running}
      className={`relative overflow-hidden rounded-2xl border border-neutral-200 bg-[#cfe3ee] ${className ?? ""}`}
      {...reachFor}
    >
      {ready ? null : <MapPreview {...props} />}
      {running ? (
        <div className="absolute inset-0">
          <Suspense fallback={null}>
            <SpotMapClient {...props} basemap={basemap} onReady={onReady} />
          </Suspense>
        </div>
      ) : null}
      {hydrated && !ready ? <StartMapButton busy={running} onClick={startFromButton} /> : null}
    </div>
  );
}

/** The map as a picture: basemap image, the place's name, the context dots and the spots' pins. */
function MapPreview({ points, center, context, place, selectedId }: Omit<SpotMapFrameProps, "label" | "className">) {
  const view = useMemo(() => previewLayout([...points, ...(context ?? [])], center), [points, context, center]);
  const at = (p: { lat: number; lng: number }) => {
    const { x, y } = project(view.frame, p);
    return { x: tenth(x), y: tenth(y) };
  };
  // The selected pin last, so it is drawn on top.
  const ordered = selectedId ? [...points.filter((p) => p.id !== selectedId), ...points.filter((p) => p.id === selectedId)] : points;
  return (
    <PreviewPicture view={view}>
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
    </PreviewPicture>
  );
}
