/** /account's Receipts section: every payment, newest first, each with its receipt. */
import { Link } from "react-router";
import { formatDay, formatPeriod } from "~/modules/memberships/dates";
import type { PaymentStatus, Receipt } from "~/modules/memberships/payments.server";

const STATUS: Record<PaymentStatus, { label: string; tone: string }> = {
  succeeded: { label: "Paid", tone: "text-brand-800" },
  pending: { label: "Pending", tone: "text-neutral-700" },
  failed: { label: "Payment failed", tone: "text-red-700" },
  refunded: { label: "Refunded", tone: "text-neutral-700" },
};

const link = "text-sm font-semibold text-brand-700 underline-offset-2 hover:underline";

export function ReceiptsSection({ receipts }: { receipts: Receipt[] }) {
  if (receipts.length === 0) return <p className="text-neutral-800">No payments yet.</p>;
  return (
    <ul className="divide-y divide-neutral-200">
      {receipts.map((r) => (
        <ReceiptRow key={r.id} receipt={r} />
      ))}
    </ul>
  );
}

function ReceiptRow({ receipt: r }: { receipt: Receipt }) {
  const status = STATUS[r.status];
  const period = formatPeriod(r.periodStart, r.periodEnd);
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="receipt">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold" data-testid="receipt-description">
          {r.description}
        </span>
        <span className="font-semibold tabular-nums" data-testid="receipt-amount">
          {r.amount}
        </span>
      </div>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm text-neutral-700">
        <span>
          <time dateTime={new Date(r.date).toISOString()} data-testid="receipt-date">
            {formatDay(r.date)}
          </time>
          {period ? <span data-testid="receipt-period"> · for {period}</span> : null}
          {" · "}
          <span className={status.tone} data-testid="receipt-status">
            {status.label}
          </span>
        </span>
        {r.external ? (
          <a href={r.href} target="_blank" rel="noopener noreferrer" className={link}>
            Receipt<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <Link to={r.href} className={link}>
            Receipt
          </Link>
        )}
      </div>
      {r.provider === "local" ? <p className="mt-1 text-xs text-neutral-600">Test mode — no real charge</p> : null}
    </li>
  );
}
