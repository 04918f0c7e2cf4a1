/**
 * /studio/maps/{mapId}/review: the map's import review queue.
 *   GET: the queue and its counts (JSON).
 *   POST intent=place, rowId, coordinates ("41.38, 2.17" or DMS) or lat+lng, name?
 *   POST intent=dismiss | reopen, rowId
 * Only the map's owner: any other map is a 404. The editor posts with
 * `Accept: application/json` and gets `{ ok, … }` with the status; a plain
 * form (before JavaScript runs) is answered by going back to the editor's
 * review panel with the outcome's key (303).
 */
import { href, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { REVIEW_INTENT, REVIEW_MESSAGES, reviewActionSchema, reviewNoticeKey, type ReviewActionInput } from "~/modules/imports/review-actions";
import { dismissReviewRow, placeReviewRow, reopenReviewRow, reviewQueue } from "~/modules/imports/review-queue.server";
import { parseCoordinates } from "~/modules/places/coordinates";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-map-review";

const json = (body: object, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const queue = await reviewQueue(context.get(dbContext), viewer.profile.id, params.mapId);
  return queue ? json(queue) : json({ ok: false, error: REVIEW_MESSAGES.mapNotFound }, 404);
}

type Outcome = { ok: true; message: string; [key: string]: unknown } | { ok: false; status: number; error: string };

/** A coordinate from a map click: a number, or NaN (refused by the module with the range message). */
const coordinate = (value: string | undefined) => (value === undefined || value.trim() === "" ? Number.NaN : Number(value));

async function run(db: Parameters<typeof reviewQueue>[0], creatorId: string, mapId: string, input: ReviewActionInput): Promise<Outcome> {
  switch (input.intent) {
    case REVIEW_INTENT.place: {
      let at = { lat: coordinate(input.lat), lng: coordinate(input.lng) };
      if (input.coordinates !== undefined) {
        const parsed = parseCoordinates(input.coordinates);
        if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
        at = parsed;
      }
      const result = await placeReviewRow(db, creatorId, mapId, input.rowId, { lat: at.lat, lng: at.lng, name: input.name });
      return result.ok
        ? { ok: true, message: REVIEW_MESSAGES.placed, spot: result.spot, duplicates: result.duplicates, missedPhotos: result.missedPhotos.length }
        : result;
    }
    case REVIEW_INTENT.dismiss: {
      const result = await dismissReviewRow(db, creatorId, mapId, input.rowId);
      return result.ok ? { ok: true, message: REVIEW_MESSAGES.dismissed, row: result.row } : result;
    }
    case REVIEW_INTENT.reopen: {
      const result = await reopenReviewRow(db, creatorId, mapId, input.rowId);
      return result.ok ? { ok: true, message: REVIEW_MESSAGES.reopened, row: result.row } : result;
    }
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const form = await request.formData();
  const parsed = reviewActionSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  const outcome: Outcome = parsed.success
    ? await run(context.get(dbContext), viewer.profile.id, params.mapId, parsed.data)
    : { ok: false, status: 400, error: REVIEW_MESSAGES.unknown };

  if (wantsJson) return outcome.ok ? json(outcome) : json({ ok: false, error: outcome.error }, outcome.status);
  // Not this creator's map: there is no editor to go back to.
  if (!outcome.ok && outcome.error === REVIEW_MESSAGES.mapNotFound) return json({ ok: false, error: outcome.error }, 404);
  const key = reviewNoticeKey(outcome.ok ? outcome.message : outcome.error);
  return redirect(`${href("/studio/maps/:mapId", { mapId: params.mapId })}?panel=review&reviewed=${key}#review-queue`, 303);
}
