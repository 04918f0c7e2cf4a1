import { dbContext } from "~/lib/db-context.server";
import { siteUrl } from "~/lib/site-url.server";
import { renderSitemap, sitemapEntries } from "~/modules/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = renderSitemap(siteUrl(request), await sitemapEntries(context.get(dbContext)));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
