/**
 * How a map goes from picture to MapLibre. Maps are server-rendered as a picture; the interactive
 * map (MapLibre, about 290 KB gzipped and a second of main-thread work on a phone) starts only when
 * someone reaches for it: points at it, touches it, presses "Show interactive map" (keyboard and
 * screen-reader users get to it like any other control), or does something only the live map can
 * show. The public map pages (ADR 0021) and the Studio editor (ADR 0053) share this.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** Once a visitor has used a map, the next page's map starts at once: its code is loaded and they want maps. Per page load. */
let mapsWanted = false;

/** `reaching`: the page needs the live map now (the editor's "add on the map", a place to fly to). */
export function useLiveMap(reaching = false) {
  // The button needs script to do anything: it appears once the page is hydrated.
  const hydrated = useHydrated();
  const [live, setLive] = useState(false);
  const [ready, setReady] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const startedByKeyboard = useRef(false);
  // Once reached for, the map stays (a mode turned off again does not take it away).
  if (reaching && !live) setLive(true);
  const start = useCallback(() => setLive(true), []);
  // A map already used in this visit starts at once; only after hydration, so the server's picture and the first client render agree.
  const [usedBefore] = useState(() => mapsWanted);
  const running = live || (hydrated && usedBefore);
  useEffect(() => {
    if (running) mapsWanted = true;
  }, [running]);
  const onReady = useCallback(() => {
    setReady(true);
    // Whoever started the map from the button carries on in the map itself (MapLibre's canvas takes the keys).
    if (startedByKeyboard.current) regionRef.current?.querySelector<HTMLElement>(".maplibregl-canvas")?.focus();
  }, []);
  const startFromButton = useCallback(() => {
    startedByKeyboard.current = true;
    start();
  }, [start]);
  return {
    hydrated,
    running,
    ready,
    onReady,
    regionRef,
    /** For the map's region: pointing at it or touching it starts the map. */
    reachFor: { onPointerEnter: start, onPointerDown: start, onTouchStart: start },
    startFromButton,
  };
}

/** "Show interactive map": shown from hydration until the live map is drawn. */
export function StartMapButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      data-testid="map-start"
      onClick={onClick}
      aria-busy={busy}
      className="absolute bottom-3 left-3 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-neutral-800 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      Show interactive map
    </button>
  );
}
