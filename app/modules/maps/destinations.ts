/**
 * A map's destination as the settings' city search lists it: "Barcelona, Spain", with the country's
 * name rather than its code. Where one name repeats in one country (GeoNames has several
 * "Barcelona"s in the Philippines), the label adds what tells them apart. Region names are not in
 * our data (the cities table keeps GeoNames' admin1 *code* only, and no installed package maps those
 * codes to names), so the label names the largest town near the place instead ("Barcelona, near
 * Sorsogon, Philippines"), and where there is none, its coordinates. Browser-safe.
 */
import { countryName } from "~/lib/country";

export interface DestinationChoice {
  id: number;
  name: string;
  country: string;
  lat: number;
  lng: number;
  /** What the list shows: "Barcelona, Spain", or with what tells a repeated name apart. */
  label: string;
  /** What the settings show once chosen: "Barcelona, Spain". */
  short: string;
}

/** "Barcelona, Spain". */
export function destinationName(name: string, country: string): string {
  const place = countryName(country);
  return place ? `${name}, ${place}` : name;
}

const degrees = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`;

/**
 * Labels for a list of cities: a name that appears more than once in one country gets the town it is
 * near (`near`, by city id), or else its coordinates.
 */
export function destinationLabels(
  hits: { id: number; name: string; country: string; lat: number; lng: number }[],
  near: Map<number, string>,
): DestinationChoice[] {
  const key = (h: { name: string; country: string }) => `${h.name.toLowerCase()}|${h.country}`;
  const seen = new Map<string, number>();
  for (const hit of hits) seen.set(key(hit), (seen.get(key(hit)) ?? 0) + 1);
  return hits.map((hit) => {
    const short = destinationName(hit.name, hit.country);
    if ((seen.get(key(hit)) ?? 0) < 2) return { ...hit, label: short, short };
    const town = near.get(hit.id);
    const where = town ? `near ${town}` : `${degrees(hit.lat, "N", "S")}, ${degrees(hit.lng, "E", "W")}`;
    return { ...hit, label: `${hit.name}, ${where}, ${countryName(hit.country) || hit.country}`, short };
  });
}

/** The names that repeat within a country in a list: the ones that need telling apart. */
export function repeatedIds(hits: { id: number; name: string; country: string }[]): number[] {
  const groups = new Map<string, number[]>();
  for (const hit of hits) {
    const k = `${hit.name.toLowerCase()}|${hit.country}`;
    groups.set(k, [...(groups.get(k) ?? []), hit.id]);
  }
  return [...groups.values()].filter((ids) => ids.length > 1).flat();
}
