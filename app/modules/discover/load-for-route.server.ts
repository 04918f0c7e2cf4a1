/**
 * The article page's loading: a public article, a 301 to its right address
 * when the type in the URL is not its own, or a 404.
 */
import { href, redirect } from "react-router";
import { getDb } from "~/lib/db.server";
import { notFound } from "~/lib/http-errors";
import { type ArticlePage, loadArticle } from "./discover.server";

export async function articlePageForRoute(request: Request, type: string, slug: string): Promise<ArticlePage> {
  const found = await loadArticle(await getDb(), type, slug);
  if (found.kind === "missing") notFound(request);
  if (found.kind === "moved") {
    // Keep the visitor's query, not the router's own (`_routes` on data requests).
    const params = new URL(request.url).searchParams;
    params.delete("_routes");
    throw redirect(`${href("/discover/:type/:itemSlug", { type: found.to.type, itemSlug: found.to.slug })}${params.size ? `?${params}` : ""}`, 301);
  }
  return found.page;
}
