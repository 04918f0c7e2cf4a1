/**
 * Membership payments and the receipts members see on /account. Every
 * provider reports a payment as it now stands and `recordPayment` upserts it
 * by the provider's payment id (Stripe's invoice id, or the local provider's
 * id for one period of one subscription): a webhook replayed or the local
 * clock run twice converges on one row, never a second charge. Ownership is
 * part of every read.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { href } from "react-router";
import type { Database, Transaction } from "~/lib/db.server";
import { creatorSupporters, payments, platformSubscriptions, profiles, type PAYMENT_STATUSES } from "#db/schema";
import { cents, formatEuros } from "~/modules/money";
import { memberPaymentCharges, postMemberPayment } from "~/modules/money/index.server";
import type { Interval, Tier } from "./plans";

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentReport {
  provider: "local" | "stripe";
  providerPaymentId: string;
  userId: string;
  /** Our subscription row the payment is for (a supporter's names the creator credited). */
  subscription: { tier: "premium"; id: string } | { tier: "supporter"; id: string; creatorId: string };
  /** Gross, VAT included, in cents. */
  amountCents: number;
  taxCents: number;
  currency: string;
  status: PaymentStatus;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The provider's own receipt page; null when the receipt is ours. */
  receiptUrl: string | null;
  /**
   * The member's country (ISO alpha-2): the evidence whose VAT the payment carries (Stripe: the
   * card's or billing country; the local provider: its checkout form's). Kept when a later report
   * has none.
   */
  country?: string | null;
  /** Stripe's fee for this payment, from the charge's balance transaction (the local provider's is modules/money's formula). */
  feeCents?: number | null;
  /** Stripe's charge that paid it (refunds and disputes name it). */
  providerChargeId?: string | null;
}

/**
 * How far along its life a payment is. A report only replaces one that is not
 * further along, so a stale read (an invoice fetched as failed just before it
 * was paid, written after) never undoes a success; a retry that succeeds
 * after a failure does replace it.
 */
const LIFECYCLE = ["pending", "failed", "succeeded", "refunded"] as const satisfies readonly PaymentStatus[];
const stage = (status: SQL) => sql`array_position(array[${sql.raw(LIFECYCLE.map((s) => `'${s}'`).join(","))}]::text[], ${status})`;

/**
 * Records the payment and, when it succeeded with more than nothing, books it in the money ledger
 * (modules/money) in the same database transaction: its VAT (by the member's country) and fee are
 * the ledger's, written on the row too so receipts and statements agree.
 */
export async function recordPayment(db: Database | Transaction, p: PaymentReport): Promise<void> {
  const paid = p.status === "succeeded" && p.amountCents > 0;
  const charges = paid
    ? memberPaymentCharges({
        provider: p.provider,
        grossCents: p.amountCents,
        country: p.country ?? null,
        providerFeeCents: p.feeCents,
        at: p.paidAt ?? new Date(),
      })
    : null;
  const changes = {
    amountCents: p.amountCents,
    taxCents: charges?.vatCents ?? p.taxCents,
    feeCents: charges?.feeCents ?? p.feeCents ?? 0,
    currency: p.currency,
    status: p.status,
    paidAt: p.paidAt,
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    receiptUrl: p.receiptUrl,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(payments)
      .values({
        ...changes,
        country: p.country ?? null,
        providerChargeId: p.providerChargeId ?? null,
        provider: p.provider,
        providerPaymentId: p.providerPaymentId,
        userId: p.userId,
        kind: p.subscription.tier === "premium" ? "platform" : "supporter",
        platformSubscriptionId: p.subscription.tier === "premium" ? p.subscription.id : null,
        creatorSupporterId: p.subscription.tier === "supporter" ? p.subscription.id : null,
        creatorId: p.subscription.tier === "supporter" ? p.subscription.creatorId : null,
      })
      .onConflictDoUpdate({
        target: payments.providerPaymentId,
        set: {
          ...changes,
          country: sql`coalesce(excluded.country, ${payments.country})`,
          providerChargeId: sql`coalesce(excluded.provider_charge_id, ${payments.providerChargeId})`,
        },
        setWhere: sql`${stage(sql`excluded.status`)} >= ${stage(sql`${payments.status}`)}`,
      });
    const [row] = await tx.select().from(payments).where(eq(payments.providerPaymentId, p.providerPaymentId));
    if (row) await postMemberPayment(tx, row);
  });
}

