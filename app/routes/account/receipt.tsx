import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { companyInfo } from "~/modules/legal/company.server";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { requireUser } from "~/routes/guards.server";
import { formatDay, formatPeriod } from "~/modules/memberships/dates";
import { receiptOf } from "~/modules/memberships/payments.server";
import type { Route } from "./+types/receipt";

/** /account/receipts/:paymentId: one of the member's own payments as a printable receipt; anyone else's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const paymentId = z.uuid().safeParse(params.paymentId);
  if (!paymentId.success) notFound(request);
  const receipt = await receiptOf(context.get(dbContext), viewer.user.id, paymentId.data);
  if (!receipt) notFound(request);
  const { legalName, address, taxId, productName } = companyInfo(request);
  return { receipt, email: viewer.user.email, company: { legalName, address, taxId, productName } };
}

export const meta: Route.MetaFunction = () => [{ title: "Receipt" }, { name: "robots", content: "noindex" }];

const STATUS = { succeeded: "Paid", pending: "Pending", failed: "Payment failed", refunded: "Refunded" } as const;

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-4 py-2">
      <dt className="font-medium text-neutral-700">{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt: r, email, company } = loaderData;
  const period = formatPeriod(r.periodStart, r.periodEnd);
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <div className="mb-6 flex items-center justify-between gap-4 print:hidden">
        <Link to={href("/account")} className="text-sm font-semibold text-brand-700 hover:underline">
          Back to your account
        </Link>
        <Button variant="secondary" size="md" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <article className="rounded-2xl border border-neutral-200 p-8 print:border-0 print:p-0" data-testid="receipt-page">
        <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <h1 className="text-3xl font-bold">Receipt</h1>
          <address className="text-right text-sm not-italic text-neutral-700">
            <strong className="block text-neutral-900">{company.legalName}</strong>
            {company.address}
            <br />
            NIF {company.taxId}
          </address>
        </header>
        <dl className="divide-y divide-neutral-200">
          <Row term="Receipt number" testId="receipt-number">
            <span className="font-mono text-sm break-all">{r.id}</span>
          </Row>
          <Row term="Date">{formatDay(r.date)}</Row>
          <Row term="Billed to">{email}</Row>
          <Row term="Description">
            {company.productName} {r.description}
          </Row>
          {period ? <Row term="Period">{period}</Row> : null}
          <Row term="Status">{STATUS[r.status]}</Row>
          <Row term="Amount" testId="receipt-total">
            <strong>{r.amount}</strong> <span className="text-sm text-neutral-700">VAT included</span>
          </Row>
        </dl>
        {r.provider === "local" ? <p className="mt-6 rounded-lg bg-neutral-100 px-4 py-2 text-sm text-neutral-800">Test mode — no real charge</p> : null}
        {r.external ? (
          <p className="mt-6 text-sm">
            <a href={r.href} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
              Stripe's invoice for this payment
            </a>
          </p>
        ) : null}
      </article>
    </main>
  );
}
