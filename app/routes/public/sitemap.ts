import { getDb } from "~/lib/db.server";
import { siteUrl } from "~/lib/site-url.server";
import { renderSitemap, sitemapEntries } from "~/modules/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request }: Route.LoaderArgs) {
  const xml = renderSitemap(siteUrl(request), await sitemapEntries(await getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
