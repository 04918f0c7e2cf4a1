import { href } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { publicFeed } from "~/modules/posts/index.server";
import type { Route } from "./+types/creator-feed";
import { feedResponse } from "./feed-response.server";

/** GET /@{handle}/posts/feed.xml: the creator's public posts as Atom (gated posts are not in it). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.atHandle.startsWith("@")) notFound(request);
  const feed = await publicFeed(context.get(dbContext), params.atHandle.slice(1), new Date());
  if (!feed) notFound(request);
  return feedResponse(request, feed, href("/:atHandle/posts/feed.xml", { atHandle: `@${feed.creator.handle}` }));
}
