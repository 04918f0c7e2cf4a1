import { dbContext } from "~/lib/db-context.server";
import { attachmentFile } from "~/modules/collabs/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import { attachmentResponse } from "../files/collab-attachment-response.server";
import type { Route } from "./+types/studio-collab-attachment";

/** GET /studio/collabs/:briefId/attachments/:attachmentId: a brief's attachment, for the brief's own creator only (anyone else: 404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const creator = requireStudioCreator(request, context);
  const file = await attachmentFile(context.get(dbContext), params.briefId, params.attachmentId, { creatorId: creator.user.id });
  return attachmentResponse(file);
}
