import { Plus } from "lucide-react";
import { data, Form, href, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { DELETE_PARAM, StudioMapList } from "~/components/studio/studio-map-list";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { mapIsReadyPath } from "~/lib/paths";
import { mapActionSchema, UNKNOWN_ACTION } from "~/modules/maps/map-actions";
import { createMap, deleteMap, duplicateMap, publishMap, unpublishMap } from "~/modules/maps/map-lifecycle.server";
import { studioMapList } from "~/modules/maps/map-list.server";
import { requireStudioCreator } from "~/routes/guards.server";
import { TakenDownNotice } from "~/components/moderation/taken-down-notice";
import { takenDownOf } from "~/modules/moderation/index.server";
import type { Route } from "./+types/studio-maps";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const [maps, takenDown] = await Promise.all([studioMapList(db, viewer.profile.id), takenDownOf(db, viewer.profile.id)]);
  return { maps, takenDown: maps.filter((m) => takenDown.map.has(m.id)).map((m) => ({ id: m.id, label: m.title })) };
}

export type MapsActionData = { ok: true; message: string } | { ok: false; error: string; mapId?: string };

/** Every map action of the page; each one touches only the signed-in creator's own maps. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = mapActionSchema.safeParse(values);
  if (!parsed.success) return data<MapsActionData>({ ok: false, error: UNKNOWN_ACTION }, { status: 400 });
  const db = context.get(dbContext);
  const creatorId = viewer.profile.id;
  const input = parsed.data;
  if (input.intent === "create") {
    const created = await createMap(db, creatorId);
    throw redirect(href("/studio/maps/:mapId", { mapId: created.mapId }));
  }
  const { mapId } = input;
  switch (input.intent) {
    case "duplicate": {
      const result = await duplicateMap(db, creatorId, mapId);
      if (!result.ok) return data<MapsActionData>({ ok: false, error: result.error }, { status: result.status });
      return data<MapsActionData>({ ok: true, message: "Map duplicated: the copy is a draft." });
    }
    case "publish": {
      const result = await publishMap(db, creatorId, mapId);
      if (!result.ok) return data<MapsActionData>({ ok: false, error: result.error, mapId }, { status: result.status });
      if (result.firstPublish) throw redirect(mapIsReadyPath(mapId));
      return data<MapsActionData>({ ok: true, message: "Map published." });
    }
    case "unpublish": {
      const result = await unpublishMap(db, creatorId, mapId);
      if (!result.ok) return data<MapsActionData>({ ok: false, error: result.error }, { status: result.status });
      return data<MapsActionData>({ ok: true, message: "Map unpublished: it is a draft again, seen only by you." });
    }
    case "delete": {
      const result = await deleteMap(db, creatorId, mapId);
      if (!result.ok) return data<MapsActionData>({ ok: false, error: result.error }, { status: result.status });
      return data<MapsActionData>({ ok: true, message: `“${result.title}” was deleted.` });
    }
  }
}

/** Opening or closing the delete confirmation changes only `?delete`: the list need not be loaded again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(DELETE_PARAM);
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Maps") }, { name: "robots", content: "noindex" }];

function NewMapButton() {
  return (
    <Form method="post" action={href("/studio/maps")}>
      <input type="hidden" name="intent" value="create" />
      <Button type="submit" size="md" className="inline-flex items-center gap-1.5">
        <Plus aria-hidden className="size-4" /> New map
      </Button>
    </Form>
  );
}

/** /studio/maps: the creator's maps, drafts and published, and what can be done with each. */
export default function StudioMaps({ loaderData, actionData }: Route.ComponentProps) {
  const { maps, takenDown } = loaderData;
  const result = actionData as MapsActionData | undefined;
  return (
    <>
      <main className="mx-auto max-w-5xl px-4 py-10">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold">Maps</h1>
          {maps.length > 0 ? <NewMapButton /> : null}
        </div>
        <TakenDownNotice items={takenDown} kind="Map" />
        {result?.ok ? <FormAlert tone="success" message={result.message} /> : null}
        {result && !result.ok && !result.mapId ? <FormAlert message={result.error} /> : null}
        {maps.length === 0 ? (
          <EmptyState
            title="No maps yet"
            description="Start your first map: add the places you recommend, and publish it once it has 30 spots."
            action={<NewMapButton />}
          />
        ) : (
          <StudioMapList
            maps={maps}
            takenDownIds={takenDown.map((t) => t.id)}
            errorFor={result && !result.ok && result.mapId ? { mapId: result.mapId, error: result.error } : undefined}
          />
        )}
      </main>
    </>
  );
}
