import { dbContext } from "~/lib/db-context.server";
import { siteUrl } from "~/lib/site-url.server";
import { allMapsZip } from "~/modules/creators/leave-creator.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-maps-zip";

/** /studio/account-management/maps.zip: every map of the signed-in creator as GeoJSON, one file per map. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const zip = await allMapsZip(context.get(dbContext), viewer.user.id, siteUrl(request));
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${viewer.profile.handle}-maps.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
