import { dbContext } from "~/lib/db-context.server";
import { invoiceDocument, statementDocument } from "~/modules/money/index.server";
import { requireAdmin } from "~/routes/guards.server";
import { pdfResponse } from "~/routes/studio/revenue-document-response.server";
import type { Route } from "./+types/admin-creator-document";

/**
 * /admin/money/creators/{creatorId}/documents/{month}/statement.pdf and …/invoice.pdf: any
 * creator's published documents, to admins only. Reading changes nothing, so nothing is audited
 * (the audit log records admin actions, ADR of the back office).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const invoice = new URL(request.url).pathname.endsWith("/invoice.pdf");
  return pdfResponse(await (invoice ? invoiceDocument : statementDocument)(db, params.creatorId, params.month));
}
