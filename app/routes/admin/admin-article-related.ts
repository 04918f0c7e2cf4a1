/**
 * GET /admin/articles/related?q=: published maps and creators by name, for the article editor's
 * picker (JSON). Admins only, like every admin route.
 */
import { dbContext } from "~/lib/db-context.server";
import { searchRelated } from "~/modules/discover/article-admin.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-article-related";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json(await searchRelated(context.get(dbContext), q), { headers: { "Cache-Control": "private, no-store" } });
}
