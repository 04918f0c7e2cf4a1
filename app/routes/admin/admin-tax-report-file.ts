import { dbContext } from "~/lib/db-context.server";
import { clientIp } from "~/modules/auth/session.server";
import { isReportYear, isTaxReportFile, taxReportDownload } from "~/modules/money/tax-reports.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-tax-report-file";

const plain = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

/**
 * GET /admin/money/tax-reports/{year}/withholding.csv and …/dac7.csv: a year's withholding
 * certificate data and DAC7 report data, to admins only; each download is in the audit log.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  if (!isReportYear(params.year) || !isTaxReportFile(params.file)) return plain(404, "Not found");
  const { name, csv } = await taxReportDownload(context.get(dbContext), Number(params.year), params.file, {
    userId: admin.user.id,
    ip: clientIp(context),
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
