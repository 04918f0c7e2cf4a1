import { FileText } from "lucide-react";
import { href, Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { revenueMonthLabel } from "~/components/studio/revenue-chart";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { formatEuros, ordinalDay, STATEMENT_DAY_OF_MONTH, type Cents } from "~/modules/money";
import { documentDay, revenueDocuments } from "~/modules/money/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-revenue-documents";

/** /studio/revenue/documents: the signed-in creator's statements and self-billed invoices, per closed month (selected by their id). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const { months, selfBilling } = await revenueDocuments(context.get(dbContext), viewer.profile.id);
  return { selfBilling, months: months.map(({ publishedAt, ...m }) => ({ ...m, publishedOn: documentDay(publishedAt) })) };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Documents") }, { name: "robots", content: "noindex" }];

const euros = (amount: Cents) => formatEuros(amount, { decimals: "always" });

export default function StudioRevenueDocuments({ loaderData }: Route.ComponentProps) {
  const { months, selfBilling } = loaderData;
  const invoices = months.some((m) => m.invoiceAmounts);
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm">
        <Link to={href("/studio/revenue")} className="font-medium text-brand-700 hover:underline">
          Revenue
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">Statements and invoices</h1>
      <p className="mt-1 text-neutral-700">
        A month&apos;s statement is published here as soon as the month is closed, and by the {ordinalDay(STATEMENT_DAY_OF_MONTH)} of the month after at the
        latest. It shows every payment, the Premium pool&apos;s whole calculation, refunds, withholding and your balance. Tell us within 60 days if one is
        wrong.
      </p>
      <p className="mt-2 text-sm text-neutral-700" data-testid="self-billing-note">
        {selfBilling ? (
          "You agreed to self-billing: for each month closed since then in which you earned something, we issue an invoice in your name."
        ) : (
          <>
            You issue your own invoices. To let us issue them in your name (self-billing), agree to it in your{" "}
            <Link to={href("/studio/revenue/tax-settings")} className="font-medium text-brand-700 hover:underline">
              tax settings
            </Link>
            .
          </>
        )}
      </p>

      {months.length === 0 ? (
        <EmptyState
          icon={<FileText />}
          title="No statements yet"
          description={`Your first statement appears once a month in which you earned something is closed, by the ${ordinalDay(STATEMENT_DAY_OF_MONTH)} of the month after.`}
        />
      ) : (
        <div className="mt-8 overflow-x-auto rounded-xl border border-neutral-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="revenue-documents">
            <caption className="sr-only">Monthly statements and self-billed invoices, newest first</caption>
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th scope="col" className="px-4 py-2 font-medium">
                  Month
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Published
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Earned
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Balance
                </th>
                {invoices ? (
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Invoice: VAT, withheld, payable
                  </th>
                ) : null}
                <th scope="col" className="px-4 py-2 font-medium">
                  Documents
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => {
                const label = revenueMonthLabel(m.month, "long");
                return (
                  <tr key={m.month} className="border-b border-neutral-100 last:border-0" data-testid="revenue-document" data-month={m.month}>
                    <th scope="row" className="px-4 py-2 font-medium">
                      {label}
                    </th>
                    <td className="px-4 py-2 whitespace-nowrap">{m.publishedOn}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{euros(m.earned)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{euros(m.closingBalance)}</td>
                    {invoices ? (
                      <td className="px-4 py-2 text-right text-xs tabular-nums" data-testid="invoice-amounts">
                        {m.invoiceAmounts ? (
                          <>
                            <span className="block">
                              {m.invoiceAmounts.vatKind === "spanish-vat"
                                ? `+${euros(m.invoiceAmounts.vat)} VAT`
                                : m.invoiceAmounts.vatKind === "reverse-charge"
                                  ? "Reverse charge"
                                  : "No VAT"}
                            </span>
                            <span className="block">−{euros(m.invoiceAmounts.withheld)} withheld</span>
                            <span className="block font-semibold">
                              {euros(m.invoiceAmounts.payable)} {m.invoiceAmounts.paid ? "paid" : "payable"}
                            </span>
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                    ) : null}
                    <td className="px-4 py-2">
                      <span className="flex flex-wrap gap-x-4 gap-y-1">
                        <a
                          href={href("/studio/revenue/documents/:month/statement.pdf", { month: m.month })}
                          download
                          className="font-medium text-brand-700 hover:underline"
                        >
                          Statement<span className="sr-only"> of {label}</span> (PDF)
                        </a>
                        {m.invoice ? (
                          <a
                            href={href("/studio/revenue/documents/:month/invoice.pdf", { month: m.month })}
                            download
                            className="font-medium text-brand-700 hover:underline"
                          >
                            Invoice {m.invoice}
                            <span className="sr-only"> of {label}</span> (PDF)
                          </a>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
