import { dbContext } from "~/lib/db-context.server";
import { receiveClientEvent } from "~/modules/analytics/client-events.server";
import { clientIp, getViewer } from "~/modules/auth/session.server";
import type { Route } from "./+types/events";

/** POST /api/events: an analytics event only the browser sees (see app/modules/analytics). */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await receiveClientEvent(request, { db: context.get(dbContext), context, viewer: getViewer(context), clientIp: clientIp(context) });
  return Response.json(reply.body, { status: reply.status, headers: reply.headers });
}
