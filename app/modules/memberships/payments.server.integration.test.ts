/**
 * Payments and receipts with the local test provider: the €0 trial receipt at
 * checkout, one charge per renewed period however often the clock runs, none
 * for a cancelled membership, and only one's own receipts.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { creatorSupporters, payments, platformSubscriptions } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { createCheckoutSession } from "./checkout.server";
import type { ConfirmationScope } from "./confirmation.server";
import { advanceLocalMemberships, changeMembership } from "./manage.server";
import { receiptOf, receiptsOf, recordPayment, type PaymentReport } from "./payments.server";
import { localProvider } from "./providers/local.server";

const db = await setupTestDatabase();

/** The request a payment arrives in (no visitor, invitations dropped). */
const scope: ConfirmationScope = { context: new RouterContextProvider(), sendInvitation: async () => {} };
/** The local provider's own pay step, on the real clock or at `now` (the clock the checkout was opened on). */
const payLocalCheckout = (db: Database, buyer: { userId: string | null }, input: unknown, now?: Date) =>
  localProvider(db, now ? () => now.getTime() : undefined).payCheckout!({ ...buyer, ip: "203.0.113.7" }, input, scope);
const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", country: "ES" };

/** A signed-in buyer's local checkout, opened and paid with the test card at `now`. */
async function buy(userId: string, input: { type: "premium" | "supporter"; priceId: string; creatorId?: string }, now: Date) {
  const provider = localProvider(db, () => now.getTime());
  const session = await createCheckoutSession(db, { userId }, { creatorId: null, redirectUrl: "/account", ...input }, provider);
  if (!session.ok) throw new Error(session.error);
  const paid = await payLocalCheckout(db, { userId }, { ...card, clientSecret: session.clientSecret }, now);
  if (!paid.ok) throw new Error(paid.error);
}

