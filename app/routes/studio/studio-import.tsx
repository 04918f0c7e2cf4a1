import { href, Link, useNavigation } from "react-router";
import { AcceptedFiles, ExportHowTo, ImportError, PreviewForm, UploadForm } from "~/components/studio/import-page";
import { dbContext } from "~/lib/db-context.server";
import { env } from "~/lib/env.server";
import { studioTitle } from "~/lib/page-title";
import { ownMapTitle } from "~/modules/imports/import-preview.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-import";
import { importAction, type ImportActionData } from "./studio-import-action.server";

/** `?map=<id>` preselects one of the creator's maps as the target of every list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const mapId = new URL(request.url).searchParams.get("map");
  const target = mapId ? await ownMapTitle(context.get(dbContext), viewer.profile.id, mapId) : null;
  return { target, hasGeocoder: Boolean(env().GEOCODER_URL) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  return importAction(request, context.get(dbContext), viewer.profile.id);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Import") }, { name: "robots", content: "noindex" }];

/** /studio/maps/import/google-saved-lists: upload saved lists (Takeout, My Maps, GPX, GeoJSON), preview, confirm. */
export default function StudioImport({ loaderData, actionData }: Route.ComponentProps) {
  const { target, hasGeocoder } = loaderData;
  const result = actionData as ImportActionData | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div>
        <p className="text-sm">
          <Link to={href("/studio/maps")} className="text-neutral-600 hover:underline">
            Maps
          </Link>
        </p>
        <h1 className="text-3xl font-bold">Import places</h1>
        <p className="mt-2 text-neutral-700">
          Bring in the lists you already keep. Nothing is written until you confirm the preview, and every row either becomes a spot or waits in the map’s
          review queue with the reason.
        </p>
        {target ? (
          <p className="mt-2 text-sm font-medium" data-testid="import-target-map">
            Importing into “{target.title}”.
          </p>
        ) : null}
      </div>
      <section aria-labelledby="import-accepted" className="space-y-2">
        <h2 id="import-accepted" className="text-lg font-semibold">
          What can be imported
        </h2>
        <AcceptedFiles />
        {hasGeocoder ? null : (
          <p className="text-sm text-neutral-600">No geocoder is configured: rows without coordinates wait in the review queue for you to place them.</p>
        )}
      </section>
      <section aria-labelledby="import-how" className="space-y-2">
        <h2 id="import-how" className="text-lg font-semibold">
          How to get your export
        </h2>
        <ExportHowTo />
      </section>
      {result && !result.ok ? <ImportError error={result.error} errors={result.errors} /> : null}
      <UploadForm mapId={target?.id ?? null} busy={busy} />
      {result?.preview ? <PreviewForm preview={result.preview} busy={busy} /> : null}
    </main>
  );
}
