/**
 * The editor's map (MapLibre, the same basemap as the public pages): one
 * draggable numbered pin per spot, never clustered, so every spot can be
 * picked up and moved. In "add" mode a click on the map asks for a spot
 * there. The map is created once; pins are added, moved and removed as the
 * spots change, so an edit never redraws the whole map.
 */
import { Map as MapLibre, Marker, NavigationControl, setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import { boundsOf } from "~/components/map/map-points";
import { chooseBasemap, fallBackWhenSilent } from "~/components/map/basemap.client";
import type { Basemap } from "~/modules/basemap/basemap";

setWorkerUrl(workerUrl);

export interface EditorPin {
  id: string;
  name: string;
  lat: number;
  lng: number;
  /** 1-based, as the list numbers them. */
  number: number;
  isPublished: boolean;
}

export interface EditorMapProps {
  pins: EditorPin[];
  /** The street map to draw (public config); the offline basemap when it does not answer. */
  basemap: Basemap;
  /** Where to look when there are no spots yet (the destination). */
  center: { lat: number; lng: number } | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  adding: boolean;
  onAddAt: (at: { lat: number; lng: number }) => void;
  onMove: (id: string, to: { lat: number; lng: number }) => void;
  /** Bumped to look at a place (a found place, a typed coordinate; a destination, at its own zoom). */
  focus: { lat: number; lng: number; key: number; zoom?: number } | null;
  /** Told the centre of the view once the map is drawn and after every move (the place search ranks near it). */
  onView?: (centre: { lat: number; lng: number }) => void;
  /** Told once, when the map is first drawn (the frame then takes its picture away). */
  onReady?: () => void;
}

const FIT = { padding: 56, maxZoom: 15 } as const;

function pinLabel(pin: EditorPin) {
  return `${pin.number}. ${pin.name}${pin.isPublished ? "" : " (draft)"}, drag to move`;
}

function pinElement(pin: EditorPin): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.editorPin = "";
  el.dataset.spotId = pin.id;
  el.className =
    "grid size-8 cursor-grab place-items-center rounded-full border-2 border-white text-xs font-bold text-white shadow-md data-[draft=true]:bg-neutral-500 data-[selected=true]:z-10 data-[selected=true]:scale-125 data-[selected=true]:ring-4 data-[selected=true]:ring-brand-300 bg-brand-600";
  return el;
}

function paint(el: HTMLElement, pin: EditorPin, selected: boolean) {
  el.textContent = String(pin.number);
  el.setAttribute("aria-label", pinLabel(pin));
  el.dataset.draft = String(!pin.isPublished);
  el.dataset.selected = String(selected);
}

