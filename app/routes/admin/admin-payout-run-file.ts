import { dbContext } from "~/lib/db-context.server";
import { payoutRunFile } from "~/modules/money/index.server";
import { openPrivateObject } from "~/modules/storage/storage.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-payout-run-file";

const plain = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

/** GET /admin/money/payout-runs/{runId}/sepa.xml: a payout run's SEPA file, to admins only, streamed from the private `documents` bucket. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const file = await payoutRunFile(context.get(dbContext), params.runId);
  if (!file) return plain(404, "Not found");
  const object = await openPrivateObject(file.bucket, file.key);
  if (!object) return plain(404, "Not found");
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/xml",
      ...(object.size !== undefined ? { "Content-Length": String(object.size) } : {}),
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
