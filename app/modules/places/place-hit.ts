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
}

export interface CityHit {
  id: number;
  name: string;
  country: string;
}
