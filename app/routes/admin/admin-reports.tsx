import { data, Form, href, Link, redirect } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { siteUrl } from "~/lib/site-url.server";
import { clientIp } from "~/modules/auth/session.server";
import { reportReasonLabel, TARGET_NAMES } from "~/modules/moderation";
import { listReports, settleReport } from "~/modules/moderation/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const status = search.get("status") === "closed" ? "closed" : "open";
  const done = search.get("done");
  const told = search.get("told") === "1" ? ": the reporter was emailed the outcome" : "";
  return {
    status,
    ...(await listReports(context.get(dbContext), status)),
    notice: done === "resolved" ? `The report is resolved${told}` : done === "dismissed" ? `The report is dismissed${told}` : null,
  } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const reportId = String(form.get("reportId") ?? "");
  if (intent !== "resolve" && intent !== "dismiss") return data({ formError: "Unknown request" }, { status: 400 });
  const status = intent === "resolve" ? "resolved" : "dismissed";
  const result = await settleReport(context.get(dbContext), { userId: admin.user.id, ip: clientIp(context) }, reportId, status, {
    siteOrigin: siteUrl(request),
  });
  if (!result.ok) return data({ formError: "This report is not open (any more)" }, { status: 404 });
  throw redirect(`${href("/admin/reports")}?done=${status}${result.reporterTold ? "&told=1" : ""}`);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Reports") }, { name: "robots", content: "noindex" }];

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const tab = (current: boolean) => `rounded-full px-4 py-2 text-sm font-semibold ${current ? "bg-ink text-white" : "text-neutral-700 hover:bg-neutral-100"}`;

/** /admin/reports: the public's reports, open first come first served; resolve, dismiss, or take the item down from here. */
export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { status, reports, openCount, notice } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Reports</h1>
      <nav aria-label="Report status" className="mt-4 flex gap-2">
        <Link to={href("/admin/reports")} className={tab(status === "open")} aria-current={status === "open" ? "page" : undefined}>
          Open ({openCount})
        </Link>
        <Link to={`${href("/admin/reports")}?status=closed`} className={tab(status === "closed")} aria-current={status === "closed" ? "page" : undefined}>
          Resolved
        </Link>
      </nav>
      {notice ? (
        <div className="mt-4">
          <FormAlert tone="success" message={notice} />
        </div>
      ) : null}
      {actionData?.formError ? (
        <div className="mt-4">
          <FormAlert message={actionData.formError} />
        </div>
      ) : null}
      {reports.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            title={status === "open" ? "No open reports" : "No resolved reports yet"}
            description="Reports from the public's Report links land here."
          />
        </div>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="reports">
          {reports.map((report) => (
            <li key={report.id} className="rounded-xl border border-neutral-200 p-4" data-testid="report">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  <span className="mr-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700 uppercase">
                    {TARGET_NAMES[report.targetType]}
                  </span>
                  {report.target ? (
                    <Link to={report.target.path} className="text-brand-700 hover:underline">
                      {report.target.label}
                    </Link>
                  ) : (
                    <span className="text-neutral-600">Deleted since</span>
                  )}
                </p>
                <p className="text-sm text-neutral-600">{when.format(new Date(report.createdAt))} UTC</p>
              </div>
              <p className="mt-2 text-sm">
                <strong>Reason:</strong> {reportReasonLabel(report.reason)}
              </p>
              {report.details ? <p className="mt-1 text-sm whitespace-pre-line">{report.details}</p> : null}
              <p className="mt-1 text-sm text-neutral-600">{report.reporterEmail ? `Reporter: ${report.reporterEmail}` : "Anonymous reporter"}</p>
              {report.status === "open" ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  {report.target ? (
                    <ButtonLink
                      to={`${href("/admin/moderation")}?${new URLSearchParams({ type: report.targetType, id: report.targetId, report: report.id })}`}
                      size="sm"
                      variant="danger"
                    >
                      Take down
                    </ButtonLink>
                  ) : null}
                  <Form method="post" className="contents">
                    <input type="hidden" name="reportId" value={report.id} />
                    <Button type="submit" name="intent" value="resolve" size="sm" variant="secondary">
                      Resolve
                    </Button>
                    <Button type="submit" name="intent" value="dismiss" size="sm" variant="secondary">
                      Dismiss
                    </Button>
                  </Form>
                </div>
              ) : (
                <p className="mt-2 text-sm font-medium" data-testid="report-status">
                  {report.status === "resolved" ? "Resolved" : "Dismissed"}
                  {report.resolvedAt ? ` ${when.format(new Date(report.resolvedAt))} UTC` : ""}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
