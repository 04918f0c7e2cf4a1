import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { data, href, Link, redirect } from "react-router";
import { PhotoFormsWithoutScript, PhotoManager } from "~/components/studio/photo-manager";
import { SpotPanel } from "~/components/studio/spot-panel";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { spotEditorPage } from "~/modules/spots/spot-editing.server";
import { studioTitle } from "~/lib/page-title";
import { refusalText } from "~/modules/spots/photo-refusals.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-spot";
import { saveSpotFromForm } from "./studio-spot-save.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const page = await spotEditorPage(context.get(dbContext), viewer.profile.id, params.mapId, params.spotId);
  if (!page) notFound(request);
  // A photo post made before JavaScript ran comes back with the reason's key when refused.
  return { ...page, photoError: refusalText(new URL(request.url).searchParams.get("photos")) };
}

export const CHANGED_ELSEWHERE = "This spot was changed in another tab or on another device. Your changes are below, not saved yet: save again to keep them.";

/** A form post without JavaScript (the panel autosaves through /autosave otherwise): saved, or the messages and the values typed. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { status, body, submitted } = await saveSpotFromForm(request, context, params);
  if ("ok" in body) throw redirect(href("/studio/maps/:mapId/spots/:spotId", params));
  if (status === 404) notFound(request);
  if ("conflict" in body) return data({ error: CHANGED_ELSEWHERE, fieldErrors: {}, values: submitted }, { status });
  return data({ error: body.error, fieldErrors: body.fieldErrors ?? {}, values: submitted }, { status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: studioTitle(loaderData?.spot.name ?? "Spot") }, { name: "robots", content: "noindex" }];

/** /studio/maps/{mapId}/spots/{spotId}: one spot's details on a page of their own. */
export default function StudioSpot({ loaderData, actionData }: Route.ComponentProps) {
  return <SpotPage key={loaderData.spot.id} {...loaderData} refused={actionData} />;
}

function SpotPage({ spot, mapTitle, categories, photoError, refused }: Route.ComponentProps["loaderData"] & { refused: Route.ComponentProps["actionData"] }) {
  // The heading follows the saved name (the page is not reloaded after an autosave).
  const [name, setName] = useState(spot.name);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to={href("/studio/maps/:mapId", { mapId: spot.mapId })}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        data-testid="back-to-map"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to {mapTitle}
      </Link>
      <h1 className="mt-3 mb-6 text-2xl font-bold break-words">{name}</h1>
      <SpotPanel
        mapId={spot.mapId}
        spot={spot}
        categories={categories}
        refused={refused}
        onSaved={(saved) => setName(saved.name)}
        photos={<PhotoManager mapId={spot.mapId} spotId={spot.id} photos={spot.photos} error={photoError} />}
      />
      <PhotoFormsWithoutScript mapId={spot.mapId} spotId={spot.id} photos={spot.photos} />
    </main>
  );
}
