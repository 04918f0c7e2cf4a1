/**
 * Stripe invoices as our payments. An invoice event only says which invoice
 * to look at: the invoice is re-read from Stripe (amounts, status, period,
 * receipt address) and recorded through the one payment upsert, so replays,
 * late deliveries and a failure followed by a successful retry all converge
 * on Stripe's current state. Nothing in an event body is trusted.
 *
 * A paid invoice of more than nothing is also read for what the money ledger books (modules/money):
 * the charge that paid it (through the invoice's payments), Stripe's fee from the charge's balance
 * transaction, and the member's country from the card (or, without one, the billing address). The
 * charge's id is kept on the payment: its refunds and disputes name it.
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
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
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
  const charge = status === "succeeded" && invoice.amount_paid > 0 ? await chargeOf(stripe, invoice) : null;
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
    country: charge?.country ?? null,
    feeCents: charge?.fee ?? null,
    providerChargeId: charge?.id ?? null,
  });
  return { outcome: "recorded", status };
}

interface ChargeFacts {
  id: string | null;
  /** Stripe's fee, in the charge's settlement currency (EUR here). */
  fee: number;
  /** ISO alpha-2, upper case; null when neither the card nor the billing address says. */
  country: string | null;
}

const countryCode = (value: string | null | undefined) => (value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null);

/**
 * The charge that paid an invoice: its id, fee and country. An invoice paid without a charge (from
 * the customer's credit balance) has no fee, and the customer's address says the country. A charge
 * whose balance transaction is not there yet throws: the webhook answers 500 and Stripe delivers it
 * again later, rather than booking a fee of nothing.
 */
async function chargeOf(stripe: Stripe, invoice: Stripe.Invoice): Promise<ChargeFacts> {
  const paid = invoice.payments?.data.find((p) => p.status === "paid");
  const payment = paid?.payment;
  let charge: Stripe.Charge | null = null;
  if (payment?.type === "payment_intent" && payment.payment_intent) {
    const intent = await stripe.paymentIntents.retrieve(idOf(payment.payment_intent)!, { expand: ["latest_charge.balance_transaction"] });
    charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  } else if (payment?.type === "charge" && payment.charge) {
    charge = await stripe.charges.retrieve(idOf(payment.charge)!, { expand: ["balance_transaction"] });
  }
  if (!charge) {
    logger.warn({ invoiceId: invoice.id }, "Stripe invoice paid without a charge: no fee booked");
    return { id: null, fee: 0, country: countryCode(invoice.customer_address?.country) };
  }
  const balance = charge.balance_transaction;
  if (!balance || typeof balance === "string") throw new Error(`Stripe charge ${charge.id} has no balance transaction yet`);
  return {
    id: charge.id,
    fee: balance.fee,
    country: countryCode(charge.payment_method_details?.card?.country) ?? countryCode(charge.billing_details?.address?.country),
  };
}
