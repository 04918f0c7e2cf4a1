import { href } from "react-router";
import { Pager } from "~/components/ui/pager";
import { SpotsWithMap } from "~/components/maps/spots-with-map";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { spotPath } from "~/lib/paths";
import { getViewer } from "~/modules/auth/session.server";
import { CREATOR_SPOTS_PAGE_SIZE, creatorSpots, creatorSpotsPageSchema, loadCreator } from "~/modules/creators/creator-page.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/creator-spots";

/** One page of the spots; the creator is looked up again because this loader runs beside the page's, not after it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.atHandle.startsWith("@")) notFound(request);
  const db = context.get(dbContext);
  const viewer = entitlementsOf(getViewer(context));
  const creator = await loadCreator(db, params.atHandle.slice(1), viewer);
  if (!creator) notFound(request);
  const page = creatorSpotsPageSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const result = await creatorSpots(db, creator, viewer, page);
  return { ...result, start: (result.page - 1) * CREATOR_SPOTS_PAGE_SIZE, handle: creator.handle, creatorName: creator.displayName ?? `@${creator.handle}` };
}

/** `/@{handle}/spots`: the creator's spots across their maps (gated ones as teasers), a page at a time beside their map. */
export default function CreatorSpots({ loaderData }: Route.ComponentProps) {
  const { spots, page, pages, start, handle, creatorName } = loaderData;
  const spotsHref = href("/:atHandle/spots", { atHandle: `@${handle}` });
  return (
    <div data-testid="creator-spots">
      <SpotsWithMap
        spots={spots}
        creatorName={creatorName}
        spotHref={(spot) => spotPath(spot.map, spot)}
        mapLabel={`Map of spots by ${creatorName}`}
        start={start}
        detail={(spot) => spot.map.title}
        empty={{ title: "No spots yet", description: "Spots on published maps will appear here." }}
        footer={<Pager current={page} pages={pages} pageHref={(n) => (n === 1 ? spotsHref : `${spotsHref}?page=${n}`)} />}
      />
    </div>
  );
}
