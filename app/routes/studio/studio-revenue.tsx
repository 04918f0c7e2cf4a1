import { FileText, Receipt, Scale } from "lucide-react";
import { href, Link } from "react-router";
import { RevenueChart, RevenueMonthsTable, revenueMonthLabel } from "~/components/studio/revenue-chart";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { CREATOR_SUPPORTER_SHARE_PERCENT, formatEuros, PREMIUM_POOL_SHARE_PERCENT, type Cents } from "~/modules/money";
import { monthlyEarnings, owedTo, unpaidInvoiceVat } from "~/modules/money/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-revenue";

/** Months on the chart and in the table. */
const MONTHS = 12;

/** /studio/revenue: the signed-in creator's earnings over twelve months (selected by their id), Supporters against the pool. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const [months, owed, vatOwed] = await Promise.all([
    monthlyEarnings(db, viewer.profile.id, MONTHS),
    owedTo(db, viewer.profile.id),
    unpaidInvoiceVat(db, viewer.profile.id),
  ]);
  return { months, owed, vatOwed };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Revenue") }, { name: "robots", content: "noindex" }];

const euros = (amount: Cents) => formatEuros(amount, { decimals: "always" });

export default function StudioRevenue({ loaderData }: Route.ComponentProps) {
  const { months, owed, vatOwed } = loaderData;
  const sum = (pick: (m: (typeof months)[number]) => number) => months.reduce((total, m) => total + pick(m), 0) as Cents;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Revenue</h1>
      <p className="mt-1 max-w-3xl text-neutral-700">
        What you earned each month: {CREATOR_SUPPORTER_SHARE_PERCENT}% of the net revenue of your supporters, and your share of the Premium pool (
        {PREMIUM_POOL_SHARE_PERCENT}% of net Premium revenue, shared by engagement points). A month counts once it is closed (
        <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="font-medium text-brand-700 hover:underline">
          Creator Compensation
        </Link>
        ).
      </p>

      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="revenue-totals-cards">
        <Stat label={`From supporters, ${MONTHS} months`} value={euros(sum((m) => m.supporters))} />
        <Stat label={`From the Premium pool, ${MONTHS} months`} value={euros(sum((m) => m.pool))} />
        <Stat label={`Earned in all, ${MONTHS} months`} value={euros(sum((m) => m.total))} />
        <Stat
          label="Your balance now"
          value={euros(owed)}
          note={vatOwed > 0 ? `+ ${euros(vatOwed)} VAT of your self-billed invoices, paid with it` : undefined}
        />
      </dl>

      <nav aria-label="Revenue" className="mt-6 flex flex-wrap gap-3 text-sm">
        <Link
          to={href("/studio/revenue/payments")}
          className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-4 py-2 font-semibold text-neutral-800 hover:bg-neutral-100"
        >
          <Receipt aria-hidden className="size-4" /> Payments
        </Link>
        <Link
          to={href("/studio/revenue/documents")}
          className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-4 py-2 font-semibold text-neutral-800 hover:bg-neutral-100"
        >
          <FileText aria-hidden className="size-4" /> Statements and invoices
        </Link>
        <Link
          to={href("/studio/revenue/tax-settings")}
          className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-4 py-2 font-semibold text-neutral-800 hover:bg-neutral-100"
        >
          <Scale aria-hidden className="size-4" /> Tax settings
        </Link>
        <Link to={href("/studio/payouts")} className="inline-flex items-center px-2 py-2 font-medium text-brand-700 hover:underline">
          Payouts
        </Link>
      </nav>

      <section aria-labelledby="revenue-months-heading" className="mt-8 rounded-xl border border-neutral-200 bg-white p-5">
        <h2 id="revenue-months-heading" className="text-xl font-semibold">
          Supporters and the pool, month by month
        </h2>
        <p className="text-sm text-neutral-600">
          {first && last ? `${revenueMonthLabel(first, "long")} to ${revenueMonthLabel(last, "long")}` : null}, months in Central European Time. Refunds and
          chargebacks take back what their payments earned.
        </p>
        <div className="mt-4 grid gap-6 wide:grid-cols-2">
          <RevenueChart months={months} />
          <RevenueMonthsTable months={months} />
        </div>
      </section>
    </main>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {note ? (
        <dd className="mt-1 text-xs text-neutral-600" data-testid="revenue-vat-owed">
          {note}
        </dd>
      ) : null}
    </div>
  );
}
