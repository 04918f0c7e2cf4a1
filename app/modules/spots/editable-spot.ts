/**
 * A spot as the Studio edits it: every field in full (the owner sees
 * everything), with the `version` a save must carry. Shared by the editor
 * page, the spot panel and the spot page; the server functions that read and
 * write it live in `spot-editing.server.ts` and `spot-placement.server.ts`.
 */
import type { SpotPhoto, Visibility } from "#db/schema";

export interface EditableSpot {
  id: string;
  mapId: string;
  slug: string;
  name: string;
  summary: string | null;
  /** Markdown. */
  description: string | null;
  lat: number;
  lng: number;
  address: string | null;
  website: string | null;
  categoryId: string | null;
  photos: SpotPhoto[];
  /** The creator's private labels (imported Takeout tags): the Studio shows and filters by them; no public page has them. */
  labels: string[];
  visibility: Visibility;
  isPublished: boolean;
  /** 0-based; the public order. */
  position: number;
  version: number;
  updatedAt: string;
}

/**
 * A spot as the map editor's list and map show it: only what they need, so a 500-spot map's
 * editor page carries a few fields per spot instead of every field of every spot. The full
 * spot (EditableSpot) is loaded when the creator selects one; `version` tells the editor when
 * its copy of that full spot is out of date.
 */
export interface EditorSpot {
  id: string;
  name: string;
  lat: number;
  lng: number;
  isPublished: boolean;
  /** The creator's private labels: the list shows and filters by them. */
  labels: string[];
  version: number;
}

/**
 * An EditorSpot as the editor page's data carries it: one array per spot, in this order. React
 * Router's encoding (turbo-stream) writes an object's keys with every object; 500 arrays are
 * about half the bytes of 500 objects, and quicker to encode and decode.
 */
export type EditorSpotRow = [id: string, name: string, lat: number, lng: number, isPublished: boolean, labels: string[], version: number];

export function fromEditorSpotRow([id, name, lat, lng, isPublished, labels, version]: EditorSpotRow): EditorSpot {
  return { id, name, lat, lng, isPublished, labels, version };
}

/**
 * The editor's spots as its page's data carries them: the JSON text of their EditorSpotRows, as the
 * database wrote it, passed through whole. React Router's encoding (turbo-stream) walks every value
 * it is given, and 500 spots' values took it a millisecond or more per page (issue 27); one string it
 * writes as it is, and the browser reads it with JSON.parse. An object of its own, new with every
 * load of the page's data, so the editor knows its list was read again even when nothing in it changed.
 */
export interface EditorSpotList {
  json: string;
}

/** The spots of an EditorSpotList, in its order. */
export function parseEditorSpots(list: EditorSpotList): EditorSpot[] {
  return (JSON.parse(list.json) as EditorSpotRow[]).map(fromEditorSpotRow);
}

/** The list's fields of a full spot (after a save, a move, a placement). */
export function toEditorSpot(spot: EditableSpot): EditorSpot {
  return { id: spot.id, name: spot.name, lat: spot.lat, lng: spot.lng, isPublished: spot.isPublished, labels: spot.labels, version: spot.version };
}

/** What a save returns when the row changed since the editor loaded it: the server's copy, to choose from. */
export interface Conflict<T> {
  conflict: true;
  current: T;
}

/** A spot close to a new one with a similar name (the duplicate warning). */
export interface NearbySpot {
  id: string;
  name: string;
  /** Metres, rounded. */
  distance: number;
}