describe("local payments", () => {
  it("a checkout records the €0 trial as the first receipt, with the membership", async () => {
    const { user: buyer } = await createProfile(db);
    const now = new Date("2026-11-23T12:00:00Z");
    await buy(buyer.id, { type: "premium", priceId: "local_premium_month" }, now);

    const [subscription] = await db.select().from(platformSubscriptions);
    const rows = await db.select().from(payments);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: buyer.id,
        kind: "platform",
        platformSubscriptionId: subscription.id,
        creatorSupporterId: null,
        provider: "local",
        providerPaymentId: `lpi_${subscription.id}_${now.getTime() / 1000}`,
        amountCents: 0,
        currency: "EUR",
        status: "succeeded",
        paidAt: now,
        periodStart: now,
        periodEnd: new Date("2026-12-23T12:00:00Z"),
        receiptUrl: null,
      }),
    ]);
    expect(await receiptsOf(db, buyer.id)).toEqual([
      {
        id: rows[0].id,
        provider: "local",
        date: now,
        description: "Premium · monthly",
        periodStart: now,
        periodEnd: new Date("2026-12-23T12:00:00Z"),
        amount: "€0",
        status: "succeeded",
        href: `/account/receipts/${rows[0].id}`,
        external: false,
      },
    ]);
  });

  it("the clock charges each renewed period once, even run twice or twice at the same time; a cancelled membership is charged nothing", async () => {
    const { user: buyer } = await createProfile(db);
    const { profile: creator } = await createCreator(db, { displayName: "Lucía Ferrer" });
    const start = new Date("2026-11-23T12:00:00Z");
    await buy(buyer.id, { type: "supporter", priceId: "local_supporter_year", creatorId: creator.id }, start);
    await buy(buyer.id, { type: "premium", priceId: "local_premium_month" }, start);
    const [premium] = await db.select().from(platformSubscriptions);
    expect(await changeMembership(db, localProvider(db), buyer.id, { subscriptionId: premium.id, action: "cancel" })).toMatchObject({ ok: true });

    const trialEnd = new Date("2026-12-23T12:00:00Z");
    const afterTrial = new Date("2026-12-23T12:00:01Z");
    expect(await advanceLocalMemberships(db, new Date("2026-12-23T11:59:59Z"))).toEqual({ ended: 0, renewed: 0 });
    const runs = await Promise.all([advanceLocalMemberships(db, afterTrial), advanceLocalMemberships(db, afterTrial)]);
    expect(runs.reduce((sum, r) => sum + r.renewed, 0)).toBe(1);
    expect(runs.reduce((sum, r) => sum + r.ended, 0)).toBe(1);
    expect(await advanceLocalMemberships(db, afterTrial)).toEqual({ ended: 0, renewed: 0 });

    const [support] = await db.select().from(creatorSupporters);
    expect(support).toMatchObject({ status: "active", currentPeriodEnd: new Date("2027-12-23T12:00:00Z") });
    const charges = (await db.select().from(payments)).filter((p) => p.amountCents > 0);
    expect(charges).toEqual([
      expect.objectContaining({
        kind: "supporter",
        creatorSupporterId: support.id,
        creatorId: creator.id,
        providerPaymentId: `lpi_${support.id}_${trialEnd.getTime() / 1000}`,
        amountCents: 10000,
        status: "succeeded",
        paidAt: afterTrial,
        periodStart: trialEnd,
        periodEnd: new Date("2027-12-23T12:00:00Z"),
      }),
    ]);

    // Newest first; the two trials began at the same moment, the later-recorded first. The cancelled Premium's trial receipt stays.
    expect((await receiptsOf(db, buyer.id)).map((r) => [r.description, r.amount])).toEqual([
      ["Supporter of Lucía Ferrer · yearly", "€100"],
      ["Premium · monthly", "€0"],
      ["Supporter of Lucía Ferrer · yearly", "€0"],
    ]);
  });

  it("a renewal charges the amount of the plan the member switched to", async () => {
    const { user: buyer } = await createProfile(db);
    await buy(buyer.id, { type: "premium", priceId: "local_premium_month" }, new Date("2026-11-23T12:00:00Z"));
    const [premium] = await db.select().from(platformSubscriptions);
    await changeMembership(db, localProvider(db), buyer.id, { subscriptionId: premium.id, action: "switch" });
    await advanceLocalMemberships(db, new Date("2026-12-24T00:00:00Z"));
    const [latest] = await receiptsOf(db, buyer.id);
    expect(latest).toMatchObject({ description: "Premium · yearly", amount: "€48", periodEnd: new Date("2027-12-23T12:00:00Z") });
  });

  it("lists only one's own receipts; another's payment is not found", async () => {
    const { user: me } = await createProfile(db);
    const { user: other } = await createProfile(db);
    await buy(other.id, { type: "premium", priceId: "local_premium_month" }, new Date("2026-11-23T12:00:00Z"));
    const [theirs] = await db.select().from(payments);
    expect(await receiptsOf(db, me.id)).toEqual([]);
    expect(await receiptOf(db, me.id, theirs.id)).toBeNull();
    expect(await receiptOf(db, other.id, theirs.id)).toMatchObject({ id: theirs.id, description: "Premium · monthly" });
    expect(await receiptsOf(db, other.id)).toHaveLength(1);
  });
});

describe("recordPayment", () => {
  it("upserts by the provider's id: a replay changes nothing, a later stage wins, an earlier one never undoes it", async () => {
    const { user: buyer } = await createProfile(db);
    await buy(buyer.id, { type: "premium", priceId: "local_premium_month" }, new Date("2026-11-23T12:00:00Z"));
    const [subscription] = await db.select().from(platformSubscriptions);
    const report = (over: Partial<PaymentReport>): PaymentReport => ({
      provider: "stripe",
      providerPaymentId: "in_replayed",
      userId: buyer.id,
      subscription: { tier: "premium", id: subscription.id },
      amountCents: 500,
      taxCents: 87,
      currency: "EUR",
      status: "failed",
      paidAt: null,
      periodStart: new Date("2026-12-23T12:00:00Z"),
      periodEnd: new Date("2027-01-23T12:00:00Z"),
      receiptUrl: "https://invoice.stripe.com/i/x",
      ...over,
    });
    const invoiceRow = async () => (await db.select().from(payments)).filter((p) => p.providerPaymentId === "in_replayed");

    await recordPayment(db, report({}));
    await recordPayment(db, report({}));
    expect(await invoiceRow()).toMatchObject([{ status: "failed", paidAt: null }]);
    const paidAt = new Date("2026-12-25T09:00:00Z");
    await recordPayment(db, report({ status: "succeeded", paidAt }));
    await recordPayment(db, report({ status: "failed" }));
    await recordPayment(db, report({ status: "pending" }));
    expect(await invoiceRow()).toMatchObject([{ status: "succeeded", paidAt, amountCents: 500, taxCents: 87 }]);
  });
});
