import { href, Link } from "react-router";
import { adminTitle } from "~/lib/page-title";
import { dbContext } from "~/lib/db-context.server";
import { requireAdmin } from "~/routes/guards.server";
import { adminOverview } from "~/modules/platform-stats/overview.server";
import type { Route } from "./+types/admin-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { overview: await adminOverview(context.get(dbContext)) };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Admin") }, { name: "robots", content: "noindex" }];

/** /admin: the size of the platform and the health of outgoing mail. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const stats: [string, number][] = [
    ["Users", overview.users],
    ["Creators", overview.creators],
    ["Published maps", overview.publishedMaps],
    ["Published spots", overview.publishedSpots],
    ["Pending creator applications", overview.pendingApplications],
  ];
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold">Admin</h1>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3 wide:grid-cols-5" data-testid="admin-stats">
          {stats.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-neutral-200 p-4">
              <dt className="text-sm text-neutral-600">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-10 mb-4 text-xl font-semibold">Creators</h2>
        <p className="text-neutral-700">
          <Link to={href("/admin/creators")} className="font-medium text-brand-700 hover:underline">
            Creator applications
          </Link>
          {overview.pendingApplications > 0 ? ` · ${overview.pendingApplications} waiting for a decision` : null}
        </p>
        <h2 className="mt-10 mb-4 text-xl font-semibold">Money</h2>
        <p className="text-neutral-700">
          <Link to={href("/admin/money")} className="font-medium text-brand-700 hover:underline">
            Payout runs
          </Link>
        </p>
        <h2 className="mt-10 mb-4 text-xl font-semibold">Email</h2>
        <p className="text-neutral-700" data-testid="admin-email">
          {overview.email.sent} sent, {overview.email.pending} waiting, {overview.email.failed} failed
        </p>
        {overview.recentFailures.length > 0 ? (
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th className="py-2 font-medium">To</th>
                <th className="py-2 font-medium">Message</th>
                <th className="py-2 font-medium">Error</th>
              </tr>
            </thead>
            <tbody>
              {overview.recentFailures.map((failure) => (
                <tr key={`${failure.to}-${failure.createdAt.toISOString()}`} className="border-b border-neutral-100">
                  <td className="py-2">{failure.to}</td>
                  <td className="py-2">{failure.template}</td>
                  <td className="py-2 text-red-700">{failure.lastError}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </main>
    </>
  );
}
