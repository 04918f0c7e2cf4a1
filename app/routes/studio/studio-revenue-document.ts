import { dbContext } from "~/lib/db-context.server";
import { invoiceDocument, statementDocument } from "~/modules/money/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import { pdfResponse } from "./revenue-document-response.server";
import type { Route } from "./+types/studio-revenue-document";

/**
 * /studio/revenue/documents/{month}/statement.pdf and …/invoice.pdf: the signed-in creator's own
 * documents only (looked up by their id, so another creator's month is simply not found).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const invoice = new URL(request.url).pathname.endsWith("/invoice.pdf");
  return pdfResponse(await (invoice ? invoiceDocument : statementDocument)(db, viewer.profile.id, params.month));
}
