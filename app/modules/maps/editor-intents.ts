/**
 * What the map editor asks of its route's action (one intent per kind of
 * change) and what it answers: shared by the editor's components and the
 * route, safe to ship to the browser.
 */
import type { CityHit, PlaceHit, PlaceSearchAnswer } from "~/modules/places";
import type { DestinationChoice } from "./destinations";
import type { EditableMap } from "./editable-map";
import type { EditableSpot, NearbySpot } from "~/modules/spots";

export type { CityHit, DestinationChoice, NearbySpot, PlaceHit };

export const INTENT = {
  createSpot: "create-spot",
  moveSpot: "move-spot",
  reorder: "reorder",
  deleteSpot: "delete-spot",
  restoreSpot: "restore-spot",
  searchPlaces: "search-places",
  searchCities: "search-cities",
} as const;
export type EditorIntent = (typeof INTENT)[keyof typeof INTENT];

export type EditorActionData =
  | { ok: true; intent: typeof INTENT.createSpot; spot: EditableSpot; duplicates: NearbySpot[] }
  | { ok: true; intent: typeof INTENT.moveSpot; spot: EditableSpot; from: { lat: number; lng: number } }
  | { ok: true; intent: typeof INTENT.reorder }
  | { ok: true; intent: typeof INTENT.deleteSpot; spot: EditableSpot; restoreToken: string }
  | { ok: true; intent: typeof INTENT.restoreSpot; spot: EditableSpot }
  | ({ ok: true; intent: typeof INTENT.searchPlaces } & PlaceSearchAnswer)
  | { ok: true; intent: typeof INTENT.searchCities; cities: DestinationChoice[] }
  | { ok: false; intent: string; error: string };

/** The map settings as the settings panel edits and autosaves them. */
export interface MapSettingsValue {
  title: string;
  summary: string;
  slug: string;
  cityId: string;
  cityName: string;
  categoryIds: string[];
}

export function settingsOf(map: EditableMap): MapSettingsValue {
  return {
    title: map.title,
    summary: map.summary ?? "",
    slug: map.currentSlug,
    cityId: map.cityId === null ? "" : String(map.cityId),
    cityName: map.cityName ?? "",
    categoryIds: [...map.categoryIds].sort(),
  };
}
