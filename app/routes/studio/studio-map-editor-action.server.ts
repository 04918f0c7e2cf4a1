/**
 * The map editor's action, intent by intent: parse the form, call one module
 * function scoped by the signed-in creator, answer with the editor's
 * EditorActionData and a status (400 bad input, 404 not theirs, 409 stale).
 */
import { data } from "react-router";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { INTENT, type EditorActionData } from "~/modules/maps/editor-intents";
import { findCities } from "~/modules/maps/map-editing.server";
import { geocodeCacheFor, geocoderUrlOf } from "~/modules/places/index.server";
import { searchPlaces } from "~/modules/places/place-search.server";
import { createSpot, deleteSpot, moveSpot, reorderSpots, restoreSpot } from "~/modules/spots/spot-placement.server";

const UNKNOWN = "This change is not something the editor can make";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A coordinate from the form: a number, or NaN (refused by the module with the range message). */
function coordinate(form: FormData, name: string): number {
  const value = text(form, name).trim();
  return value === "" ? Number.NaN : Number(value);
}

function answer(body: EditorActionData, status = 200) {
  return data(body, { status });
}

/** The view's centre the place search ranks by, when the form gives a usable one. */
function near(form: FormData): { lat: number; lng: number } | null {
  const lat = Number(text(form, "lat"));
  const lng = Number(text(form, "lng"));
  if (text(form, "lat") === "" || text(form, "lng") === "") return null;
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

function placeGeocoder() {
  const settings = env();
  const url = geocoderUrlOf(settings.GEOCODER_URL);
  return url ? { url, minIntervalMs: settings.GEOCODER_MIN_INTERVAL_MS, cache: geocodeCacheFor(settings) } : null;
}

/** `signal`: the page's request, so a search the editor has given up on stops waiting for the geocoder. */
export async function editorAction(db: Database, creatorId: string, mapId: string, form: FormData, signal?: AbortSignal) {
  const intent = text(form, "intent");
  const failed = (result: { status: number; error: string }) => answer({ ok: false, intent, error: result.error }, result.status);
  switch (intent) {
    case INTENT.createSpot: {
      const result = await createSpot(db, creatorId, mapId, {
        name: text(form, "name"),
        lat: coordinate(form, "lat"),
        lng: coordinate(form, "lng"),
        googlePlaceId: text(form, "googlePlaceId") || null,
      });
      return result.ok ? answer({ ok: true, intent, spot: result.spot, duplicates: result.duplicates }) : failed(result);
    }
    case INTENT.moveSpot: {
      const result = await moveSpot(db, creatorId, text(form, "spotId"), { lat: coordinate(form, "lat"), lng: coordinate(form, "lng") });
      return result.ok ? answer({ ok: true, intent, spot: result.spot, from: result.from }) : failed(result);
    }
    case INTENT.reorder: {
      const result = await reorderSpots(db, creatorId, mapId, form.getAll("spotId"));
      return result.ok ? answer({ ok: true, intent }) : failed(result);
    }
    case INTENT.deleteSpot: {
      const result = await deleteSpot(db, creatorId, text(form, "spotId"));
      return result.ok ? answer({ ok: true, intent, spot: result.spot, restoreToken: result.restoreToken }) : failed(result);
    }
    case INTENT.restoreSpot: {
      const result = await restoreSpot(db, creatorId, text(form, "token"));
      return result.ok ? answer({ ok: true, intent, spot: result.spot }) : failed(result);
    }
    case INTENT.searchPlaces: {
      const found = await searchPlaces(db, creatorId, text(form, "q"), { geocoder: placeGeocoder(), mapId, near: near(form), signal });
      return answer({ ok: true, intent, ...found });
    }
    case INTENT.searchCities:
      return answer({ ok: true, intent, cities: await findCities(db, text(form, "q")) });
    default:
      return answer({ ok: false, intent, error: UNKNOWN }, 400);
  }
}
