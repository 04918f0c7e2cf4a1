/** What "add a spot by name" finds: places to put a new spot at, and destinations for a map. */

/** Somewhere to put a new spot, found by name. */
export interface PlaceHit {
  kind: "city" | "spot" | "place";
  /** Unique within one answer. */
  key: string;
  name: string;
  /** Where it is (country, map title, the geocoder's address). */
  detail: string;
  lat: number;
  lng: number;
  /** A spot of the creator's: which one, and on which map (picking one on the map being edited selects it). */
  spotId?: string;
  mapId?: string;
  /** A place from a pasted Google Maps link: the id Google Maps opens it by (see google-urls.ts). */
  googlePlaceId?: string | null;
}

/** What the place search answers: the places, and whether the geocoder was asked and answered. */
export interface PlaceSearchAnswer {
  places: PlaceHit[];
  /** off: none configured; ok: it answered (or its answer was cached); unavailable: down, slow or garbage. */
  geocoder: "off" | "ok" | "unavailable";
  /** The line to show with the geocoder's places ("Search by Photon, data © OpenStreetMap contributors"). */
  attribution: string | null;
  /** A pasted Google Maps link: the place it points at. */
  link: PlaceHit | null;
  /** A pasted link that could not be used, in words. */
  linkError: string | null;
}

export const PLACE_SEARCH_MESSAGES = {
  unavailable: "Places by name are unavailable right now: showing cities and your own spots.",
  notAPlace: "This link is not a Google Maps place. Paste the link of a place from Google Maps, or type its name.",
  shortLink: "Short Google Maps links (maps.app.goo.gl) cannot be read here. Open the link, then paste the full address from the browser's address bar.",
  noPosition: "This Google Maps link does not say where the place is. Open the place in Google Maps and paste the address from the browser's address bar.",
} as const;

export interface CityHit {
  id: number;
  name: string;
  country: string;
}
