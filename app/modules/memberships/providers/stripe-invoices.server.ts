/**
 * Stripe invoices as our payments. An invoice event only says which invoice
 * to look at: the invoice is re-read from Stripe (amounts, status, period,
 * receipt address) and recorded through the one payment upsert, so replays,
 * late deliveries and a failure followed by a successful retry all converge
 * on Stripe's current state. Nothing in an event body is trusted.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { creatorSupporters, platformSubscriptions } from "#db/schema";
import { recordPayment, type PaymentReport, type PaymentStatus } from "../payments.server";

export type InvoiceRecordResult = { outcome: "recorded"; status: PaymentStatus } | { outcome: "ignored"; reason: string };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The subscription an invoice bills: under parent in current API versions, at the top before 2025-03-31. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}

/** Paid is a success; an open invoice Stripe has tried to charge is a failure (being retried); drafts and voided ones are no payment. */
function statusOf(invoice: Stripe.Invoice): PaymentStatus | null {
  switch (invoice.status) {
    case "paid":
      return "succeeded";
    case "open":
    case "uncollectible":
      return invoice.attempted ? "failed" : "pending";
    default:
      return null;
  }
}

/**
 * The service period billed: the subscription's own lines (not the
 * prorations of a change of plan, when it has any), from the earliest start
 * to the latest end.
 */
function periodOf(invoice: Stripe.Invoice): { start: Date | null; end: Date | null } {
  const lines = invoice.lines.data;
  const regular = lines.filter((l) => l.parent?.subscription_item_details && !l.parent.subscription_item_details.proration);
  const chosen = regular.length > 0 ? regular : lines;
  if (chosen.length === 0) return { start: toDate(invoice.period_start), end: toDate(invoice.period_end) };
  return {
    start: toDate(Math.min(...chosen.map((l) => l.period.start))),
    end: toDate(Math.max(...chosen.map((l) => l.period.end))),
  };
}

/** Our row for a Stripe subscription, with whom it belongs to. */
async function subscriptionRow(db: Database, providerSubscriptionId: string): Promise<{ userId: string; subscription: PaymentReport["subscription"] } | null> {
  const [premium] = await db
    .select({ id: platformSubscriptions.id, userId: platformSubscriptions.userId, provider: platformSubscriptions.provider })
    .from(platformSubscriptions)
    .where(eq(platformSubscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  if (premium?.provider === "stripe") return { userId: premium.userId, subscription: { tier: "premium", id: premium.id } };
  const [support] = await db
    .select({ id: creatorSupporters.id, userId: creatorSupporters.userId, provider: creatorSupporters.provider, creatorId: creatorSupporters.creatorId })
    .from(creatorSupporters)
    .where(eq(creatorSupporters.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  if (support?.provider === "stripe") return { userId: support.userId, subscription: { tier: "supporter", id: support.id, creatorId: support.creatorId } };
  return null;
}

/**
 * Reads an invoice from Stripe and records it as a payment of the
 * subscription it bills (which the caller has just synced). Invoices we
 * cannot attribute are logged and ignored: retrying would not change that.
 */
export async function recordStripeInvoice(db: Database, stripe: Stripe, invoiceId: string): Promise<InvoiceRecordResult> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const ignore = (reason: string): InvoiceRecordResult => {
    logger.warn({ invoiceId, reason }, "Stripe invoice not recorded");
    return { outcome: "ignored", reason };
  };
  if (!invoice.id) return ignore("an invoice without an id");
  const status = statusOf(invoice);
  if (!status) return ignore(`invoice status ${invoice.status ?? "(none)"}`);
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return ignore("not a subscription's invoice");
  const owner = await subscriptionRow(db, subscriptionId);
  if (!owner) return ignore(`subscription ${subscriptionId} is not recorded`);

  const period = periodOf(invoice);
  await recordPayment(db, {
    provider: "stripe",
    providerPaymentId: invoice.id,
    userId: owner.userId,
    subscription: owner.subscription,
    amountCents: status === "succeeded" ? invoice.amount_paid : invoice.amount_due,
    taxCents: (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0),
    currency: invoice.currency.toUpperCase(),
    status,
    paidAt: status === "succeeded" ? (toDate(invoice.status_transitions.paid_at) ?? toDate(invoice.created)) : null,
    periodStart: period.start,
    periodEnd: period.end,
    receiptUrl: invoice.hosted_invoice_url ?? null,
  });
  return { outcome: "recorded", status };
}