export interface Receipt {
  id: string;
  provider: "local" | "stripe";
  /** When it was paid (or, not paid, when it was recorded). */
  date: Date;
  /** "Premium · monthly", "Supporter of Lucía Ferrer · yearly". */
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** "€5", VAT included. */
  amount: string;
  status: PaymentStatus;
  /** Stripe's hosted invoice (opened in a new tab), or our own receipt page. */
  href: string;
  external: boolean;
}

export const receiptPath = (paymentId: string) => href("/account/receipts/:paymentId", { paymentId });

const DAY_MS = 86_400_000;

/**
 * A payment keeps no interval of its own: a paid period says it by its
 * length (a year is far longer than any month); a trial or a payment without
 * a period takes its subscription's.
 */
function intervalOf(amountCents: number, start: Date | null, end: Date | null, subscriptionInterval: Interval | null): Interval | null {
  if (amountCents > 0 && start && end) return end.getTime() - start.getTime() > 62 * DAY_MS ? "year" : "month";
  return subscriptionInterval;
}

function describe(tier: Tier, creator: { displayName: string | null; handle: string | null } | null, interval: Interval | null): string {
  const creatorName = creator?.displayName ?? (creator?.handle ? `@${creator.handle}` : null);
  const plan = tier === "premium" ? "Premium" : creatorName ? `Supporter of ${creatorName}` : "Supporter";
  return interval ? `${plan} · ${interval === "year" ? "yearly" : "monthly"}` : plan;
}

function receiptRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      p: payments,
      premiumInterval: platformSubscriptions.interval,
      supporterInterval: creatorSupporters.interval,
      displayName: profiles.displayName,
      handle: profiles.handle,
    })
    .from(payments)
    .leftJoin(platformSubscriptions, eq(platformSubscriptions.id, payments.platformSubscriptionId))
    .leftJoin(creatorSupporters, eq(creatorSupporters.id, payments.creatorSupporterId))
    .leftJoin(profiles, eq(profiles.id, payments.creatorId))
    .where(where)
    .orderBy(desc(sql`coalesce(${payments.paidAt}, ${payments.createdAt})`), desc(payments.createdAt));
}

type ReceiptRow = Awaited<ReturnType<typeof receiptRows>>[number];

function toReceipt({ p, premiumInterval, supporterInterval, displayName, handle }: ReceiptRow): Receipt {
  const tier: Tier = p.kind === "platform" ? "premium" : "supporter";
  const interval = intervalOf(p.amountCents, p.periodStart, p.periodEnd, premiumInterval ?? supporterInterval);
  return {
    id: p.id,
    provider: p.provider,
    date: p.paidAt ?? p.createdAt,
    description: describe(tier, p.creatorId ? { displayName, handle } : null, interval),
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    amount: formatEuros(cents(p.amountCents)),
    status: p.status,
    href: p.receiptUrl ?? receiptPath(p.id),
    external: Boolean(p.receiptUrl),
  };
}

/** The user's payments, newest first. */
export async function receiptsOf(db: Database, userId: string): Promise<Receipt[]> {
  return (await receiptRows(db, eq(payments.userId, userId))).map(toReceipt);
}

/** One of the user's own payments, or null (someone else's and unknown ids alike). */
export async function receiptOf(db: Database, userId: string, paymentId: string): Promise<Receipt | null> {
  const [row] = await receiptRows(db, and(eq(payments.userId, userId), eq(payments.id, paymentId)));
  return row ? toReceipt(row) : null;
}
