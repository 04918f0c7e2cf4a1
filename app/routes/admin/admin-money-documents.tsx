import { Form, href } from "react-router";
import { revenueMonthLabel } from "~/components/studio/revenue-chart";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { formatEuros, type Cents } from "~/modules/money";
import { creatorByHandle, documentDay, revenueDocuments } from "~/modules/money/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-money-documents";

/** /admin/money/documents?creator=handle: a creator's published statements and self-billed invoices, to download (reading changes nothing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const asked = (new URL(request.url).searchParams.get("creator") ?? "").slice(0, 100);
  if (!asked.trim()) return { asked, creator: null, months: [] };
  const db = context.get(dbContext);
  const creator = await creatorByHandle(db, asked);
  if (!creator) return { asked, creator: null, months: [] };
  const { months } = await revenueDocuments(db, creator.id);
  return { asked, creator, months: months.map(({ publishedAt, ...m }) => ({ ...m, publishedOn: documentDay(publishedAt) })) };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Creators' documents") }, { name: "robots", content: "noindex" }];

const euros = (amount: Cents) => formatEuros(amount, { decimals: "always" });

export default function AdminMoneyDocuments({ loaderData }: Route.ComponentProps) {
  const { asked, creator, months } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Creators&apos; statements and invoices</h1>
      <p className="mt-1 text-neutral-700">
        Every closed month&apos;s statement of a creator and, where they agreed to self-billing, the invoice issued in their name.
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          Creator&apos;s handle
          <input
            name="creator"
            defaultValue={asked}
            required
            maxLength={100}
            className="mt-1 rounded-lg border border-neutral-300 px-3 py-2"
            placeholder="@handle"
          />
        </label>
        <Button type="submit">Show documents</Button>
      </Form>
      {asked.trim() && !creator ? (
        <p role="status" className="mt-6 text-neutral-700">
          {`Nobody has the handle @${asked.trim().replace(/^@/, "")}.`}
        </p>
      ) : null}
      {creator ? (
        <section aria-labelledby="creator-documents" className="mt-8">
          <h2 id="creator-documents" className="text-xl font-semibold">
            {creator.displayName ? `${creator.displayName} (@${creator.handle})` : `@${creator.handle}`}
          </h2>
          {months.length === 0 ? (
            <p className="mt-2 text-neutral-700">No published month yet.</p>
          ) : (
            <table className="mt-3 w-full text-left text-sm" data-testid="admin-creator-documents">
              <thead>
                <tr className="border-b border-neutral-200 text-neutral-600">
                  <th scope="col" className="py-2 font-medium">
                    Month
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Published
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Earned
                  </th>
                  <th scope="col" className="py-2 pl-4 font-medium">
                    Documents
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month} className="border-b border-neutral-100">
                    <th scope="row" className="py-2 font-medium">
                      {revenueMonthLabel(m.month, "long")}
                    </th>
                    <td className="py-2">{m.publishedOn}</td>
                    <td className="py-2 text-right tabular-nums">{euros(m.earned)}</td>
                    <td className="py-2 pl-4">
                      <span className="flex flex-wrap gap-x-4">
                        <a
                          href={href("/admin/money/creators/:creatorId/documents/:month/statement.pdf", { creatorId: creator.id, month: m.month })}
                          download
                          className="font-medium text-brand-700 hover:underline"
                        >
                          Statement (PDF)
                        </a>
                        {m.invoice ? (
                          <a
                            href={href("/admin/money/creators/:creatorId/documents/:month/invoice.pdf", { creatorId: creator.id, month: m.month })}
                            download
                            className="font-medium text-brand-700 hover:underline"
                          >
                            {`Invoice ${m.invoice} (PDF)`}
                          </a>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </main>
  );
}
