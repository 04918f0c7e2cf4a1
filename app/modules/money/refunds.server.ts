/**
 * Refunds and chargebacks (Creator Compensation terms, section 9). Each is one ledger transaction
 * (kind "refund" or "chargeback", key `refund:<id>` / `chargeback:<id>`: Stripe's refund or dispute
 * id, or the local provider's generated `lre_…`), in the month it happens (or the first month not
 * yet closed, months.server.ts), reversing the payment from where its money now sits:
 *
 *   bank                       −refund
 *   vat_payable[country]       +VAT × refund / gross      the refunded share of the VAT
 *   member_payments[ref]       +from open portions        portions not yet earned: cancelled, so no
 *                                                          later close earns them (last ones first)
 *   creator_payable[creator]   +creator's part            portions already earned, Supporter: the
 *                                                          creator's share of what is reversed; their
 *                                                          balance may go below zero (a creator who
 *                                                          owes, deducted from future earnings)
 *   platform_revenue           +the rest                  the platform's part; for Premium portions
 *                                                          already earned all of it now, and the next
 *                                                          pool is computed on net revenue less their
 *                                                          net (`pool_deduction_cents`), so creators
 *                                                          bear their half through the pool
 *   provider_fees / bank       +fee / −fee                a chargeback's fee: the platform's expense,
 *                                                          never the creator's
 *
 * Whole refunds are exact: the VAT, the creator's share and the platform's part come back to the
 * cent. Partial refunds split in proportion, to the nearest cent, computed on running totals so that
 * several partial refunds add up to the whole one.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { payments, profiles } from "#db/schema";
import { ledgerPayments, paymentRefunds, type REFUND_KINDS } from "#db/schema/ledger";
import { cents, shareOf, type Cents } from "./cents";
import { formatEuros } from "./format";
import { post } from "./ledger.server";
import { lockMoney, openMonth } from "./months.server";
import { HOME_COUNTRY } from "./vat";

export type RefundKind = (typeof REFUND_KINDS)[number];

export interface RefundInput {
  paymentId: string;
  kind: RefundKind;
  /** The provider's id of the refund or dispute (unique): booking it again adds nothing. */
  providerRefundId: string;
  amountCents: number;
  /** A chargeback's fee (Stripe's dispute fee). */
  feeCents?: number;
  occurredAt: Date;
  createdBy?: string | null;
  reason?: string | null;
}

export interface BookedRefund {
  id: string;
  providerRefundId: string;
  kind: RefundKind;
  amount: Cents;
  vat: Cents;
  fromOpen: Cents;
  fromClosed: Cents;
  creatorPart: Cents;
  platformPart: Cents;
  poolDeduction: Cents;
  fee: Cents;
  month: string;
  /** The payment's status after it: "refunded" once refunded whole. */
  paymentStatus: "succeeded" | "refunded";
}

export type RefundResult = { ok: true; booked: boolean; refund: BookedRefund | null } | { ok: false; status: 400 | 404 | 409; error: string };

const sumOf = (value: unknown) => cents(Number(value ?? 0));

