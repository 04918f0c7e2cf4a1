import { href, Link } from "react-router";
import { adminTitle } from "~/lib/page-title";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { listApplications } from "~/modules/creators/application-review.server";
import { APPLICATION_STATUS_LABELS, isApplicationStatus, type ApplicationStatus } from "~/modules/creators/review-validation";
import { ApplicationStatusBadge } from "~/components/admin/application-status";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-creators";

const STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const requested = new URL(request.url).searchParams.get("status");
  const status = isApplicationStatus(requested) ? requested : undefined;
  const list = await listApplications(context.get(dbContext), { status });
  return { ...list, status: status ?? null };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Creator applications") }, { name: "robots", content: "noindex" }];

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** /admin/creators: creator applications by status, pending first and oldest first. */
export default function AdminCreators({ loaderData }: Route.ComponentProps) {
  const { applications, counts, status } = loaderData;
  const total = STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const tabs: { label: string; count: number; to: string; current: boolean }[] = [
    { label: "All", count: total, to: href("/admin/creators"), current: status === null },
    ...STATUSES.map((s) => ({
      label: APPLICATION_STATUS_LABELS[s],
      count: counts[s],
      to: `${href("/admin/creators")}?status=${s}`,
      current: status === s,
    })),
  ];
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <Link to={href("/admin")} className="text-sm font-medium text-brand-700 hover:underline">
          Admin
        </Link>
        <h1 className="mt-1 text-3xl font-bold">Creator applications</h1>
        <nav aria-label="Application status" className="mt-6 flex flex-wrap gap-2" data-testid="application-tabs">
          {tabs.map((tab) => (
            <Link
              key={tab.label}
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${
                tab.current ? "border-brand-600 bg-brand-50 text-brand-700" : "border-neutral-300 text-neutral-700 hover:bg-neutral-50"
              }`}
            >
              {tab.label} <span className="tabular-nums">({tab.count})</span>
            </Link>
          ))}
        </nav>
        {applications.length === 0 ? (
          <div className="mt-8">
            <EmptyState title="No applications" description="Applications people send from /creators/apply appear here." />
          </div>
        ) : (
          <table className="mt-8 w-full text-left text-sm" data-testid="applications">
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th className="py-2 font-medium">Applicant</th>
                <th className="py-2 font-medium">Sent</th>
                <th className="py-2 font-medium">Map</th>
                <th className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((application) => (
                <tr key={application.id} className="border-b border-neutral-100">
                  <td className="py-3">
                    <Link to={href("/admin/creators/:id", { id: application.id })} className="font-medium text-brand-700 hover:underline">
                      {application.applicant.displayName || application.applicant.name}
                    </Link>
                    <div className="text-neutral-600">
                      {application.applicant.email}
                      {application.applicant.handle ? ` · @${application.applicant.handle}` : ""}
                    </div>
                  </td>
                  <td className="py-3 whitespace-nowrap">{day.format(new Date(application.createdAt))}</td>
                  <td className="py-3">
                    {application.hasFile ? "PDF" : null}
                    {application.hasFile && application.url ? " · " : null}
                    {application.url ? (
                      <a href={application.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
                        Google Maps link
                      </a>
                    ) : null}
                  </td>
                  <td className="py-3">
                    <ApplicationStatusBadge status={application.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </main>
    </>
  );
}
