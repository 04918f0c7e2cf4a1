/**
 * A map as GeoJSON: the one shape every export format is written from, so
 * that GPX, KML and GeoJSON carry the same spots, in the same order, with
 * the same fields. It is built only from spots the viewer may open in full;
 * a locked spot is left out before it gets here (see map-export.server.ts).
 *
 * No server code here: pure functions, unit-tested.
 */

/** Decimal places kept in every export: about 11 cm, the precision the Studio places spots at. */
export const EXPORT_DECIMALS = 6;

export const roundCoordinate = (value: number) => Number(value.toFixed(EXPORT_DECIMALS));

/** A spot as it goes into an export: every field already one the viewer may see. */
export interface ExportSpot {
  id: string;
  name: string;
  summary: string | null;
  description: string | null;
  lat: number;
  lng: number;
  category: string | null;
  address: string | null;
  website: string | null;
  /** Absolute URLs. */
  photos: string[];
  /** The spot's page, absolute. */
  url: string;
  isPublished: boolean;
}

export interface ExportMap {
  title: string;
  summary: string | null;
  /** The map's page, absolute. */
  url: string;
}

/** The properties of a spot's feature; absent fields are left out rather than null. */
export type SpotProperties = {
  name: string;
  /** Summary and description, as plain text. */
  note?: string;
  category?: string;
  /** 1-based, in the creator's order. */
  order: number;
  url: string;
  website?: string;
  address?: string;
  photos?: string[];
  /** Only on drafts, which only their owner (and admins) export. */
  draft?: true;
};

export type SpotFeature = {
  type: "Feature";
  id: string;
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: SpotProperties;
};

/** A FeatureCollection with the map's title, summary and address as foreign members (RFC 7946 section 6.1). */
export type MapFeatureCollection = {
  type: "FeatureCollection";
  name: string;
  description?: string;
  url: string;
  features: SpotFeature[];
};

/** A spot's note: its summary and its description, as one text. */
export function noteOf(spot: Pick<ExportSpot, "summary" | "description">): string | undefined {
  const parts = [spot.summary, spot.description].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return parts.length ? parts.join("\n\n") : undefined;
}

export function spotFeature(spot: ExportSpot, order: number): SpotFeature {
  const note = noteOf(spot);
  const properties: SpotProperties = { name: spot.name, order, url: spot.url };
  if (note) properties.note = note;
  if (spot.category) properties.category = spot.category;
  if (spot.website) properties.website = spot.website;
  if (spot.address) properties.address = spot.address;
  if (spot.photos.length) properties.photos = spot.photos;
  if (!spot.isPublished) properties.draft = true;
  return {
    type: "Feature",
    id: spot.id,
    geometry: { type: "Point", coordinates: [roundCoordinate(spot.lng), roundCoordinate(spot.lat)] },
    properties,
  };
}

/** The map's spots, in the order given (the creator's), as one FeatureCollection. */
export function mapFeatureCollection(map: ExportMap, spots: ExportSpot[]): MapFeatureCollection {
  return {
    type: "FeatureCollection",
    name: map.title,
    ...(map.summary ? { description: map.summary } : {}),
    url: map.url,
    features: spots.map((spot, index) => spotFeature(spot, index + 1)),
  };
}