/** Book a refund or a chargeback of a booked payment, in the caller's transaction. */
export async function bookRefund(tx: Transaction, input: RefundInput): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    return { ok: false, status: 400, error: "A refund is a whole number of cents, more than nothing." };
  await lockMoney(tx, "book");
  const [seen] = await tx.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, input.providerRefundId));
  if (seen) return { ok: true, booked: false, refund: null };
  // The payment row, locked: two refunds of one payment are booked one after the other.
  const [payment] = await tx
    .select({ id: payments.id, amountCents: payments.amountCents, refundedCents: payments.refundedCents })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for("update");
  if (!payment) return { ok: false, status: 404, error: "This payment was not found." };
  const [booked] = await tx.select().from(ledgerPayments).where(eq(ledgerPayments.paymentId, input.paymentId));
  if (!booked) return { ok: false, status: 409, error: "Nothing was paid with this payment, so there is nothing to refund." };

  const { rows: priorRows } = await tx.execute<{ amount: string; from_open: string; creator: string }>(sql`
    select coalesce(sum(amount_cents), 0)::text as amount, coalesce(sum(from_open_cents), 0)::text as from_open,
           coalesce(sum(creator_cents), 0)::text as creator
    from payment_refunds where payment_id = ${input.paymentId}`);
  const { rows: earnedRows } = await tx.execute<{ after_vat: string; fee: string; share: string }>(sql`
    select coalesce(sum(after_vat_cents), 0)::text as after_vat, coalesce(sum(fee_cents), 0)::text as fee, coalesce(sum(share_cents), 0)::text as share
    from earned_portions where payment_id = ${input.paymentId}`);
  const prior = { amount: sumOf(priorRows[0].amount), fromOpen: sumOf(priorRows[0].from_open), creator: sumOf(priorRows[0].creator) };
  const earned = { afterVat: sumOf(earnedRows[0].after_vat), fee: sumOf(earnedRows[0].fee), share: sumOf(earnedRows[0].share) };

  const gross = cents(booked.grossCents);
  const amount = cents(input.amountCents);
  const remaining = cents(gross - prior.amount);
  if (amount > remaining) {
    return { ok: false, status: 400, error: `At most ${formatEuros(remaining, { decimals: "always" })} of this payment can still be refunded.` };
  }
  const supporter = booked.kind === "supporter";
  // Running totals: partial refunds that add up to the payment give back exactly its VAT.
  const vat = cents(shareOf(cents(booked.vatCents), prior.amount + amount, gross) - shareOf(cents(booked.vatCents), prior.amount, gross));
  const reversed = cents(amount - vat);
  const held = cents(Math.max(0, booked.grossCents - booked.vatCents - earned.afterVat - prior.fromOpen));
  const fromOpen = cents(Math.min(reversed, held));
  const fromClosed = cents(reversed - fromOpen);
  let creatorPart = cents(0);
  let poolDeduction = cents(0);
  if (fromClosed > 0 && earned.afterVat > 0) {
    if (supporter) {
      const proportional = shareOf(earned.share, Math.min(fromClosed, earned.afterVat), earned.afterVat);
      creatorPart = cents(Math.max(0, Math.min(proportional, earned.share - prior.creator)));
    } else {
      poolDeduction = cents(fromClosed - shareOf(earned.fee, Math.min(fromClosed, earned.afterVat), earned.afterVat));
    }
  }
  const platformPart = cents(fromClosed - creatorPart);
  const fee = cents(input.feeCents ?? 0);
  if (fee < 0) return { ok: false, status: 400, error: "A chargeback fee cannot be negative." };

  const month = await openMonth(tx, input.occurredAt);
  const [creator] = booked.creatorId ? await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, booked.creatorId)) : [];
  const tier = supporter ? "Supporter" : "Premium";
  const what = input.kind === "refund" ? "Refund" : "Chargeback";
  const result = await post(tx, {
    idempotencyKey: `${input.kind}:${input.providerRefundId}`,
    kind: input.kind,
    cause: { type: "payment", id: input.paymentId },
    month,
    creatorId: creator?.id ?? null,
    description: `${what} of a ${tier} payment`,
    details: {
      tier: booked.kind,
      providerRefundId: input.providerRefundId,
      paymentId: input.paymentId,
      paidAt: booked.paidAt.toISOString(),
      gross,
      amount,
      vat,
      vatRate: Number(booked.vatRate),
      fromOpenPortions: fromOpen,
      fromEarnedPortions: fromClosed,
      creatorPart,
      platformPart,
      poolDeduction,
      fee,
      reason: input.reason ?? null,
    },
    occurredAt: input.occurredAt,
    postings: [
      { account: "bank", amount: cents(-amount - fee) },
      { account: "vat_payable", ref: booked.country ?? HOME_COUNTRY, amount: vat },
      { account: "member_payments", ref: booked.ref, amount: fromOpen },
      ...(booked.creatorId ? [{ account: "creator_payable" as const, ref: booked.creatorId, amount: creatorPart }] : []),
      { account: "platform_revenue", amount: platformPart },
      { account: "provider_fees", amount: fee },
    ],
  });
  if (!result.posted) return { ok: true, booked: false, refund: null };
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: input.paymentId,
      kind: input.kind,
      providerRefundId: input.providerRefundId,
      amountCents: amount,
      vatCents: vat,
      fromOpenCents: fromOpen,
      fromClosedCents: fromClosed,
      creatorCents: creatorPart,
      poolDeductionCents: poolDeduction,
      feeCents: fee,
      month: `${month}-01`,
      occurredAt: input.occurredAt,
      createdBy: input.createdBy ?? null,
      reason: input.reason ?? null,
    })
    .returning({ id: paymentRefunds.id });
  const refunded = prior.amount + amount;
  const paymentStatus = refunded >= payment.amountCents ? "refunded" : "succeeded";
  await tx
    .update(payments)
    .set({ refundedCents: refunded, ...(paymentStatus === "refunded" ? { status: "refunded" as const } : {}), updatedAt: new Date() })
    .where(eq(payments.id, input.paymentId));
  return {
    ok: true,
    booked: true,
    refund: {
      id: row.id,
      providerRefundId: input.providerRefundId,
      kind: input.kind,
      amount,
      vat,
      fromOpen,
      fromClosed,
      creatorPart,
      platformPart,
      poolDeduction,
      fee,
      month,
      paymentStatus,
    },
  };
}

