/**
 * Member payments into the ledger. A succeeded payment of more than nothing is booked once (key
 * `payment:<payments.id>`), in the database transaction that records the payment row:
 *
 *   bank                        +(gross − fee)    the cash the provider pays us
 *   provider_fees               +fee              Stripe's fee, or the local provider's formula
 *   vat_payable[country]        −VAT              owed to the member's country's tax office
 *   member_payments[ref]        −(gross − VAT)    held until the month close earns it
 *
 * where ref is the supported creator's id for a Supporter payment and "premium" for a Premium one.
 * A trial's €0 invoice books nothing. The figures are kept as booked in `ledger_payments`, which the
 * close (its portions) and refunds read. What memberships tells us is the payment row; the VAT and
 * fee rules are ours (vat.ts, fees.ts), computed here so the row and the ledger agree.
 */
import type { Transaction } from "~/lib/db.server";
import { ledgerPayments } from "#db/schema/ledger";
import { cents, type Cents } from "./cents";
import { localProviderFee } from "./fees";
import { monthOf, monthStart, post } from "./ledger.server";
import { addMonths, lockMoney, openMonth } from "./months.server";
import { HOME_COUNTRY, vatIncluded, vatRateOf } from "./vat";

/** A paid period longer than this is a year (a month is at most 31 days; a year at least 365). */
const YEARLY_FROM_MS = 62 * 86_400_000;

export interface MemberPaymentCharges {
  vatCents: Cents;
  /** Percent, 0 outside the EU. */
  vatRate: number;
  feeCents: Cents;
}

/**
 * The VAT and fee of a member payment: VAT at the country's standard rate on the day paid (prices
 * include it); the fee Stripe reported, or the local provider's formula.
 */
export function memberPaymentCharges(p: {
  provider: "local" | "stripe";
  grossCents: number;
  country: string | null;
  providerFeeCents?: number | null;
  at: Date;
}): MemberPaymentCharges {
  const gross = cents(p.grossCents);
  const vatRate = vatRateOf(p.country, p.at);
  const fee = p.provider === "local" ? localProviderFee(gross) : cents(p.providerFeeCents ?? 0);
  return { vatCents: vatIncluded(gross, vatRate), vatRate, feeCents: fee };
}

/** A payments row, as memberships records it (with the VAT and fee of memberPaymentCharges). */
export interface BookablePayment {
  id: string;
  provider: "local" | "stripe";
  kind: "platform" | "supporter";
  userId: string | null;
  creatorId: string | null;
  amountCents: number;
  feeCents: number;
  country: string | null;
  status: string;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  createdAt: Date;
}

export type BookResult = { booked: true; transactionId: string } | { booked: false; reason: "not paid" | "already booked" };

/**
 * Book a member payment in the ledger, inside the transaction that records it. Safe to call on
 * every report of the payment: only a succeeded one of more than nothing is booked, and only once.
 */
export async function postMemberPayment(tx: Transaction, payment: BookablePayment): Promise<BookResult> {
  if (payment.status !== "succeeded" || payment.amountCents <= 0) return { booked: false, reason: "not paid" };
  await lockMoney(tx, "book");
  const paidAt = payment.paidAt ?? payment.createdAt;
  const periodStart = payment.periodStart ?? paidAt;
  const yearly = payment.periodEnd !== null && payment.periodEnd.getTime() - periodStart.getTime() > YEARLY_FROM_MS;
  const portions = yearly ? 12 : 1;
  const supporter = payment.kind === "supporter";
  if (supporter && !payment.creatorId) throw new Error(`Supporter payment ${payment.id} has no creator`);
  const ref = supporter ? payment.creatorId! : "premium";

  const gross = cents(payment.amountCents);
  const {
    vatCents: vat,
    vatRate,
    feeCents: fee,
  } = memberPaymentCharges({
    provider: payment.provider,
    grossCents: gross,
    country: payment.country,
    providerFeeCents: payment.feeCents,
    at: paidAt,
  });
  const firstMonth = monthOf(periodStart);
  const month = await openMonth(tx, paidAt);
  const interval = yearly ? "yearly" : "monthly";
  const result = await post(tx, {
    idempotencyKey: `payment:${payment.id}`,
    kind: "payment",
    cause: { type: "payment", id: payment.id },
    month,
    creatorId: supporter ? payment.creatorId : null,
    description: `${supporter ? "Supporter" : "Premium"} payment, ${interval}`,
    details: {
      tier: supporter ? "supporter" : "premium",
      interval,
      provider: payment.provider,
      country: payment.country,
      vatCountry: payment.country ?? HOME_COUNTRY,
      gross,
      vat,
      vatRate,
      fee,
      feeSource: payment.provider === "local" ? "local provider formula: 1.5% + EUR 0.25" : "Stripe balance transaction",
      portions,
      firstMonth,
    },
    occurredAt: paidAt,
    postings: [
      { account: "bank", amount: cents(gross - fee) },
      { account: "provider_fees", amount: fee },
      { account: "vat_payable", ref: payment.country ?? HOME_COUNTRY, amount: cents(-vat) },
      { account: "member_payments", ref, amount: cents(-(gross - vat)) },
    ],
  });
  if (!result.posted) return { booked: false, reason: "already booked" };
  await tx
    .insert(ledgerPayments)
    .values({
      paymentId: payment.id,
      kind: supporter ? "supporter" : "premium",
      ref,
      creatorId: supporter ? payment.creatorId : null,
      userId: payment.userId,
      country: payment.country,
      grossCents: gross,
      vatCents: vat,
      vatRate: String(vatRate),
      feeCents: fee,
      portions,
      firstMonth: monthStart(firstMonth),
      lastMonth: monthStart(addMonths(firstMonth, portions - 1)),
      bookedMonth: monthStart(month),
      paidAt,
      periodStart,
      periodEnd: payment.periodEnd,
    })
    .onConflictDoNothing();
  return { booked: true, transactionId: result.transactionId };
}
