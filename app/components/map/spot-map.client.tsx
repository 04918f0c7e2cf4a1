/**
 * The interactive map (MapLibre GL), loaded only in the browser and only
 * where a map is shown. Spots are a clustered GeoJSON source drawn as HTML
 * markers: pins and clusters are real buttons (focusable, labelled, countable)
 * and need no glyph server for the cluster counts.
 */
import { Map as MapLibre, Marker, NavigationControl, Popup, setWorkerUrl, type GeoJSONSource } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { boundsOf, type MapPoint } from "./map-points";
import { chooseStyle } from "./offline-style";
import { plural } from "~/lib/plural";

setWorkerUrl(workerUrl);

const SOURCE = "spots";
const FIT = { padding: 48, maxZoom: 15 } as const;

export interface SpotMapProps {
  points: MapPoint[];
  /** Where to look when there are no points (a city). */
  center?: { lat: number; lng: number };
  styleUrl: string | null;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
}

function pinElement(point: MapPoint, onClick: () => void): HTMLElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.mapPin = "";
  el.dataset.spotId = point.id;
  el.setAttribute("aria-label", point.locked ? `${point.label} (locked, approximate area)` : point.label);
  el.className =
    "block size-7 rounded-full border-2 border-white shadow-md transition-transform data-[selected=true]:scale-125 data-[selected=true]:ring-4 data-[selected=true]:ring-brand-300 " +
    (point.locked ? "bg-amber-500" : "bg-brand-600");
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
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

export default function SpotMapClient({ points, center, styleUrl, selectedId, onSelect }: SpotMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const navigate = useNavigate();
  // Latest callbacks without re-creating the map.
  const onSelectRef = useRef(onSelect);
  const navigateRef = useRef(navigate);
  const selectedRef = useRef(selectedId);
  useEffect(() => {
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

    void chooseStyle(styleUrl).then((style) => {
      if (cancelled) return;
      const bounds = boundsOf(points);
      map = new MapLibre({
        container,
        style,
        ...(bounds ? { bounds, fitBoundsOptions: FIT } : { center: center ? [center.lng, center.lat] : [0, 20], zoom: center ? 11 : 1 }),
        attributionControl: { compact: true },
        cooperativeGestures: false,
      });
      mapRef.current = map;
      map.addControl(new NavigationControl({ showCompass: false }), "top-right");
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
        container.dataset.mapReady = "true";
      });
    });

    return () => {
      cancelled = true;
      popup?.remove();
      map?.remove();
      mapRef.current = null;
      delete container.dataset.mapReady;
    };
    // The map is rebuilt only when the set of points changes, not on selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [points, styleUrl]);

  // The list → map direction: the selected spot's pin stands out.
  useEffect(() => {
    const pins = containerRef.current?.querySelectorAll<HTMLElement>("[data-map-pin]") ?? [];
    for (const el of pins) el.setAttribute("data-selected", String(el.dataset.spotId === selectedId));
  }, [selectedId]);

  return <div ref={containerRef} className="h-full w-full" data-testid="spot-map-canvas" />;
}
