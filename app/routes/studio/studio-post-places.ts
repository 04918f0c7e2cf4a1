/**
 * GET /studio/posts/postId/{postId}/places?q=: the creator's own maps and spots matching `q`, for
 * the editor's "Map or spot" picker (JSON). The editor page answers the same search itself
 * (`?find=`) before JavaScript runs.
 */
import { dbContext } from "~/lib/db-context.server";
import { linkablePlaces, loadEditablePost } from "~/modules/posts/index.server";
import { requireStudioCreator } from "../guards.server";
import type { Route } from "./+types/studio-post-places";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const headers = { "Cache-Control": "private, no-store" };
  if (!(await loadEditablePost(db, viewer.profile.id, params.postId))) return Response.json({ error: "Not found" }, { status: 404, headers });
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json({ places: await linkablePlaces(db, viewer.profile.id, q) }, { headers });
}
