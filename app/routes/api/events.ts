import { receiveClientEvent } from "~/modules/analytics/client-events.server";
import type { Route } from "./+types/events";

/** POST /api/events: an analytics event only the browser sees (see app/modules/analytics). */
export async function action({ request, context }: Route.ActionArgs) {
  return receiveClientEvent(request, context);
}
