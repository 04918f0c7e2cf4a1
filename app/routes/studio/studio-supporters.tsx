import { Download, HandHeart } from "lucide-react";
import { href, Link } from "react-router";
import { SupporterMonthsTable, SupportersChart } from "~/components/studio/supporters-chart";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { creatorPath } from "~/lib/paths";
import { studioTitle } from "~/lib/page-title";
import { plural } from "~/lib/plural";
import { supporterName } from "~/modules/memberships";
import { formatDay } from "~/modules/memberships/dates";
import { billingLabel, SUPPORTER_MONTHS, type CurrentSupporter, type FormerSupporter } from "~/modules/supporters";
import { supportersOverview } from "~/modules/supporters/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-supporters";

/** Rows shown per list; the CSV has every one. */
const SHOWN = 200;

/** /studio/supporters: the signed-in creator's supporters (selected by their id), never an email. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const overview = await supportersOverview(context.get(dbContext), viewer.profile.id, new Date());
  return {
    ...overview,
    current: overview.current.slice(0, SHOWN),
    former: overview.former.slice(0, SHOWN),
    totals: { current: overview.current.length, former: overview.former.length },
    handle: viewer.profile.handle,
  };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Supporters") }, { name: "robots", content: "noindex" }];

const STATUS_STYLE: Record<CurrentSupporter["status"], string> = {
  trial: "bg-sky-50 text-sky-800",
  active: "bg-brand-50 text-brand-800",
  cancelling: "bg-amber-50 text-amber-900",
  past_due: "bg-red-50 text-red-800",
};

function statusLabel(s: CurrentSupporter): string {
  if (s.status === "trial") return s.trialEnd ? `Trial until ${formatDay(s.trialEnd)}` : "Trial";
  if (s.status === "cancelling") return `Cancels on ${formatDay(s.endsOn)}`;
  if (s.status === "past_due") return "Payment overdue";
  return "Active";
}

function Who({ s }: { s: CurrentSupporter | FormerSupporter }) {
  const name = supporterName(s.displayName, s.handle);
  if (!name) return <span className="text-neutral-600">Supporter without a public name</span>;
  return (
    <span className="break-words">
      <span className="font-medium">{name}</span>
      {s.displayName && s.handle ? <span className="text-neutral-600"> @{s.handle}</span> : null}
    </span>
  );
}

export default function StudioSupporters({ loaderData }: Route.ComponentProps) {
  const { counts, current, former, months, totals, handle } = loaderData;
  const none = totals.current === 0 && totals.former === 0;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Supporters</h1>
          <p className="mt-1 text-neutral-600">Members who support you directly. You see their handle or the name they chose, never their email.</p>
        </div>
        {none ? null : (
          <a
            href={href("/studio/supporters.csv")}
            download
            className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100"
            data-testid="supporters-csv"
          >
            <Download aria-hidden className="size-4" /> Download CSV
          </a>
        )}
      </div>

      {none ? (
        <EmptyState
          icon={<HandHeart />}
          title="No supporters yet"
          description={
            <>
              When someone supports you from your page, a map or a supporters-only spot, they appear here. Share your page{" "}
              <Link to={creatorPath(handle)} className="font-medium text-brand-700 hover:underline">
                /@{handle}
              </Link>{" "}
              to find your first supporters.
            </>
          }
        />
      ) : (
        <>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="supporter-counts">
            <Stat label="Supporters" value={counts.active} />
            <Stat label="In free trial" value={counts.trial} />
            <Stat label="Cancelling" value={counts.cancelling} />
            <Stat label="Former supporters" value={counts.former} />
          </dl>

          <section aria-labelledby="current-supporters" className="mt-10">
            <h2 id="current-supporters" className="text-xl font-semibold">
              Current supporters
            </h2>
            {current.length === 0 ? (
              <p className="mt-2 text-neutral-600">Nobody supports you at the moment.</p>
            ) : (
              <div className="mt-3 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
                <table className="w-full text-left text-sm" data-testid="current-supporters">
                  <thead>
                    <tr className="border-b border-neutral-200 text-neutral-600">
                      <th scope="col" className="px-4 py-2 font-medium">
                        Supporter
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Since
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Plan
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Status
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Next renewal
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.map((s) => (
                      <tr key={s.key} className="border-b border-neutral-100 last:border-0" data-testid="current-supporter">
                        <th scope="row" className="px-4 py-2 font-normal">
                          <Who s={s} />
                        </th>
                        <td className="px-4 py-2 whitespace-nowrap">{formatDay(s.since)}</td>
                        <td className="px-4 py-2">{billingLabel(s.interval)}</td>
                        <td className="px-4 py-2">
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[s.status]}`}>{statusLabel(s)}</span>
                        </td>
                        <td className="px-4 py-2 whitespace-nowrap">{s.nextRenewal ? formatDay(s.nextRenewal) : "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {totals.current > current.length ? (
              <p className="mt-2 text-sm text-neutral-600">
                Showing the newest {current.length} of {totals.current}: the CSV has them all.
              </p>
            ) : null}
          </section>

          <section aria-labelledby="supporter-months-heading" className="mt-10 rounded-xl border border-neutral-200 bg-white p-5">
            <h2 id="supporter-months-heading" className="text-xl font-semibold">
              Last {SUPPORTER_MONTHS} months
            </h2>
            <p className="text-sm text-neutral-600">
              New and ended supports per month (UTC). Churn is the supporters who ended in a month divided by those supporting you when it began.
            </p>
            <div className="mt-4 grid gap-6 wide:grid-cols-2">
              <SupportersChart months={months} />
              <SupporterMonthsTable months={months} />
            </div>
          </section>

          <section aria-labelledby="former-supporters" className="mt-10">
            <h2 id="former-supporters" className="text-xl font-semibold">
              Former supporters
            </h2>
            {former.length === 0 ? (
              <p className="mt-2 text-neutral-600">Nobody has stopped supporting you.</p>
            ) : (
              <div className="mt-3 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
                <table className="w-full text-left text-sm" data-testid="former-supporters">
                  <thead>
                    <tr className="border-b border-neutral-200 text-neutral-600">
                      <th scope="col" className="px-4 py-2 font-medium">
                        Supporter
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Since
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Ended
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {former.map((s) => (
                      <tr key={s.key} className="border-b border-neutral-100 last:border-0" data-testid="former-supporter">
                        <th scope="row" className="px-4 py-2 font-normal">
                          <Who s={s} />
                        </th>
                        <td className="px-4 py-2 whitespace-nowrap">{formatDay(s.since)}</td>
                        <td className="px-4 py-2 whitespace-nowrap">{formatDay(s.ended)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {totals.former > former.length ? (
              <p className="mt-2 text-sm text-neutral-600">
                Showing the latest {former.length} of {plural(totals.former, "former supporter")}: the CSV has them all.
              </p>
            ) : null}
          </section>
        </>
      )}
    </main>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
