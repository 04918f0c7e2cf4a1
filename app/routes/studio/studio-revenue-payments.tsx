import { Download, Receipt } from "lucide-react";
import { href, Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { countryName } from "~/lib/country";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { CREATOR_SUPPORTER_SHARE_PERCENT, formatEuros, type Cents } from "~/modules/money";
import { paymentsEarning } from "~/modules/money/index.server";
import { paymentDay } from "~/modules/money/payments-csv";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-revenue-payments";

/** Payments per page; the CSV has every one. */
const PAGE_SIZE = 50;

/** `?page=` as a page number; anything else (missing, 0, "x", 2.5) is the first page. */
function pageOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

/** /studio/revenue/payments: the signed-in creator's Supporter payments and what each earned (selected by their id; never the member). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const { payments, total, page, pageSize } = await paymentsEarning(context.get(dbContext), viewer.profile.id, { page: pageOf(request), pageSize: PAGE_SIZE });
  return {
    payments: payments.map(({ date, ...p }) => ({ ...p, day: paymentDay(date) })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Payments") }, { name: "robots", content: "noindex" }];

const euros = (amount: Cents) => formatEuros(amount, { decimals: "always" });

const STATUS: Record<string, { label: string; style: string }> = {
  pending: { label: "Not earned yet", style: "bg-neutral-100 text-neutral-700" },
  earning: { label: "Being earned", style: "bg-sky-50 text-sky-800" },
  earned: { label: "Earned", style: "bg-brand-50 text-brand-800" },
  "partly refunded": { label: "Partly refunded", style: "bg-amber-50 text-amber-900" },
  refunded: { label: "Refunded", style: "bg-red-50 text-red-800" },
};

export default function StudioRevenuePayments({ loaderData }: Route.ComponentProps) {
  const { payments, total, page, pages } = loaderData;
  const pageLink = (n: number) => `${href("/studio/revenue/payments")}${n > 1 ? `?page=${n}` : ""}`;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to={href("/studio/revenue")} className="font-medium text-brand-700 hover:underline">
          Revenue
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Payments</h1>
          <p className="mt-1 max-w-3xl text-neutral-600">
            Every Supporter payment to you and what it earns you: gross (VAT included), the VAT of the member&apos;s country, the payment provider&apos;s fee,
            net, and your {CREATOR_SUPPORTER_SHARE_PERCENT}% share. A yearly payment is earned in twelve monthly portions. Free trials earn nothing and are not
            listed.
          </p>
        </div>
        {total > 0 ? (
          <a
            href={href("/studio/revenue/payments.csv")}
            download
            className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100"
            data-testid="payments-csv"
          >
            <Download aria-hidden className="size-4" /> Download CSV
          </a>
        ) : null}
      </div>

      {total === 0 ? (
        <EmptyState
          icon={<Receipt />}
          title="No payments yet"
          description="When a member supports you and pays, the payment appears here with what it earns you."
        />
      ) : payments.length === 0 ? (
        <p className="mt-8 text-neutral-700" role="status">
          {`There is no page ${page}: your payments fill ${pages === 1 ? "one page" : `${pages} pages`}.`}{" "}
          <Link to={pageLink(1)} className="font-medium text-brand-700 hover:underline">
            Back to the first page
          </Link>
        </p>
      ) : (
        <>
          <div className="mt-8 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="revenue-payments">
              <caption className="sr-only">Supporter payments, newest first</caption>
              <thead>
                <tr className="border-b border-neutral-200 text-neutral-600">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Tier
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Country
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Gross
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    VAT
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Fee
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Net
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Your share
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => {
                  const status = STATUS[p.status] ?? { label: p.status, style: "bg-neutral-100 text-neutral-700" };
                  return (
                    <tr key={p.paymentId} className="border-b border-neutral-100 last:border-0" data-testid="revenue-payment">
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{p.day}</td>
                      <td className="px-3 py-2">{`Supporter, ${p.interval}`}</td>
                      <td className="px-3 py-2">{p.country ? countryName(p.country) : "Not recorded"}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{euros(p.gross)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {euros(p.vat)}
                        <span className="block text-xs text-neutral-600">{`${p.vatRate}%`}</span>
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{euros(p.fee)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{euros(p.net)}</td>
                      <td className="px-3 py-2 text-right font-semibold tabular-nums">
                        {euros(p.share)}
                        {p.interval === "yearly" || p.refunded > 0 ? (
                          <span className="block text-xs font-normal text-neutral-600">
                            {euros(p.earned)} earned so far{p.interval === "yearly" ? ` (${p.portionsEarned} of ${p.portions} months)` : ""}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${status.style}`}>{status.label}</span>
                        {p.refunded > 0 ? <span className="block text-xs text-neutral-600">{euros(p.refunded)} refunded</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Pages of payments" className="mt-4 flex items-center gap-4 text-sm">
              {page > 1 ? (
                <Link to={pageLink(page - 1)} className="font-medium text-brand-700 hover:underline" rel="prev">
                  Newer payments
                </Link>
              ) : null}
              <span className="text-neutral-600">{`Page ${page} of ${pages} (${total} payments)`}</span>
              {page < pages ? (
                <Link to={pageLink(page + 1)} className="font-medium text-brand-700 hover:underline" rel="next">
                  Older payments
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}
