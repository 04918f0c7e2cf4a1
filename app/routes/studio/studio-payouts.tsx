import { CircleAlert, Info, Landmark } from "lucide-react";
import { href, Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { formatEuros, type Cents } from "~/modules/money";
import { creatorPayoutsOverview, monthLabel } from "~/modules/money/index.server";
import { formatPayoutDay } from "~/modules/money/payout-readiness";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-payouts";
import { TwoFactorInvite } from "~/components/studio/two-factor-invite";
import { invitesTwoFactor } from "./two-factor-invite.server";

/** /studio/payouts: the signed-in creator's balance, next payout, holds, withholding and payouts made (all selected by their id). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const overview = await creatorPayoutsOverview(db, viewer.profile.id, new Date());
  const inviteTwoFactor = await invitesTwoFactor(db, viewer.profile.id, overview.owed);
  return { ...overview, history: overview.history.map((p) => ({ ...p, monthLabel: monthLabel(p.month) })), inviteTwoFactor };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Payouts") }, { name: "robots", content: "noindex" }];

const euros = (amount: Cents) => formatEuros(amount, { decimals: "always" });

const STATUS: Record<string, { label: string; style: string }> = {
  paid: { label: "Paid", style: "bg-brand-50 text-brand-800" },
  processing: { label: "Processing", style: "bg-sky-50 text-sky-800" },
  pending: { label: "Pending", style: "bg-sky-50 text-sky-800" },
  failed: { label: "Failed", style: "bg-red-50 text-red-800" },
  canceled: { label: "Canceled", style: "bg-neutral-100 text-neutral-700" },
};

export default function StudioPayouts({ loaderData }: Route.ComponentProps) {
  const { owed, vatOwed, next, minimum, reachesMinimum, nextPayoutDate, readiness, history, inviteTwoFactor } = loaderData;
  const anyVat = vatOwed > 0 || history.some((p) => p.vat > 0);
  const held = readiness.holds.length > 0;
  const minimumText = formatEuros(minimum, { currency: "code" });
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Payouts</h1>
      <p className="mt-1 text-neutral-700">
        We pay your balance once a month by SEPA bank transfer, by the 20th of the month after you earned it (
        <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="font-medium text-brand-700 hover:underline">
          Creator Compensation, section 6
        </Link>
        ).
      </p>
      {inviteTwoFactor ? <TwoFactorInvite /> : null}

      <section aria-labelledby="balance" className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-neutral-200 bg-white p-5">
          <h2 id="balance" className="text-sm font-medium text-neutral-600">
            Your balance
          </h2>
          <p className="mt-1 text-3xl font-bold" data-testid="payout-balance">
            {euros(owed)}
          </p>
          <p className="mt-2 text-sm text-neutral-700" data-testid="payout-minimum">
            {reachesMinimum
              ? held
                ? `It reaches the ${minimumText} minimum, but your payouts are on hold: see below what to do.`
                : `It reaches the ${minimumText} minimum and will be paid in the next payout.`
              : `It is below the ${minimumText} minimum. Balances below ${minimumText} are carried over to the following month until they reach the minimum.`}
          </p>
        </div>
        <div className="rounded-xl border border-neutral-200 bg-white p-5">
          <h2 className="text-sm font-medium text-neutral-600">Next payout</h2>
          <p className="mt-1 text-3xl font-bold" data-testid="next-payout-date">
            {formatPayoutDay(nextPayoutDate)}
          </p>
          <p className="mt-2 text-sm text-neutral-700" data-testid="payout-withholding">
            {readiness.withholding
              ? readiness.withholding.percent > 0
                ? `Withheld from it: ${readiness.withholding.reason}.`
                : `Nothing is withheld: ${readiness.withholding.reason}.`
              : "The tax withheld (if any) depends on your tax settings, which are not filled in yet."}
          </p>
        </div>
      </section>

      {next && (reachesMinimum || next.vat > 0) ? (
        <section aria-labelledby="next-breakdown" className="mt-4 rounded-xl border border-neutral-200 bg-white p-5" data-testid="next-payout-breakdown">
          <h2 id="next-breakdown" className="text-sm font-medium text-neutral-600">
            {reachesMinimum ? "Your next payout, were it made today" : "Waiting for your balance to reach the minimum"}
          </h2>
          <dl className="mt-2 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
            <dt>Balance (taxable base)</dt>
            <dd className="text-right">{euros(next.balance)}</dd>
            {next.vat > 0 ? (
              <>
                <dt>VAT (IVA) of your self-billed invoices</dt>
                <dd className="text-right" data-testid="next-payout-vat">
                  +{euros(next.vat)}
                </dd>
              </>
            ) : null}
            <dt>Withheld</dt>
            <dd className="text-right">−{euros(next.withheld)}</dd>
            <dt className="font-semibold">Net paid to your bank account</dt>
            <dd className="text-right font-semibold" data-testid="next-payout-net">
              {euros(next.net)}
            </dd>
          </dl>
          {next.vat > 0 ? (
            <p className="mt-2 text-xs text-neutral-600">
              You are registered for VAT in Spain, so your self-billed invoices charge us Spanish VAT at 21% on what you earned: we pay it to you on top of your
              balance, and you declare it. Tax is withheld from the balance only.
            </p>
          ) : null}
        </section>
      ) : null}

      {held || readiness.notes.length > 0 ? (
        <section aria-labelledby="holds" className="mt-6 space-y-3" data-testid="payout-holds">
          {held ? (
            <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" role="status">
              <h2 id="holds" className="flex items-center gap-2 font-semibold">
                <CircleAlert aria-hidden className="size-5 shrink-0" />
                Your payouts are on hold
              </h2>
              <ul className="mt-3 space-y-3">
                {readiness.holds.map((hold) => (
                  <li key={hold.kind} data-testid={`hold-${hold.kind}`} className="text-sm">
                    <p>{hold.why}</p>
                    <p className="mt-1 text-amber-900">
                      Until: {hold.until ? formatPayoutDay(hold.until) : "you have done this"} ·{" "}
                      <Link to={hold.action.href} className="font-semibold underline hover:no-underline">
                        {hold.action.label}
                      </Link>
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {readiness.notes.map((note) => (
            <p key={note.kind} data-testid={`note-${note.kind}`} className="flex gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {note.why}
                {note.until ? ` (until ${formatPayoutDay(note.until)})` : ""}{" "}
                <Link to={note.action.href} className="font-semibold underline hover:no-underline">
                  {note.action.label}
                </Link>
              </span>
            </p>
          ))}
        </section>
      ) : null}

      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={href("/studio/payouts/details")} className="font-medium text-brand-700 hover:underline">
          Payout details (your bank account)
        </Link>
        <Link to={href("/studio/revenue/tax-settings")} className="font-medium text-brand-700 hover:underline">
          Tax settings
        </Link>
      </p>

      <section aria-labelledby="history" className="mt-10">
        <h2 id="history" className="text-xl font-semibold">
          Payout history
        </h2>
        {history.length === 0 ? (
          <EmptyState
            icon={<Landmark />}
            title="No payouts yet"
            description={`Your first payout is made once your balance reaches ${minimumText} and your tax and bank details are complete.`}
          />
        ) : (
          <div className="mt-4 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="payout-history">
              <thead>
                <tr className="border-b border-neutral-200 text-neutral-600">
                  <th className="px-4 py-2 font-medium">Date</th>
                  <th className="px-4 py-2 font-medium">Balance of</th>
                  <th className="px-4 py-2 text-right font-medium">{anyVat ? "Balance (base)" : "Amount"}</th>
                  {anyVat ? <th className="px-4 py-2 text-right font-medium">VAT</th> : null}
                  <th className="px-4 py-2 text-right font-medium">Withheld</th>
                  <th className="px-4 py-2 text-right font-medium">Net paid</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {history.map((p) => {
                  const status = STATUS[p.status] ?? { label: p.status, style: "bg-neutral-100 text-neutral-700" };
                  return (
                    <tr key={p.id} className="border-b border-neutral-100 last:border-0" data-testid="payout-row">
                      <td className="px-4 py-2">{formatPayoutDay(p.date)}</td>
                      <td className="px-4 py-2">{p.monthLabel}</td>
                      <td className="px-4 py-2 text-right">{euros(p.amount)}</td>
                      {anyVat ? (
                        <td className="px-4 py-2 text-right" data-testid="payout-vat">
                          {euros(p.vat)}
                          {p.vatKind === "spanish-vat" ? <span className="block text-xs text-neutral-600">IVA 21%</span> : null}
                        </td>
                      ) : null}
                      <td className="px-4 py-2 text-right">
                        {euros(p.withheld)}
                        {p.withholdingKind && p.withholdingKind !== "none" ? (
                          <span className="block text-xs text-neutral-600">
                            {p.withholdingKind.toUpperCase()} {p.withholdingPercent}%
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-2 text-right font-semibold">{euros(p.net)}</td>
                      <td className="px-4 py-2">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.style}`}>{status.label}</span>
                        {p.account ? <span className="block text-xs text-neutral-600">to {p.account}</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
