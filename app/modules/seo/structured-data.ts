/**
 * schema.org JSON-LD for search engines, rendered through React Router's
 * `script:ld+json` meta descriptor (which escapes it for HTML). Built only from
 * what the viewer was already given, so a locked spot says no more here than
 * on the page: a name, never its place, address or photos.
 */
import type { MapHeader } from "~/modules/maps/index.server";
import type { GatedSpot, SpotDetail } from "~/modules/spots";

type LdObject = Record<string, unknown>;

export const ldScript = (data: LdObject) => ({ "script:ld+json": data }) as const;

export function spotPlace(spot: SpotDetail, url: string): LdObject {
  if (spot.locked) return { "@context": "https://schema.org", "@type": "Place", name: spot.name, url };
  return {
    "@context": "https://schema.org",
    "@type": "Place",
    name: spot.name,
    url,
    ...(spot.summary ? { description: spot.summary } : {}),
    ...(spot.address ? { address: spot.address } : {}),
    geo: { "@type": "GeoCoordinates", latitude: spot.lat, longitude: spot.lng },
    ...(spot.coverImageUrl || spot.photos.length ? { image: [spot.coverImageUrl, ...spot.photos.map((p) => p.src)].filter(Boolean) } : {}),
  };
}

/** A map as an ordered list of places. */
export function mapItemList(map: MapHeader, spots: GatedSpot[], url: string, spotUrl: (s: GatedSpot) => string): LdObject {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: map.title,
    url,
    ...(map.summary ? { description: map.summary } : {}),
    numberOfItems: spots.length,
    itemListElement: spots.map((s, i) => ({ "@type": "ListItem", position: i + 1, name: s.name, url: spotUrl(s) })),
  };
}
