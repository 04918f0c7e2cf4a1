/**
 * "Open in" links: a spot's exact place handed to the visitor's maps app.
 * Built only from a full spot's coordinates; a locked spot has none to give
 * (its teaser carries the rounded area only), so it gets no links at all.
 *
 * No server code here: the spot page renders these.
 */

export type OpenInApp = "google" | "apple" | "osmand" | "organic" | "geo";

export interface OpenInLink {
  app: OpenInApp;
  label: string;
  href: string;
}

interface Place {
  name: string;
  lat: number;
  lng: number;
  /** The place on Google Maps (a pasted link, a Google import): a Place ID ("ChIJ…") or a CID (digits). */
  googlePlaceId?: string | null;
}

const GE0_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Coordinates are scaled to 30-bit integers (ten characters); links carry the first nine, about 15 cm. */
const GE0_BITS = 30;
const GE0_POINT_CHARS = 9;
const GE0_MAX = 2 ** GE0_BITS - 1;

/** Longitude in [-180, 180). */
function normalLng(lng: number): number {
  const l = (((lng + 180) % 360) + 360) % 360;
  return l - 180;
}

/**
 * The position part of an Organic Maps short link (the "ge0" format its apps
 * and omaps.app read): latitude and longitude scaled to 30-bit integers,
 * interleaved three bits at a time from the top, one base64url character each.
 */
export function ge0Point(lat: number, lng: number): string {
  const y = (lat + 90) / 180;
  const latI = y <= 0 ? 0 : y >= 1 ? GE0_MAX : Math.floor(y * GE0_MAX + 0.5);
  const x = ((normalLng(lng) + 180) / 360) * (GE0_MAX + 1) + 0.5;
  const lngI = x <= 0 || x >= GE0_MAX + 1 ? 0 : Math.floor(x);
  let out = "";
  for (let i = 0, shift = GE0_BITS - 3; i < GE0_POINT_CHARS; i++, shift -= 3) {
    const a = (latI >> shift) & 7;
    const b = (lngI >> shift) & 7;
    const char = (((a >> 2) & 1) << 5) | (((b >> 2) & 1) << 4) | (((a >> 1) & 1) << 3) | (((b >> 1) & 1) << 2) | ((a & 1) << 1) | (b & 1);
    out += GE0_ALPHABET[char];
  }
  return out;
}

/** The name part of a ge0 link: spaces and underscores swap places, the rest is percent-encoded. */
function ge0Name(name: string): string {
  const swapped = name.replace(/[ _]/g, (c) => (c === " " ? "_" : " "));
  return encodeURIComponent(swapped).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Zoom 17 (street level), in ge0's steps of a quarter zoom level above 4. */
const GE0_ZOOM = GE0_ALPHABET[(17 - 4) * 4];

export function organicMapsUrl({ name, lat, lng }: Place): string {
  return `https://omaps.app/${GE0_ZOOM}${ge0Point(lat, lng)}/${ge0Name(name)}`;
}

/**
 * Google Maps at the spot; at the business itself when the spot knows which one it is: a
 * Place ID through Maps URLs' `query_place_id` (the coordinates stay as the fallback query),
 * a CID (what place links and Google exports carry; Maps URLs take no CID) through `?cid=`.
 */
export function googleMapsUrl({ lat, lng, googlePlaceId }: Place): string {
  if (googlePlaceId && /^\d{1,20}$/.test(googlePlaceId)) return `https://maps.google.com/?cid=${googlePlaceId}`;
  if (googlePlaceId) return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}&query_place_id=${encodeURIComponent(googlePlaceId)}`;
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

export function appleMapsUrl({ name, lat, lng }: Place): string {
  return `https://maps.apple.com/?${new URLSearchParams({ ll: `${lat},${lng}`, q: name })}`;
}

export function osmAndUrl({ lat, lng }: Place): string {
  return `https://osmand.net/map?pin=${lat},${lng}#17/${lat}/${lng}`;
}

/** RFC 5870, with Android's `q=lat,lng(label)` so that the app shows a pin with the spot's name. */
export function geoUri({ name, lat, lng }: Place): string {
  const label = name.replace(/[()]/g, "");
  return `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(label)})`;
}

/** Every app's link for a spot the viewer may open, in the order the page lists them. */
export function openInLinks(place: Place): OpenInLink[] {
  return [
    { app: "google", label: "Google Maps", href: googleMapsUrl(place) },
    { app: "apple", label: "Apple Maps", href: appleMapsUrl(place) },
    { app: "osmand", label: "OsmAnd", href: osmAndUrl(place) },
    { app: "organic", label: "Organic Maps", href: organicMapsUrl(place) },
    // geo: opens whichever maps app the device has chosen (Android); elsewhere it may do nothing, hence its label.
    { app: "geo", label: "Other app", href: geoUri(place) },
  ];
}