export default function EditorMapClient({ pins, basemap, center, selectedId, onSelect, adding, onAddAt, onMove, focus, onView, onReady }: EditorMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const markers = useRef(new Map<string, { marker: Marker; pin: EditorPin }>());
  const latest = useRef({ onSelect, onAddAt, onMove, onView, onReady, adding, selectedId, focus });
  useEffect(() => {
    latest.current = { onSelect, onAddAt, onMove, onView, onReady, adding, selectedId, focus };
  });
  const initial = useRef({ pins, center });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let map: MapLibre | null = null;
    const placed = markers.current;
    let stopWatching = () => undefined as void;
    void chooseBasemap(basemap).then((chosen) => {
      if (cancelled) return;
      const { style } = chosen;
      container.dataset.basemap = chosen.drawn;
      const { pins: firstPins, center: start } = initial.current;
      const bounds = boundsOf(firstPins);
      // The map starts where it was asked to look (a place picked before it had loaded), else on the spots.
      const lookAt = latest.current.focus;
      map = new MapLibre({
        container,
        style,
        ...(lookAt
          ? { center: [lookAt.lng, lookAt.lat], zoom: lookAt.zoom ?? 14 }
          : bounds
            ? { bounds, fitBoundsOptions: FIT }
            : { center: start ? [start.lng, start.lat] : [0, 20], zoom: start ? 11 : 1 }),
        attributionControl: { compact: true },
        // Double-click adds nothing and zooms in, as maps do; a single click in add mode adds.
        doubleClickZoom: true,
      });
      mapRef.current = map;
      map.addControl(new NavigationControl({ showCompass: false }), "top-right");
      stopWatching = fallBackWhenSilent(map, chosen, () => (container.dataset.basemap = "offline"));
      map.on("click", (e) => {
        if (!latest.current.adding) return;
        latest.current.onAddAt({ lat: e.lngLat.lat, lng: e.lngLat.lng });
      });
      map.on("idle", () => {
        if (container.dataset.mapReady !== "true") latest.current.onReady?.();
        container.dataset.mapReady = "true";
        // Where the map looks, for tests and tools (a chosen destination moves it).
        const { lat, lng } = map!.getCenter();
        container.dataset.center = `${lat.toFixed(3)},${lng.toFixed(3)}`;
      });
      const tellView = () => {
        const { lat, lng } = map!.getCenter();
        latest.current.onView?.({ lat, lng });
      };
      map.on("load", tellView);
      map.on("moveend", tellView);
      container.dispatchEvent(new Event("editor-map-created"));
    });
    return () => {
      cancelled = true;
      stopWatching();
      for (const { marker } of placed.values()) marker.remove();
      placed.clear();
      map?.remove();
      mapRef.current = null;
      delete container.dataset.mapReady;
    };
  }, [basemap]);

  // Pins follow the spots: new ones added, gone ones removed, moved or renumbered ones updated.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const sync = () => {
      const map = mapRef.current;
      if (!map) return;
      const placed = markers.current;
      const seen = new Set<string>();
      for (const pin of pins) {
        seen.add(pin.id);
        const existing = placed.get(pin.id);
        if (existing) {
          const at = existing.marker.getLngLat();
          if (at.lat !== pin.lat || at.lng !== pin.lng) existing.marker.setLngLat([pin.lng, pin.lat]);
          existing.pin = pin;
          paint(existing.marker.getElement(), pin, pin.id === latest.current.selectedId);
          continue;
        }
        const el = pinElement(pin);
        paint(el, pin, pin.id === latest.current.selectedId);
        const marker = new Marker({ element: el, draggable: true }).setLngLat([pin.lng, pin.lat]).addTo(map);
        const entry = { marker, pin };
        el.addEventListener("click", (e) => {
          e.stopPropagation();
          latest.current.onSelect(entry.pin.id);
        });
        marker.on("dragstart", () => el.classList.add("cursor-grabbing"));
        marker.on("dragend", () => {
          el.classList.remove("cursor-grabbing");
          const { lat, lng } = marker.getLngLat();
          latest.current.onMove(entry.pin.id, { lat, lng });
        });
        placed.set(pin.id, entry);
      }
      for (const [id, { marker }] of placed) {
        if (!seen.has(id)) {
          marker.remove();
          placed.delete(id);
        }
      }
      container.dataset.pins = String(placed.size);
    };
    sync();
    container.addEventListener("editor-map-created", sync);
    return () => container.removeEventListener("editor-map-created", sync);
  }, [pins]);

  // The list → map direction: the selected pin stands out and comes into view.
  useEffect(() => {
    for (const [id, { marker, pin }] of markers.current) paint(marker.getElement(), pin, id === selectedId);
    const map = mapRef.current;
    const selected = selectedId ? markers.current.get(selectedId) : undefined;
    if (map && selected && !map.getBounds().contains(selected.marker.getLngLat())) map.easeTo({ center: selected.marker.getLngLat() });
  }, [selectedId]);

  useEffect(() => {
    if (focus) mapRef.current?.flyTo({ center: [focus.lng, focus.lat], zoom: focus.zoom ?? Math.max(mapRef.current.getZoom(), 14) });
  }, [focus]);

  useEffect(() => {
    const canvas = mapRef.current?.getCanvas();
    if (canvas) canvas.style.cursor = adding ? "crosshair" : "";
    if (containerRef.current) containerRef.current.dataset.adding = String(adding);
  }, [adding]);

  return <div ref={containerRef} className="h-full w-full" data-testid="editor-map-canvas" />;
}
