import { href } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { privateFeed } from "~/modules/posts/index.server";
import type { Route } from "./+types/private-feed";
import { feedResponse } from "./feed-response.server";

/**
 * GET /feeds/{token}: a member's private feed of one creator, as that member may read it at this
 * moment. An unknown or revoked token is a 404, like any address that is not there.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const feed = await privateFeed(context.get(dbContext), params.token, new Date());
  if (!feed) notFound(request);
  return feedResponse(request, feed, href("/feeds/:token", { token: params.token }));
}
