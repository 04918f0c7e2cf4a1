import { href, Link } from "react-router";
import { TrendChart } from "~/components/admin/trend-chart";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { adminTitle } from "~/lib/page-title";
import { dbContext } from "~/lib/db-context.server";
import { formatEuros } from "~/modules/money";
import { requireAdmin } from "~/routes/guards.server";
import { adminOverview } from "~/modules/platform-stats/overview.server";
import { adminTrends, type TrendKey } from "~/modules/platform-stats/trends.server";
import type { Route } from "./+types/admin-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const [overview, trends] = await Promise.all([adminOverview(db), adminTrends(db)]);
  return { overview, trends };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Admin") }, { name: "robots", content: "noindex" }];

const euros = (c: number) => formatEuros(c as Parameters<typeof formatEuros>[0], { decimals: "always" });
const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

/** /admin: the size of the platform, its last 90 days, the money of this month and last, and whether mail flows. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { overview, trends } = loaderData;
  const cards: { label: string; value: string; trend: TrendKey; trendLabel: string; note?: string; format?: (n: number) => string; to?: string }[] = [
    { label: "Users", value: String(overview.users), trend: "signups", trendLabel: "Sign-ups" },
    { label: "Creators", value: String(overview.creators), trend: "creators", trendLabel: "Creators approved" },
    {
      label: "Applications waiting",
      value: String(overview.pendingApplications),
      trend: "applications",
      trendLabel: "Applications received",
      to: href("/admin/creators"),
    },
    { label: "Published maps", value: String(overview.publishedMaps), trend: "maps", trendLabel: "Maps published" },
    { label: "Published spots", value: String(overview.publishedSpots), trend: "spots", trendLabel: "Published spots added" },
    { label: "Premium members", value: String(trends.members.premium), trend: "premium", trendLabel: "Premium subscriptions started" },
    {
      label: "Supporters",
      value: String(trends.members.supporters),
      note: `of ${trends.members.supportedCreators} creator${trends.members.supportedCreators === 1 ? "" : "s"}`,
      trend: "supporters",
      trendLabel: "Supporter subscriptions started",
    },
    {
      label: `Member payments, ${monthName(trends.revenue.thisMonth.month)}`,
      value: euros(trends.revenue.thisMonth.grossCents),
      note: `${euros(trends.revenue.lastMonth.grossCents)} in ${monthName(trends.revenue.lastMonth.month)}`,
      trend: "payments",
      trendLabel: "Member payments",
      format: euros,
      to: href("/admin/money"),
    },
  ];
  const { thisMonth, lastMonth } = trends.revenue;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin</h1>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 wide:grid-cols-4" data-testid="admin-stats">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-neutral-200 p-4" data-testid="admin-stat">
            <dt className="text-sm text-neutral-600">
              {card.to ? (
                <Link to={card.to} className="hover:underline">
                  {card.label}
                </Link>
              ) : (
                card.label
              )}
            </dt>
            <dd>
              <span className="text-2xl font-bold">{card.value}</span>
              {card.note ? <span className="ml-2 text-sm text-neutral-600">{card.note}</span> : null}
              <TrendChart label={card.trendLabel} days={trends.days} values={trends.series[card.trend]} format={card.format} />
            </dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-10 mb-4 text-xl font-semibold">Revenue</h2>
      <table className="w-full max-w-2xl text-left text-sm" data-testid="admin-revenue">
        <thead>
          <tr className="border-b border-neutral-200 text-neutral-600">
            <th className="py-2 font-medium">Month</th>
            <th className="py-2 text-right font-medium">Member payments</th>
            <th className="py-2 text-right font-medium">Refunds</th>
            <th className="py-2 text-right font-medium">Platform revenue</th>
          </tr>
        </thead>
        <tbody>
          {[thisMonth, lastMonth].map((m) => (
            <tr key={m.month} className="border-b border-neutral-100">
              <td className="py-2 font-medium">{monthName(m.month)}</td>
              <td className="py-2 text-right">{euros(m.grossCents)}</td>
              <td className="py-2 text-right">{euros(m.refundedCents)}</td>
              <td className="py-2 text-right">{euros(m.platformCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm text-neutral-600">
        Member payments are gross, VAT included, by the day they were paid. Platform revenue is what the ledger credits the platform once a month is closed (its
        share of Supporter payments and of Premium after the pool).
      </p>

      <h2 className="mt-10 mb-4 text-xl font-semibold">Email</h2>
      <p className="text-neutral-700" data-testid="admin-email">
        {overview.email.sent} sent, {overview.email.pending} waiting, {overview.email.failed} failed, {overview.email.bounced} bounced
      </p>
      <p className="mt-1 text-sm text-neutral-600" data-testid="admin-email-suppressed">
        {`Bounce list: ${overview.suppressedAddresses === 1 ? "1 address" : `${overview.suppressedAddresses} addresses`} no longer sent to, ${overview.email.suppressed === 1 ? "1 message" : `${overview.email.suppressed} messages`} held back. Clear an address on its user's page.`}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="admin-email-health">
        <div className="rounded-xl border border-neutral-200 p-4">
          <p className="text-neutral-700">Sent</p>
          <TrendChart label="Emails sent" days={trends.days} values={trends.series.emailSent} />
        </div>
        <div className="rounded-xl border border-neutral-200 p-4">
          <p className="text-neutral-700">Failed (gave up after retries)</p>
          <TrendChart label="Emails failed" days={trends.days} values={trends.series.emailFailed} />
        </div>
        <div className="rounded-xl border border-neutral-200 p-4">
          <p className="text-neutral-700">Bounced (refused for good by the mail server)</p>
          <TrendChart label="Emails bounced" days={trends.days} values={trends.series.emailBounced} />
        </div>
      </div>
      {overview.recentFailures.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm" data-testid="admin-email-failures">
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600">
              <th className="py-2 font-medium">To</th>
              <th className="py-2 font-medium">Message</th>
              <th className="py-2 font-medium">Outcome</th>
              <th className="py-2 font-medium">Error</th>
            </tr>
          </thead>
          <tbody>
            {overview.recentFailures.map((failure) => (
              <tr key={`${failure.to}-${failure.createdAt.toISOString()}`} className="border-b border-neutral-100">
                <td className="py-2">{failure.to}</td>
                <td className="py-2">{failure.template}</td>
                <td className="py-2">{failure.status === "bounced" ? "Bounced" : "Failed"}</td>
                <td className="py-2 text-red-700">{failure.lastError}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <h2 className="mt-10 mb-4 text-xl font-semibold">Work</h2>
      <ul className="flex flex-wrap gap-3 text-sm" data-testid="admin-queues">
        {ADMIN_NAV.filter((item) => item.to !== href("/admin")).map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="block rounded-lg border border-neutral-200 px-3 py-2 font-medium text-brand-700 hover:bg-neutral-50">
              {/* The creators' page is the applications queue. */}
              {item.to === href("/admin/creators")
                ? `Creator applications${overview.pendingApplications > 0 ? ` (${overview.pendingApplications} waiting)` : ""}`
                : item.label}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
