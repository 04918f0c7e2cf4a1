import { data, Form, href, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { validate } from "~/lib/form-validation";
import { siteUrl } from "~/lib/site-url.server";
import { clientIp } from "~/modules/auth/session.server";
import { formatEuros } from "~/modules/money";
import { listPayoutRuns, monthLabel, monthOf, runPayouts, type PaidCreator, type SkippedCreator } from "~/modules/money/index.server";
import { payoutRunSchema } from "~/modules/money/validation";
import { adminTitle } from "~/lib/page-title";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-money";

/** The month a run made today would pay: the last one that is over. */
function lastMonth(now: Date): string {
  const [y, m] = monthOf(now).split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const runs = await listPayoutRuns(context.get(dbContext));
  const month = lastMonth(new Date());
  return {
    runs: runs.map((r) => ({ ...r, label: monthLabel(r.month), createdAt: r.createdAt.toISOString() })),
    next: { month, label: monthLabel(month), done: runs.some((r) => r.month === month) },
  };
}

type ActionData = { ok: true; month: string; alreadyRun: boolean; paid: PaidCreator[]; skipped: SkippedCreator[]; ran: boolean } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = validate(payoutRunSchema, values);
  if (!parsed.ok) return data<ActionData>({ ok: false, error: parsed.errors.month ?? "Choose a month" }, { status: 400 });
  const result = await runPayouts(context.get(dbContext), {
    month: parsed.data.month,
    actor: { userId: admin.user.id, ip: clientIp(context) },
    origin: siteUrl(request),
  });
  if (!result.ok) return data<ActionData>({ ok: false, error: result.error }, { status: result.status });
  return data<ActionData>({
    ok: true,
    month: parsed.data.month,
    alreadyRun: result.alreadyRun,
    paid: result.paid,
    skipped: result.skipped,
    ran: result.run !== null,
  });
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Money") }, { name: "robots", content: "noindex" }];

/** /admin/money: the monthly payout runs, a button to run the last month's, and each run's SEPA file. */
export default function AdminMoney({ loaderData, actionData }: Route.ComponentProps) {
  const { runs, next } = loaderData;
  const result = actionData as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold">Money</h1>
        <section aria-labelledby="payout-run" className="mt-8 rounded-xl border border-neutral-200 p-5">
          <h2 id="payout-run" className="text-xl font-semibold">
            Payouts
          </h2>
          <p className="mt-1 text-sm text-neutral-600">
            Pays every creator owed at least EUR 50 whose tax and bank details are complete, less the tax withheld, and writes the SEPA file for the bank. A
            month is paid once; running it again changes nothing.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-3" data-testid="payout-run-form">
            <input type="hidden" name="month" value={next.month} />
            <Button type="submit" disabled={busy}>
              {busy ? "Running..." : `Run payouts for ${next.label}`}
            </Button>
            {next.done ? <span className="text-sm text-neutral-600">Already run: running again pays nobody twice.</span> : null}
          </Form>
          <div role="status" className="mt-4" data-testid="payout-run-result">
            {result && !result.ok ? <FormAlert message={result.error} /> : null}
            {result?.ok ? <RunResult result={result} /> : null}
          </div>
        </section>

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
                  <td className="py-2 text-right">{formatEuros(run.gross, { decimals: "always" })}</td>
                  <td className="py-2 text-right">{formatEuros(run.withheld, { decimals: "always" })}</td>
                  <td className="py-2 text-right">{formatEuros(run.net, { decimals: "always" })}</td>
                  <td className="py-2 text-right">{run.skipped.length}</td>
                  <td className="py-2 text-right">
                    {/* A download (resource route), not a page: a plain link. */}
                    <a
                      href={href("/admin/money/payout-runs/:runId/sepa.xml", { runId: run.id })}
                      className="font-medium text-brand-700 hover:underline"
                      download
                    >
                      SEPA file
                    </a>
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

/** "2026-11" -> "November 2026", in the page (the loader's labels come from modules/money, server-only). */
const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const runMonthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

function RunResult({ result }: { result: Extract<ActionData, { ok: true }> }) {
  const euros = (c: number) => formatEuros(c as Parameters<typeof formatEuros>[0], { decimals: "always" });
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
              {p.name}: {euros(p.net)} ({euros(p.amount)} less {euros(p.withheld)} withheld)
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
