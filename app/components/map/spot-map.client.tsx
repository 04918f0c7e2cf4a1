/**
 * The interactive map (MapLibre GL), loaded only in the browser and only
 * where a map is shown. Spots are a clustered GeoJSON source drawn as HTML
 * markers: pins and clusters are real buttons (focusable, labelled, countable)
 * and need no glyph server for the cluster counts.
 */
import type { FeatureCollection } from "geojson";
import { Map as MapLibre, Marker, NavigationControl, Popup, setWorkerUrl, type GeoJSONSource, type MapOptions } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { contextZoom } from "./context-view";
import { openInLinks } from "~/modules/spots/open-in";
import { boundsOf, type MapPoint, type PlaceLabel } from "./map-points";
import { pinIconId } from "./pin-icons";
import { type ChosenBasemap, chooseBasemap, fallBackWhenSilent } from "./basemap.client";
import type { Basemap } from "~/modules/basemap/basemap";
import { plural } from "~/lib/plural";

setWorkerUrl(workerUrl);

const SOURCE = "spots";
const FIT = { padding: 48, maxZoom: 15 } as const;
/** Around one spot on the offline basemap: never street level, which has nothing to show there. */
const CONTEXT_ZOOM = { min: 3, offlineMax: 10, streetMax: 15 } as const;

export interface SpotMapProps {
  points: MapPoint[];
  /** Where to look when there are no points (a city). */
  center?: { lat: number; lng: number };
  /** The street map to draw (public config); the offline basemap when it does not answer. */
  basemap: Basemap;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /**
   * Other spots to orient by, drawn dimmed and never clustered. With them (or
   * a place), the map is centred on `points` and zoomed out to show them too.
   */
  context?: MapPoint[];
  /** A place's name drawn on the map (the offline basemap has no labels of its own). */
  place?: PlaceLabel;
  /** Called once, when the map has first drawn itself (its preview can go). */
  onReady?: () => void;
}

const SVG_NS = "http://www.w3.org/2000/svg";

function pinElement(point: MapPoint, onClick: () => void): HTMLElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.mapPin = "";
  el.dataset.spotId = point.id;
  el.setAttribute("aria-label", point.locked ? `${point.label} (locked, approximate area)` : point.label);
  el.className =
    "grid size-7 place-items-center rounded-full border-2 border-white shadow-md transition-transform data-[selected=true]:scale-125 data-[selected=true]:ring-4 data-[selected=true]:ring-brand-300 " +
    (point.locked ? "bg-amber-500" : point.pin ? "" : "bg-brand-600");
  // The category's colour and icon (the page's sprite has the icon's symbol); a locked pin stays amber.
  if (point.pin && !point.locked) el.style.backgroundColor = point.pin.color;
  el.dataset.color = point.locked ? "locked" : (point.pin?.color ?? "default");
  if (point.pin) {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "size-4 text-white pointer-events-none");
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", `#${pinIconId(point.pin.icon)}`);
    svg.append(use);
    el.append(svg);
  }
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return el;
}

/** "Open in: Google Maps · Apple Maps · …" for a popup (the spot page's OpenInLinks, as DOM). */
function openInElement(point: MapPoint): HTMLElement {
  const line = document.createElement("p");
  line.className = "mt-1 text-xs text-neutral-700";
  line.dataset.testid = "popup-open-in";
  line.append("Open in: ");
  openInLinks({ name: point.label, lat: point.lat, lng: point.lng }).forEach((link, i) => {
    if (i > 0) line.append(" · ");
    const a = document.createElement("a");
    a.href = link.href;
    a.textContent = link.label;
    a.className = "text-brand-700 hover:underline";
    if (link.href.startsWith("https:")) {
      a.target = "_blank";
      a.rel = "noopener noreferrer";
    }
    line.append(a);
  });
  return line;
}

function contextElement(point: MapPoint, onClick: () => void): HTMLElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.mapContext = "";
  el.dataset.spotId = point.id;
  el.setAttribute("aria-label", point.locked ? `${point.label} (locked, approximate area)` : point.label);
  el.className = "block size-3.5 rounded-full border-2 border-white bg-neutral-500/60 shadow-sm hover:bg-neutral-600";
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return el;
}

