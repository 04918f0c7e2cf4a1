/**
 * "Near me": the visitor's position (asked only when they press the button) and the list in order of
 * distance from it. The spots keep their numbers (the creator's order, as on the pins); a locked spot
 * is measured to its approximate area. Denied or unavailable: the list stays as it was, and a line
 * says why.
 */
import { useCallback, useState } from "react";

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "350 m", "1.2 km", "14 km". */
export function formatDistance(meters: number): string {
  if (meters < 950) return `${Math.max(10, Math.round(meters / 10) * 10)} m`;
  const km = meters / 1000;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString("en-US")} km`;
}

/** The items with their place in the original order, nearest first (ties keep the original order). */
export function byDistance<T>(items: T[], from: LatLng, at: (item: T) => LatLng): { item: T; index: number; meters: number }[] {
  return items.map((item, index) => ({ item, index, meters: distanceMeters(from, at(item)) })).sort((a, b) => a.meters - b.meters || a.index - b.index);
}

export type NearMeState = { status: "off" } | { status: "asking" } | { status: "on"; from: LatLng } | { status: "denied" } | { status: "unavailable" };

export const NEAR_ME_MESSAGES = {
  asking: "Finding where you are…",
  on: "Nearest first, from where you are.",
  denied: "Location access is off for this site, so the list stays in the creator’s order.",
  unavailable: "Your location could not be found, so the list stays in the creator’s order.",
} as const;

export function useNearMe() {
  const [state, setState] = useState<NearMeState>({ status: "off" });
  const ask = useCallback(() => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return setState({ status: "unavailable" });
    setState({ status: "asking" });
    navigator.geolocation.getCurrentPosition(
      (position) => setState({ status: "on", from: { lat: position.coords.latitude, lng: position.coords.longitude } }),
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  const off = useCallback(() => setState({ status: "off" }), []);
  return { state, ask, off };
}
