/**
 * A creator's feed as an HTTP answer (the public feed and members' private feeds): Atom, each
 * body the one markdown renderer's HTML with its allow-list (no raw HTML).
 */
import { siteUrl } from "~/lib/site-url.server";
import { atomFeed, type CreatorFeed } from "~/modules/posts/index.server";

export function feedResponse(request: Request, feed: CreatorFeed, selfPath: string): Response {
  const origin = siteUrl(request);
  const xml = atomFeed(feed, { origin, self: `${origin}${selfPath}` });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      // The public feed is the same for everyone; a private one is its member's alone.
      "Cache-Control": feed.kind === "public" ? "public, max-age=300" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      ...(feed.kind === "private" ? { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" } : {}),
    },
  });
}
