/**
 * The editor's map frame. Until the creator reaches for the map (points at it, touches it, presses
 * "Show interactive map", turns on adding on the map, or picks a place to look at) it is a picture:
 * the spots' pins over the offline basemap, framed on them, as on the public pages. MapLibre, most
 * of the editor's script, loads then (ADR 0053); the list, the search and every form work without it.
 */
import { lazy, Suspense, useId, useMemo } from "react";
import { StartMapButton, useLiveMap } from "~/components/map/live-map";
import { useBasemap } from "~/components/map/use-basemap";
import { PreviewPicture } from "~/components/map/preview-picture";
import { previewLayout, project } from "~/modules/basemap/preview-frame";
import type { EditorMapProps, EditorPin } from "./editor-map.client";

const EditorMapClient = lazy(() => import("./editor-map.client"));

export function EditorMap({ className, ...props }: Omit<EditorMapProps, "basemap" | "onReady"> & { className?: string }) {
  const basemap = useBasemap();
  const { hydrated, running, ready, onReady, regionRef, reachFor, startFromButton } = useLiveMap(props.adding || props.focus !== null);
  return (
    <div
      ref={regionRef}
      role="region"
      aria-label="Map of the spots"
      data-testid="editor-map"
      data-live={running}
      className={`relative overflow-hidden rounded-2xl border border-neutral-200 bg-[#cfe3ee] ${className ?? ""}`}
      {...reachFor}
    >
      {ready ? null : <EditorMapPreview pins={props.pins} center={props.center} selectedId={props.selectedId} />}
      {running ? (
        <div className="absolute inset-0">
          <Suspense fallback={null}>
            <EditorMapClient {...props} basemap={basemap} onReady={onReady} />
          </Suspense>
        </div>
      ) : null}
      {hydrated && !ready ? <StartMapButton busy={running} onClick={startFromButton} /> : null}
    </div>
  );
}

/**
 * The pins of the picture as one path: a zero-length line per pin, which a round cap draws as a dot.
 * A 500-spot map's picture is then ~5 KB of HTML, not an element per pin.
 */
function dots(at: { x: number; y: number }[]): string {
  return at.map(({ x, y }) => `M${Math.round(x)} ${Math.round(y)}h0`).join("");
}

/** The spots as a picture: published pins in the brand's colour, drafts grey, the selected one larger and on top. */
function EditorMapPreview({ pins, center, selectedId }: Pick<EditorMapProps, "pins" | "center" | "selectedId">) {
  const view = useMemo(() => previewLayout(pins, center ?? undefined), [pins, center]);
  const paths = useMemo(() => {
    const at = (list: EditorPin[]) => list.map((p) => project(view.frame, p));
    const rest = pins.filter((p) => p.id !== selectedId);
    return { published: dots(at(rest.filter((p) => p.isPublished))), drafts: dots(at(rest.filter((p) => !p.isPublished))) };
  }, [pins, selectedId, view]);
  const id = useId();
  const selected = pins.find((p) => p.id === selectedId);
  const selectedAt = selected ? project(view.frame, selected) : null;
  return (
    <PreviewPicture
      view={view}
      // The basemap covers three times the frame: visible around it, the picture fills any box shape.
      className="overflow-visible"
      data-pins={pins.length}
    >
      <defs>
        <path id={`${id}-drafts`} d={paths.drafts} data-pins="drafts" />
        <path id={`${id}-published`} d={paths.published} data-pins="published" />
      </defs>
      {/* Each kind drawn twice: a white ring, then the pin's colour inside it. */}
      <g fill="none" strokeLinecap="round">
        <use href={`#${id}-drafts`} stroke="#fff" strokeWidth={36} />
        <use href={`#${id}-drafts`} className="stroke-neutral-500" strokeWidth={28} />
        <use href={`#${id}-published`} stroke="#fff" strokeWidth={36} />
        <use href={`#${id}-published`} className="stroke-brand-600" strokeWidth={28} />
      </g>
      {selected && selectedAt ? (
        <circle
          cx={Math.round(selectedAt.x)}
          cy={Math.round(selectedAt.y)}
          r={20}
          className={selected.isPublished ? "fill-brand-600" : "fill-neutral-500"}
          stroke="#a7e3cc"
          strokeWidth={8}
          data-spot-id={selected.id}
          data-selected="true"
        />
      ) : null}
    </PreviewPicture>
  );
}
