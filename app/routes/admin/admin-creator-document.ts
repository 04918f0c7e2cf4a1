import { dbContext } from "~/lib/db-context.server";
import { clientIp } from "~/modules/auth/session.server";
import { adminDocumentDownload } from "~/modules/money/index.server";
import { requireAdmin } from "~/routes/guards.server";
import { pdfResponse } from "~/routes/studio/revenue-document-response.server";
import type { Route } from "./+types/admin-creator-document";

/**
 * /admin/money/creators/{creatorId}/documents/{month}/statement.pdf and …/invoice.pdf: any
 * creator's published documents, to admins only; each download is in the audit log.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const file = new URL(request.url).pathname.endsWith("/invoice.pdf") ? "invoice" : "statement";
  return pdfResponse(
    await adminDocumentDownload(context.get(dbContext), params.creatorId, params.month, file, { userId: admin.user.id, ip: clientIp(context) }),
  );
}
