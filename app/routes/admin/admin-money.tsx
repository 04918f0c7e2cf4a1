import { data, Form, href, Link, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { validate } from "~/lib/form-validation";
import { isUuid } from "~/lib/ids";
import { siteUrl } from "~/lib/site-url.server";
import { clientIp } from "~/modules/auth/session.server";
import { formatEuros } from "~/modules/money";
import {
  closeMonth,
  listCloses,
  listPayoutRuns,
  monthLabel,
  monthOf,
  monthToClose,
  previousMonth,
  refundablePayments,
  refundPayment,
  runPayouts,
  type PaidCreator,
  type SkippedCreator,
} from "~/modules/money/index.server";
import { FIRST_REPORT_YEAR } from "~/modules/money/tax-reports.server";
import { monthCloseSchema, payoutRunSchema, REFUND_MESSAGES, refundSchema } from "~/modules/money/validation";
import { adminTitle } from "~/lib/page-title";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-money";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const now = new Date();
  const [runs, closes, toClose, refundable] = await Promise.all([listPayoutRuns(db), listCloses(db), monthToClose(db, now), refundablePayments(db)]);
  const month = previousMonth(monthOf(now));
  const year = now.getUTCFullYear();
  return {
    runs: runs.map((r) => ({ ...r, label: monthLabel(r.month), createdAt: r.createdAt.toISOString() })),
    next: { month, label: monthLabel(month), done: runs.some((r) => r.month === month) },
    toClose: toClose ? { month: toClose, label: monthLabel(toClose) } : null,
    closes: closes.map((c) => ({ ...c, label: monthLabel(c.month), closedAt: c.closedAt.toISOString() })),
    refundable: refundable.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
    // This year's report is for checking as it grows; January files last year's.
    reportYears: Array.from({ length: year - FIRST_REPORT_YEAR + 1 }, (_, i) => year - i),
  };
}

