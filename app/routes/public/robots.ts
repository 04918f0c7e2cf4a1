import { href } from "react-router";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const base = siteUrl(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account",
    "Disallow: /atlas",
    "Disallow: /studio",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /confirm",
    "Disallow: /dev/",
    "Disallow: /search",
    `Sitemap: ${base}${href("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