/** Book a provider's refund or chargeback (Stripe's webhook), in a transaction of its own. */
export function recordRefund(db: Database, input: RefundInput): Promise<RefundResult> {
  return db.transaction((tx) => bookRefund(tx, input));
}

/**
 * An admin's refund of a local-provider payment (Stripe's are made in Stripe, whose webhook books
 * them): `amountCents` of what is left, audited in the same transaction.
 */
export async function refundPayment(
  db: Database,
  paymentId: string,
  amountCents: number,
  options: { actor: AuditActor; reason?: string; now?: Date },
): Promise<RefundResult> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return { ok: false, status: 400, error: "Enter the amount to refund in whole cents, more than nothing." };
  const reason = options.reason?.trim() || null;
  if (reason && reason.length > 500) return { ok: false, status: 400, error: "Keep the reason under 500 characters." };
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ provider: payments.provider, status: payments.status, refundedCents: payments.refundedCents, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) return { ok: false, status: 404, error: "This payment was not found." };
    if (payment.provider !== "local") return { ok: false, status: 400, error: "Stripe payments are refunded in Stripe: its webhook records the refund here." };
    if (payment.status !== "succeeded") return { ok: false, status: 409, error: "Only a paid payment can be refunded." };
    const result = await bookRefund(tx, {
      paymentId,
      kind: "refund",
      providerRefundId: `lre_${randomUUID()}`,
      amountCents,
      occurredAt: options.now ?? new Date(),
      createdBy: options.actor.userId,
      reason,
    });
    if (!result.ok || !result.refund) return result;
    await record(
      tx,
      options.actor,
      "payment.refunded",
      { type: "payment", id: paymentId },
      { status: payment.status, refundedCents: payment.refundedCents },
      {
        status: result.refund.paymentStatus,
        refundedCents: payment.refundedCents + result.refund.amount,
        refund: result.refund.providerRefundId,
        amountCents: result.refund.amount,
        reason,
      },
    );
    return result;
  });
}

/** A payment's refunds and chargebacks, oldest first (the back office's payment page). */
export async function refundsOf(db: Database, paymentId: string) {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId)))
    .orderBy(paymentRefunds.occurredAt);
}

export interface RefundablePayment {
  id: string;
  paidAt: Date;
  kind: "supporter" | "premium";
  /** The supported creator's handle (Supporter payments). */
  creatorHandle: string | null;
  /** The member, as the back office knows them (name and email: admins only). */
  memberName: string | null;
  memberEmail: string | null;
  country: string | null;
  amount: Cents;
  refunded: Cents;
  status: string;
}

/** The latest booked local-provider payments, the back office's refund list (Stripe's are refunded in Stripe). */
export async function refundablePayments(db: Database, limit = 25): Promise<RefundablePayment[]> {
  const { rows } = await db.execute<{
    id: string;
    paid_at: Date;
    kind: "supporter" | "premium";
    creator_handle: string | null;
    member_name: string | null;
    member_email: string | null;
    country: string | null;
    amount: number;
    refunded: number;
    status: string;
  }>(sql`
    select p.id, lp.paid_at, lp.kind, pr.handle as creator_handle, u.name as member_name, u.email as member_email, lp.country,
           p.amount_cents as amount, p.refunded_cents as refunded, p.status
    from payments p
    join ledger_payments lp on lp.payment_id = p.id
    left join profiles pr on pr.id = lp.creator_id
    left join "user" u on u.id = p.user_id
    where p.provider = 'local' and p.status in ('succeeded', 'refunded')
    order by lp.paid_at desc, p.id
    limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    paidAt: new Date(r.paid_at),
    kind: r.kind,
    creatorHandle: r.creator_handle,
    memberName: r.member_name,
    memberEmail: r.member_email,
    country: r.country,
    amount: cents(Number(r.amount)),
    refunded: cents(Number(r.refunded)),
    status: r.status,
  }));
}