type ActionData =
  | { intent: "payouts"; ok: true; month: string; alreadyRun: boolean; paid: PaidCreator[]; skipped: SkippedCreator[]; ran: boolean }
  | { intent: "close"; ok: true; month: string; closed: boolean }
  | { intent: "refund"; ok: true; paymentId: string; amount: number }
  | { intent: "payouts" | "close" | "refund"; ok: false; error: string; paymentId?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const refused = (intent: "payouts" | "close" | "refund", error: string, status: number, paymentId?: string) =>
    data<ActionData>({ intent, ok: false, error, ...(paymentId ? { paymentId } : {}) }, { status });

  if (values.intent === "close") {
    const parsed = validate(monthCloseSchema, values);
    if (!parsed.ok) return refused("close", parsed.errors.month ?? "Choose a month", 400);
    const result = await closeMonth(db, parsed.data.month, { actor });
    if (!result.ok) return refused("close", result.error, result.status);
    return data<ActionData>({ intent: "close", ok: true, month: parsed.data.month, closed: result.closed });
  }
  if (values.intent === "refund") {
    const paymentId = typeof values.paymentId === "string" && isUuid(values.paymentId) ? values.paymentId : undefined;
    const parsed = validate(refundSchema, values);
    if (!parsed.ok) return refused("refund", parsed.errors.amount ?? parsed.errors.paymentId ?? parsed.errors.reason ?? REFUND_MESSAGES.amount, 400, paymentId);
    const result = await refundPayment(db, parsed.data.paymentId, parsed.data.amount, { actor, reason: parsed.data.reason });
    if (!result.ok) return refused("refund", result.error, result.status, paymentId);
    return data<ActionData>({ intent: "refund", ok: true, paymentId: parsed.data.paymentId, amount: result.refund?.amount ?? 0 });
  }
  if (values.intent !== "payouts") return refused("payouts", "Choose what to do: close a month, run payouts or refund a payment.", 400);
  const parsed = validate(payoutRunSchema, values);
  if (!parsed.ok) return refused("payouts", parsed.errors.month ?? "Choose a month", 400);
  const result = await runPayouts(db, { month: parsed.data.month, actor, origin: siteUrl(request) });
  if (!result.ok) return refused("payouts", result.error, result.status);
  return data<ActionData>({
    intent: "payouts",
    ok: true,
    month: parsed.data.month,
    alreadyRun: result.alreadyRun,
    paid: result.paid,
    skipped: result.skipped,
    ran: result.run !== null,
  });
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Money") }, { name: "robots", content: "noindex" }];

const euros = (c: number) => formatEuros(c as Parameters<typeof formatEuros>[0], { decimals: "always" });

/**
 * /admin/money: the month close, the monthly payout run, refunds of local-provider payments, the
 * year's tax reports (withholding certificates, DAC7), and the history of closes and runs.
 */
export default function AdminMoney({ loaderData, actionData }: Route.ComponentProps) {
  const { runs, next, toClose, closes, refundable, reportYears } = loaderData;
  const result = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Money</h1>
      <p className="mt-2 text-sm">
        <Link to={href("/admin/money/documents")} className="font-medium text-brand-700 hover:underline">
          Creators&apos; statements and invoices
        </Link>
      </p>

      <section aria-labelledby="month-close" className="mt-8 rounded-xl border border-neutral-200 p-5">
        <h2 id="month-close" className="text-xl font-semibold">
          Month close
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          Earns the month&apos;s Supporter payments and yearly portions, shares the Premium pool by engagement points and writes every creator&apos;s statement.
          Months close in order, once each; a refund after the close counts in the next month.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3" data-testid="month-close-form">
          <input type="hidden" name="intent" value="close" />
          {toClose ? (
            <>
              <input type="hidden" name="month" value={toClose.month} />
              <Button type="submit" disabled={busy("close")}>
                {busy("close") ? "Closing..." : `Close ${toClose.label}`}
              </Button>
            </>
          ) : (
            <p className="text-sm text-neutral-700">Every month that is over is closed.</p>
          )}
        </Form>
        <div role="status" className="mt-4" data-testid="month-close-result">
          {result?.intent === "close" && !result.ok ? <FormAlert message={result.error} /> : null}
          {result?.intent === "close" && result.ok ? (
            <FormAlert
              tone="success"
              message={result.closed ? `${runMonthLabel(result.month)} is closed.` : `${runMonthLabel(result.month)} was closed before: nothing changed.`}
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="payout-run" className="mt-8 rounded-xl border border-neutral-200 p-5">
        <h2 id="payout-run" className="text-xl font-semibold">
          Payouts
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          Pays every creator owed at least EUR 50 whose tax and bank details are complete, plus the VAT their self-billed invoices charge, less the tax
          withheld, and writes the SEPA file for the bank. A month is paid once; running it again changes nothing.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3" data-testid="payout-run-form">
          <input type="hidden" name="intent" value="payouts" />
          <input type="hidden" name="month" value={next.month} />
          <Button type="submit" disabled={busy("payouts")}>
            {busy("payouts") ? "Running..." : `Run payouts for ${next.label}`}
          </Button>
          {next.done ? <span className="text-sm text-neutral-600">Already run: running again pays nobody twice.</span> : null}
        </Form>
        <div role="status" className="mt-4" data-testid="payout-run-result">
          {result?.intent === "payouts" && !result.ok ? <FormAlert message={result.error} /> : null}
          {result?.intent === "payouts" && result.ok ? <RunResult result={result} /> : null}
        </div>
      </section>

      <section aria-labelledby="refunds" className="mt-8 rounded-xl border border-neutral-200 p-5">
        <h2 id="refunds" className="text-xl font-semibold">
          Refunds
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          Payments taken by the local provider, latest first. A refund reverses what the payment earned, as the Creator Compensation terms say (section 9);
          Stripe payments are refunded in Stripe, whose webhook records them here.
        </p>
        {result?.intent === "refund" && result.ok ? (
          <div role="status" className="mt-4">
            <FormAlert tone="success" message={`Refunded ${euros(result.amount)}.`} />
          </div>
        ) : null}
        {refundable.length === 0 ? (
          <p className="mt-4 text-sm text-neutral-700">No local-provider payment yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-neutral-100" data-testid="refundable-payments">
            {refundable.map((p) => {
              const left = p.amount - p.refunded;
              const error = result?.intent === "refund" && !result.ok && result.paymentId === p.id ? result.error : undefined;
              return (
                <li key={p.id} className="py-3 text-sm" data-testid="refundable-payment">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span>
                      <span className="font-medium">{p.paidAt.slice(0, 10)}</span> ·{" "}
                      {p.kind === "premium" ? "Premium" : `Supporter of @${p.creatorHandle ?? "?"}`} · {p.memberName ?? "deleted account"}
                      {p.memberEmail ? ` <${p.memberEmail}>` : ""} · {p.country ?? "no country"}
                    </span>
                    <span>
                      {euros(p.amount)}
                      {p.refunded > 0 ? ` (${euros(p.refunded)} refunded)` : ""}
                    </span>
                  </div>
                  {left > 0 ? (
                    <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
                      <input type="hidden" name="intent" value="refund" />
                      <input type="hidden" name="paymentId" value={p.id} />
                      <TextField label="Amount (EUR)" name="amount" inputMode="decimal" defaultValue={(left / 100).toFixed(2)} error={error} className="w-36" />
                      <TextField label="Reason (optional)" name="reason" maxLength={500} className="min-w-60 flex-1" />
                      <Button type="submit" variant="secondary" disabled={busy("refund")}>
                        Refund
                      </Button>
                    </Form>
                  ) : (
                    <p className="mt-1 text-neutral-600">Refunded in full.</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {result?.intent === "refund" && !result.ok && !result.paymentId ? <FormAlert message={result.error} /> : null}
      </section>

      <section aria-labelledby="tax-reports" className="mt-8 rounded-xl border border-neutral-200 p-5">
        <h2 id="tax-reports" className="text-xl font-semibold">
          Tax reports
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          Per year, as CSV: the withholding certificate data (tax withheld from each creator&apos;s payouts, for Modelo 190 and 296) and the DAC7 report data
          (identity, tax id, address, date of birth, bank account, and per quarter the amounts earned, fees, tax withheld and activities). Each download is
          recorded in the audit log.
        </p>
        <ul className="mt-4 space-y-2 text-sm" data-testid="tax-reports">
          {reportYears.map((year) => (
            <li key={year} className="flex flex-wrap gap-4">
              <span className="w-12 font-medium">{year}</span>
              {/* Downloads (resource routes), not pages: plain links. */}
              <a
                href={href("/admin/money/tax-reports/:year/:file", { year: String(year), file: "withholding.csv" })}
                className="font-medium text-brand-700 hover:underline"
                download
              >
                Withholding certificates
              </a>
              <a
                href={href("/admin/money/tax-reports/:year/:file", { year: String(year), file: "dac7.csv" })}
                className="font-medium text-brand-700 hover:underline"
                download
              >
                DAC7 report
              </a>
            </li>
          ))}
        </ul>
      </section>

      <h2 className="mt-10 mb-4 text-xl font-semibold">Closed months</h2>
      {closes.length === 0 ? (
        <p className="text-neutral-700">No month closed yet.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="money-closes">
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600">
              <th className="py-2 font-medium">Month</th>
              <th className="py-2 font-medium">Closed</th>
              <th className="py-2 text-right font-medium">Supporter shares</th>
              <th className="py-2 text-right font-medium">Net Premium</th>
              <th className="py-2 text-right font-medium">Pool paid</th>
              <th className="py-2 text-right font-medium">Points</th>
              <th className="py-2 text-right font-medium">Creators</th>
            </tr>
          </thead>
          <tbody>
            {closes.map((c) => (
              <tr key={c.month} className="border-b border-neutral-100">
                <td className="py-2 font-medium">{c.label}</td>
                <td className="py-2">{c.closedAt.slice(0, 16).replace("T", " ")} UTC</td>
                <td className="py-2 text-right">{euros(c.supporterShares)}</td>
                <td className="py-2 text-right">{euros(c.netPremium)}</td>
                <td className="py-2 text-right">{euros(c.poolPaid)}</td>
                <td className="py-2 text-right">{c.totalPoints.toLocaleString("en")}</td>
                <td className="py-2 text-right">{c.creatorsPaid}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="mt-10 mb-4 text-xl font-semibold">Payout runs</h2>
      {runs.length === 0 ? (
        <p className="text-neutral-700">No payout run yet.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="payout-runs">
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600">
              <th className="py-2 font-medium">Month</th>
              <th className="py-2 font-medium">Execution date</th>
              <th className="py-2 text-right font-medium">Transfers</th>
              <th className="py-2 text-right font-medium">Gross</th>
              <th className="py-2 text-right font-medium">VAT</th>
              <th className="py-2 text-right font-medium">Withheld</th>
              <th className="py-2 text-right font-medium">To banks</th>
              <th className="py-2 text-right font-medium">Not paid</th>
              <th className="py-2 font-medium">
                <span className="sr-only">File</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-b border-neutral-100">
                <td className="py-2 font-medium">{run.label}</td>
                <td className="py-2">{run.executionDate}</td>
                <td className="py-2 text-right">{run.transfers}</td>
                <td className="py-2 text-right">{euros(run.gross)}</td>
                <td className="py-2 text-right">{euros(run.vat)}</td>
                <td className="py-2 text-right">{euros(run.withheld)}</td>
                <td className="py-2 text-right">{euros(run.net)}</td>
                <td className="py-2 text-right">{run.skipped.length}</td>
                <td className="py-2 text-right">
                  {/* A download (resource route), not a page: a plain link. */}
                  <a href={href("/admin/money/payout-runs/:runId/sepa.xml", { runId: run.id })} className="font-medium text-brand-700 hover:underline" download>
                    SEPA file
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

/** "2026-11" -> "November 2026", in the page (the loader's labels come from modules/money, server-only). */
const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const runMonthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

function RunResult({ result }: { result: Extract<ActionData, { intent: "payouts"; ok: true }> }) {
  return (
    <div className="space-y-3 text-sm">
      <FormAlert
        tone="success"
        message={
          result.alreadyRun
            ? `${runMonthLabel(result.month)} was paid before: nobody was paid again.`
            : result.ran
              ? `${runMonthLabel(result.month)}: ${result.paid.length} creator${result.paid.length === 1 ? "" : "s"} paid.`
              : `${runMonthLabel(result.month)}: nobody can be paid yet; no file was written.`
        }
      />
      {result.paid.length > 0 ? (
        <ul className="list-disc pl-5" data-testid="payout-run-paid">
          {result.paid.map((p) => (
            <li key={p.creatorId}>
              {p.name}: {euros(p.net)} ({euros(p.amount)}
              {p.vat > 0 ? ` plus ${euros(p.vat)} VAT` : ""} less {euros(p.withheld)} withheld)
            </li>
          ))}
        </ul>
      ) : null}
      {result.skipped.length > 0 ? (
        <ul className="list-disc pl-5" data-testid="payout-run-skipped">
          {result.skipped.map((s) => (
            <li key={s.creatorId}>
              {s.name} ({euros(s.owed)}), {s.reason === "held" ? "held" : "carried over"}: {s.why.join(" ")}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