function placeElement(place: PlaceLabel): HTMLElement {
  const el = document.createElement("span");
  el.dataset.mapPlace = "";
  el.textContent = place.name;
  el.className = "pointer-events-none text-xs font-bold uppercase tracking-widest text-neutral-700";
  // A halo, as map labels have, so the name reads over land, water and borders alike.
  el.style.textShadow = "0 0 3px #fff, 0 0 3px #fff, 0 0 6px #fff";
  return el;
}

function clusterElement(count: number, onClick: () => void): HTMLElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.mapCluster = "";
  el.dataset.count = String(count);
  el.setAttribute("aria-label", `${plural(count, "spot")} here, zoom in`);
  el.textContent = String(count);
  const size = count < 10 ? 34 : count < 50 ? 42 : 50;
  el.style.width = el.style.height = `${size}px`;
  el.className = "grid place-items-center rounded-full border-2 border-white bg-brand-700/90 text-sm font-bold text-white shadow-md";
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return el;
}

export default function SpotMapClient({ points, center, basemap, selectedId, onSelect, context, place, onReady }: SpotMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const navigate = useNavigate();
  // Latest callbacks without re-creating the map.
  const onSelectRef = useRef(onSelect);
  const navigateRef = useRef(navigate);
  const selectedRef = useRef(selectedId);
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    onReadyRef.current = onReady;
    onSelectRef.current = onSelect;
    navigateRef.current = navigate;
    selectedRef.current = selectedId;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    const byId = new Map(points.map((p) => [p.id, p]));
    const markers = new Map<string, Marker>();
    const onScreen = new Set<string>();
    let popup: Popup | null = null;
    let map: MapLibre | null = null;
    let stopWatching = () => undefined as void;

    const showPopup = (point: MapPoint) => {
      if (!map) return;
      popup?.remove();
      const body = document.createElement("div");
      const title = document.createElement("p");
      title.className = "font-semibold";
      title.textContent = point.label;
      body.append(title);
      if (point.href) {
        const link = document.createElement("a");
        link.href = point.href;
        link.textContent = "Open spot";
        link.className = "text-brand-700 font-semibold hover:underline";
        link.addEventListener("click", (e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          void navigateRef.current(point.href!, { preventScrollReset: true });
        });
        body.append(link);
      }
      // A spot the viewer may open is at its exact place: offer it to their maps app. A locked pin is only the area.
      if (!point.locked) body.append(openInElement(point));
      popup = new Popup({ offset: 18, closeButton: true }).setLngLat([point.lng, point.lat]).setDOMContent(body).addTo(map);
    };

    const updateMarkers = () => {
      if (!map || !map.getSource(SOURCE)) return;
      const seen = new Set<string>();
      for (const f of map.querySourceFeatures(SOURCE)) {
        const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: string };
        const key = props.cluster ? `cluster:${props.cluster_id}` : String(props.id);
        if (seen.has(key)) continue;
        seen.add(key);
        let marker = markers.get(key);
        if (!marker) {
          const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates;
          if (props.cluster) {
            const clusterId = props.cluster_id!;
            const el = clusterElement(props.point_count ?? 0, () => {
              const source = map!.getSource<GeoJSONSource>(SOURCE);
              void source?.getClusterExpansionZoom(clusterId).then((zoom) => map!.easeTo({ center: [lng, lat], zoom }));
            });
            marker = new Marker({ element: el }).setLngLat([lng, lat]);
          } else {
            const point = byId.get(key);
            if (!point) continue;
            const el = pinElement(point, () => {
              onSelectRef.current?.(point.id);
              showPopup(point);
            });
            el.dataset.selected = String(point.id === selectedRef.current);
            marker = new Marker({ element: el }).setLngLat([point.lng, point.lat]);
          }
          markers.set(key, marker);
        }
        if (!onScreen.has(key)) {
          marker.addTo(map);
          onScreen.add(key);
        }
      }
      for (const key of [...onScreen]) {
        if (!seen.has(key)) {
          markers.get(key)?.remove();
          onScreen.delete(key);
        }
      }
      container.dataset.markers = String(onScreen.size);
    };

    void chooseBasemap(basemap).then(async (chosen) => {
      if (cancelled) return;
      const bounds = boundsOf(points);
      const around = (context !== undefined || place !== undefined) && bounds !== null;
      // Offline, a spot's map frames the nearest coast or border too: the land is fetched for that only.
      const landOf = (on: ChosenBasemap) => (around && on.land ? on.land().catch(() => null) : Promise.resolve(null));
      const land = await landOf(chosen);
      if (cancelled) return;
      container.dataset.basemap = chosen.drawn;
      // Centred on the spot, out to the other spots, the place's name (where the basemap names no places) and (offline) the nearest coast or border.
      const aroundView = (on: ChosenBasemap, land: FeatureCollection | null) => {
        const focus = { lng: (bounds![0][0] + bounds![1][0]) / 2, lat: (bounds![0][1] + bounds![1][1]) / 2 };
        const zoom = contextZoom({
          center: focus,
          show: [...points, ...(context ?? []), ...(place && !on.labelled ? [place] : [])],
          land,
          frame: { width: container.clientWidth, height: container.clientHeight, padding: FIT.padding },
          minZoom: CONTEXT_ZOOM.min,
          maxZoom: on.land ? CONTEXT_ZOOM.offlineMax : CONTEXT_ZOOM.streetMax,
        });
        return { center: [focus.lng, focus.lat] as [number, number], zoom };
      };
      const view: Pick<MapOptions, "bounds" | "fitBoundsOptions" | "center" | "zoom"> = around
        ? aroundView(chosen, land)
        : bounds
          ? { bounds, fitBoundsOptions: FIT }
          : { center: center ? [center.lng, center.lat] : [0, 20], zoom: center ? 11 : 1 };
      map = new MapLibre({
        container,
        style: chosen.style,
        ...view,
        attributionControl: { compact: true },
        cooperativeGestures: false,
      });
      mapRef.current = map;
      map.addControl(new NavigationControl({ showCompass: false }), "top-right");
      // Added before the spots' own pins, so those stay on top; a street map with labels names places itself.
      for (const point of context ?? []) new Marker({ element: contextElement(point, () => showPopup(point)) }).setLngLat([point.lng, point.lat]).addTo(map);
      const placeMarker = place ? new Marker({ element: placeElement(place) }).setLngLat([place.lng, place.lat]) : null;
      if (placeMarker && !chosen.labelled) placeMarker.addTo(map);
      // A street map that stops answering gives way to the offline basemap: its view (never street level) and the place's name.
      stopWatching = fallBackWhenSilent(map, chosen, (offline) => {
        container.dataset.basemap = "offline";
        if (!map) return;
        placeMarker?.addTo(map);
        if (around) void landOf(offline).then((land) => !cancelled && map?.jumpTo(aroundView(offline, land)));
      });
      map.on("load", () => {
        map!.addSource(SOURCE, {
          type: "geojson",
          cluster: true,
          clusterRadius: 44,
          clusterMaxZoom: 16,
          data: {
            type: "FeatureCollection",
            features: points.map((p) => ({ type: "Feature", properties: { id: p.id }, geometry: { type: "Point", coordinates: [p.lng, p.lat] } })),
          },
        });
        // Invisible: the source needs a layer for its tiles to load; the markers are HTML.
        map!.addLayer({ id: "spots-anchor", type: "circle", source: SOURCE, paint: { "circle-radius": 1, "circle-opacity": 0 } });
      });
      map.on("sourcedata", (e) => {
        if (e.sourceId === SOURCE && e.isSourceLoaded) updateMarkers();
      });
      map.on("moveend", updateMarkers);
      map.on("idle", () => {
        updateMarkers();
        // Browser tests and the bench wait for this; so could a screen reader hint.
        if (container.dataset.mapReady !== "true") onReadyRef.current?.();
        container.dataset.mapReady = "true";
        container.dataset.zoom = map!.getZoom().toFixed(2);
      });
    });

    return () => {
      cancelled = true;
      stopWatching();
      popup?.remove();
      map?.remove();
      mapRef.current = null;
      delete container.dataset.mapReady;
    };
    // The map is rebuilt only when the set of points changes, not on selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [points, context, place, basemap]);

  // The list → map direction: the selected spot's pin stands out.
  useEffect(() => {
    const pins = containerRef.current?.querySelectorAll<HTMLElement>("[data-map-pin]") ?? [];
    for (const el of pins) el.setAttribute("data-selected", String(el.dataset.spotId === selectedId));
  }, [selectedId]);

  return <div ref={containerRef} className="h-full w-full" data-testid="spot-map-canvas" />;
}
