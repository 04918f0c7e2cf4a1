import { dbContext } from "~/lib/db-context.server";
import { attachmentFile } from "~/modules/collabs/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-collab-attachment";
import { attachmentResponse } from "../files/collab-attachment-response.server";

/** GET /admin/creator-collab/:briefId/attachments/:attachmentId: a brief's attachment, for admins (a download, never cached). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const file = await attachmentFile(context.get(dbContext), params.briefId, params.attachmentId, { admin: true });
  return attachmentResponse(file);
}
