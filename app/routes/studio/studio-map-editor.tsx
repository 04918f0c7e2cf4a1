import { href, type ShouldRevalidateFunctionArgs } from "react-router";
import { ImportedNotice } from "~/components/studio/imported-notice";
import { MapEditor } from "~/components/studio/map-editor";
import { dbContext } from "~/lib/db-context.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http-errors";
import { studioTitle } from "~/lib/page-title";
import { reviewNotice } from "~/modules/imports/review-actions";
import { reviewQueue } from "~/modules/imports/review-queue.server";
import { INTENT } from "~/modules/maps/editor-intents";
import { loadEditor } from "~/modules/maps/map-editing.server";
import { geocoderUrlOf } from "~/modules/places/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import { TakenDownNotice } from "~/components/moderation/taken-down-notice";
import { takenDownOf } from "~/modules/moderation/index.server";
import { parseEditorSpots } from "~/modules/spots";
import type { Route } from "./+types/studio-map-editor";
import { editorAction } from "./studio-map-editor-action.server";

/** Only the map's owner: any other map id is "not found", whoever asks. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const [editor, review, takenDown] = await Promise.all([
    loadEditor(db, viewer.profile.id, params.mapId),
    reviewQueue(db, viewer.profile.id, params.mapId),
    takenDownOf(db, viewer.profile.id),
  ]);
  if (!editor || !review) notFound(request);
  // ?panel=review opens the review queue (the link to it works before JavaScript runs); ?reviewed= is a plain form's outcome.
  const search = new URL(request.url).searchParams;
  return {
    ...editor,
    review,
    panel: search.get("panel") === "review" ? ("review" as const) : ("spots" as const),
    reviewNotice: reviewNotice(search.get("reviewed")),
    hasGeocoder: Boolean(geocoderUrlOf(env().GEOCODER_URL)),
    publicPath: href("/maps/:mapId", { mapId: editor.map.currentSlug }),
    // The map, or spots of it, an admin has taken down: named above the editor.
    takenDown: [
      ...(takenDown.map.has(editor.map.id) ? [{ id: editor.map.id, label: `Map “${editor.map.title}”` }] : []),
      // The list is read here only when a spot of the creator's is taken down (it goes to the browser as text).
      ...(takenDown.spot.size > 0 ? parseEditorSpots(editor.spots).filter(({ id }) => takenDown.spot.has(id)) : []).map(({ id, name }) => ({
        id,
        label: `Spot “${name}”`,
      })),
    ],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  return editorAction(context.get(dbContext), viewer.profile.id, params.mapId, await request.formData(), request.signal);
}

const READ_ONLY_INTENTS = new Set<string>([INTENT.searchPlaces, INTENT.searchCities]);

/** A search changes nothing: the editor (up to hundreds of spots) is not loaded again after one. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (typeof intent === "string" && READ_ONLY_INTENTS.has(intent)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: studioTitle(loaderData?.map.title ?? "Map") }, { name: "robots", content: "noindex" }];

/** /studio/maps/{mapId}: the map and its ordered spots side by side, with the map's settings. */
export default function StudioMapEditor({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-4 empty:hidden">
        <TakenDownNotice items={loaderData.takenDown} />
      </div>
      <ImportedNotice inReview={loaderData.review.totals.inReview} />
      <MapEditor {...loaderData} />
    </>
  );
}
