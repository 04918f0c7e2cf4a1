/**
 * The emails of a membership's life, on a real database: the member's confirmation and the
 * creator's "new supporter" email, each once whichever provider and however often the start is
 * reported (a double confirm, a replayed Stripe webhook); the creator's choice to get none; and
 * the reminder 3 days before a trial's first charge, once, never for a cancelled or no longer
 * trialing membership, nor twice from two runs at once. Moments are fixed (the job takes `now`),
 * across a year's end.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/stripe/stand-in";
import { creatorSupporters, emailOutbox, platformSubscriptions, type SubscriptionStatus } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { createCheckoutSession } from "./checkout.server";
import type { ConfirmationScope } from "./confirmation.server";
import { changeMembership } from "./manage.server";
import { emailTrialReminders, queueMembershipStartEmails, setNewSupporterEmails, startMembershipEmails } from "./membership-emails.server";
import { createStripeClient } from "./providers/stripe-client.server";
import { receiveStripeWebhook } from "./providers/stripe-webhook.server";
import { localProvider } from "./providers/local.server";
import { stripeProvider } from "./providers/stripe.server";

const WEBHOOK_SECRET = "whsec_standin_test_secret";
stubTestEnv({
  PUBLIC_URL: "https://spotfolio.test",
  PRICE_PREMIUM_MONTH_ID: "price_premium_month",
  PRICE_PREMIUM_YEAR_ID: "price_premium_year",
  PRICE_SUPPORTER_MONTH_ID: "price_supporter_month",
  PRICE_SUPPORTER_YEAR_ID: "price_supporter_year",
});
const db = await setupTestDatabase();

const scope: ConfirmationScope = { context: new RouterContextProvider(), sendInvitation: async () => {} };
const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", country: "ES" };

/** A signed-in buyer's local checkout, opened and paid with the test card at `now`; resolves to the client secret. */
async function buyLocally(userId: string, input: { type: "premium" | "supporter"; priceId: string; creatorId?: string }, now: Date) {
  const provider = localProvider(db, () => now.getTime());
  const session = await createCheckoutSession(db, { userId }, { creatorId: null, redirectUrl: "/account", ...input }, provider);
  if (!session.ok) throw new Error(session.error);
  const paid = await provider.payCheckout!({ userId, ip: "203.0.113.7" }, { ...card, clientSecret: session.clientSecret }, scope);
  if (!paid.ok) throw new Error(paid.error);
  return session.clientSecret;
}

const mailTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));

describe("the confirmation and the new supporter email (local provider)", () => {
  it("a supporter's checkout queues the member's confirmation (plan, price with VAT, trial end, first charge, how to cancel) and the creator's email, once", async () => {
    const { user: creatorUser, profile: creator } = await createCreator(db, { displayName: "Lucía Ferrer" });
    const { user: buyer } = await createProfile(db, { displayName: "Ana Pérez", handle: "ana" }, { email: "ana.hidden@example.com" });
    const now = new Date("2026-12-03T12:00:00Z");
    const secret = await buyLocally(buyer.id, { type: "supporter", priceId: "price_supporter_month", creatorId: creator.id }, now);

    const [confirmation, ...more] = await mailTo(buyer.email);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({ template: "membership-confirmed", subject: "You are now supporting Lucía Ferrer on Spotfolio" });
    expect(confirmation.text).toContain("Plan: Supporter of Lucía Ferrer, billed monthly");
    expect(confirmation.text).toContain("Price: €10 per month, VAT included");
    expect(confirmation.text).toContain("Free trial: until 2 January 2027");
    expect(confirmation.text).toContain("First charge: €10 on 2 January 2027");
    expect(confirmation.text).toContain("Cancel before 2 January 2027 and you pay nothing");
    expect(confirmation.text).toContain("Manage your membership:\nhttps://spotfolio.test/account");
    expect(confirmation.text).toContain("Test mode: no real charge is made.");

    const [news, ...moreNews] = await mailTo(creatorUser.email);
    expect(moreNews).toEqual([]);
    expect(news).toMatchObject({ template: "new-supporter", subject: "New supporter: Ana Pérez" });
    expect(news.text).toContain("Ana Pérez now supports you on the monthly plan (€10 per month, VAT included).");
    expect(news.text).toContain("free trial until 2 January 2027");
    expect(news.text).toContain("See your supporters:\nhttps://spotfolio.test/studio/supporters");
    expect(news.text).toContain("https://spotfolio.test/account/emails");
    expect(`${news.subject}${news.text}${news.html}${JSON.stringify(news.payload)}`).not.toContain("ana.hidden");

    // The same checkout paid again, and the start reported again: nothing more.
    const provider = localProvider(db, () => now.getTime());
    expect(await provider.payCheckout!({ userId: buyer.id, ip: "203.0.113.7" }, { ...card, clientSecret: secret }, scope)).toMatchObject({
      ok: false,
      status: 409,
    });
    const [row] = await db.select().from(creatorSupporters).where(eq(creatorSupporters.userId, buyer.id));
    expect(await queueMembershipStartEmails(db, "supporter", row.id)).toEqual({ member: false, creator: false });
    expect(await mailTo(buyer.email)).toHaveLength(1);
    expect(await mailTo(creatorUser.email)).toHaveLength(1);
  });

  it("a creator who turned new supporter emails off gets none; the member's confirmation still comes", async () => {
    const { user: creatorUser, profile: creator } = await createCreator(db);
    await setNewSupporterEmails(db, creator.id, false);
    const { user: buyer } = await createProfile(db);
    await buyLocally(buyer.id, { type: "supporter", priceId: "price_supporter_year", creatorId: creator.id }, new Date("2026-11-23T12:00:00Z"));
    expect(await mailTo(creatorUser.email)).toEqual([]);
    const [confirmation] = await mailTo(buyer.email);
    expect(confirmation.text).toContain("Price: €100 per year, VAT included");
    expect(confirmation.text).toContain("billed yearly");

    // Turned on again, the next supporter is announced.
    await setNewSupporterEmails(db, creator.id, true);
    const { user: next } = await createProfile(db, { displayName: null, handle: "next.one" });
    await buyLocally(next.id, { type: "supporter", priceId: "price_supporter_month", creatorId: creator.id }, new Date("2026-11-24T12:00:00Z"));
    expect((await mailTo(creatorUser.email)).map((m) => m.subject)).toEqual(["New supporter: @next.one"]);
  });

  it("a supporter without a chosen name or handle is 'someone new', never named by the address's local part", async () => {
    const { user: creatorUser, profile: creator } = await createCreator(db);
    const { user: buyer } = await createProfile(db, { displayName: "quiet.person", handle: null }, { email: "quiet.person@example.com" });
    await buyLocally(buyer.id, { type: "supporter", priceId: "price_supporter_month", creatorId: creator.id }, new Date("2026-11-23T12:00:00Z"));
    const [news] = await mailTo(creatorUser.email);
    expect(news.subject).toBe("You have a new supporter");
    expect(news.text).toContain("Someone new now supports you on the monthly plan");
    expect(`${news.text}${news.html}`).not.toContain("quiet.person");
  });

  it("a Premium checkout confirms Premium, with no creator to tell", async () => {
    const { user: buyer } = await createProfile(db);
    await buyLocally(buyer.id, { type: "premium", priceId: "price_premium_month" }, new Date("2026-11-23T12:00:00Z"));
    const [confirmation] = await mailTo(buyer.email);
    expect(confirmation.subject).toBe("Your Spotfolio Premium membership is confirmed");
    expect(confirmation.text).toContain("Plan: Premium, billed monthly");
    expect(confirmation.text).toContain("Price: €5 per month, VAT included");
    expect(confirmation.text).toContain("First charge: €5 on 23 December 2026");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.template, "new-supporter"))).toEqual([]);
  });
});

describe("the confirmation with Stripe", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  beforeAll(async () => {
    standIn = await startStripeStandIn({
      price_premium_month: { amount: 500, interval: "month" },
      price_premium_year: { amount: 4800, interval: "year" },
      price_supporter_month: { amount: 1000, interval: "month" },
      price_supporter_year: { amount: 10000, interval: "year" },
    });
    stripe = createStripeClient("sk_test_standin", standIn.url);
  });
  afterAll(async () => {
    await standIn.close();
  });

  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return receiveStripeWebhook(payload, signature, { stripe, webhookSecret: WEBHOOK_SECRET, db: async () => db, scope });
  };

  it("queues one confirmation and one creator email however often and however concurrently the start is delivered", async () => {
    const { user: creatorUser, profile: creator } = await createCreator(db, { displayName: "Lucía Ferrer" });
    const { user: buyer } = await createProfile(db, { displayName: "Ana Pérez" });
    const provider = stripeProvider(db, stripe, { siteOrigin: "https://spotfolio.test" });
    const session = await createCheckoutSession(
      db,
      { userId: buyer.id },
      { type: "supporter", creatorId: creator.id, priceId: "price_supporter_year", redirectUrl: "/maps/x" },
      provider,
    );
    if (!session.ok) throw new Error(session.error);
    const paid = standIn.completeCheckout(session.clientSecret.split("_secret_")[0]);

    await Promise.all([
      deliver(standIn.event("checkout.session.completed", paid.session)),
      deliver(standIn.event("customer.subscription.created", paid.subscription)),
    ]);
    await deliver(standIn.event("customer.subscription.created", paid.subscription));
    await deliver(standIn.event("customer.subscription.updated", paid.subscription));

    const [row] = await db.select().from(creatorSupporters).where(eq(creatorSupporters.userId, buyer.id));
    const mails = await mailTo(buyer.email);
    expect(mails.map((m) => m.template)).toEqual(["membership-confirmed"]);
    const trialEnd = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(row.trialEnd!);
    expect(mails[0].text).toContain("Price: €100 per year, VAT included");
    expect(mails[0].text).toContain(`Free trial: until ${trialEnd}`);
    expect(mails[0].text).toContain(`First charge: €100 on ${trialEnd}`);
    expect(mails[0].text).not.toContain("Test mode");
    expect((await mailTo(creatorUser.email)).map((m) => m.subject)).toEqual(["New supporter: Ana Pérez"]);
  });
});

describe("the trial reminder", () => {
  let n = 0;
  /** A trial that started 30 days before `trialEnd`, as a checkout makes it. */
  async function trial(tier: "premium" | "supporter", trialEnd: string, change: { status?: SubscriptionStatus; cancelAtPeriodEnd?: boolean } = {}) {
    const { user: member } = await createProfile(db);
    const end = new Date(trialEnd);
    const common = {
      userId: member.id,
      status: change.status ?? ("trialing" as const),
      interval: "month" as const,
      provider: "local" as const,
      providerSubscriptionId: `trial_${++n}_${randomUUID()}`,
      priceId: tier === "premium" ? "price_premium_month" : "price_supporter_month",
      trialEnd: end,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? false,
      createdAt: new Date(end.getTime() - 30 * 86_400_000),
      confirmationSentAt: new Date(end.getTime() - 30 * 86_400_000),
    };
    if (tier === "premium") {
      const [row] = await db.insert(platformSubscriptions).values(common).returning();
      return { member, row };
    }
    const { profile: creator } = await createCreator(db, { displayName: "Lucía Ferrer" });
    const [row] = await db
      .insert(creatorSupporters)
      .values({ ...common, creatorId: creator.id })
      .returning();
    return { member, row };
  }

  it("goes 3 days before the trial ends, across the year's end, once", async () => {
    const { member } = await trial("premium", "2027-01-02T12:00:00Z");
    expect(await emailTrialReminders(db, new Date("2026-12-30T11:59:59Z"))).toBe(0);
    expect(await emailTrialReminders(db, new Date("2026-12-30T12:00:00Z"))).toBe(1);
    expect(await emailTrialReminders(db, new Date("2026-12-31T23:59:59Z"))).toBe(0);
    const [mail, ...more] = await mailTo(member.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: "trial-ending", subject: "Your free trial ends on 2 January 2027" });
    expect(mail.text).toContain("Your free trial of Premium ends on 2 January 2027.");
    expect(mail.text).toContain("First charge: €5 on 2 January 2027 (€5 per month, VAT included), then every month until you cancel.");
    expect(mail.text).toContain("Cancel from your account before 2 January 2027 and you will not be charged.");
    expect(mail.text).toContain("Manage your membership:\nhttps://spotfolio.test/account");
    const [row] = await db.select().from(platformSubscriptions).where(eq(platformSubscriptions.userId, member.id));
    expect(row.trialReminderSentAt).toEqual(new Date("2026-12-30T12:00:00Z"));
  });

  it("names the supported creator, and is not sent to a member who cancelled, nor for a trial already over or no longer trialing", async () => {
    const supporter = await trial("supporter", "2027-03-01T00:00:00Z");
    const cancelled = await trial("supporter", "2027-03-01T00:00:00Z", { cancelAtPeriodEnd: true });
    const paid = await trial("premium", "2027-03-01T00:00:00Z", { status: "active" });
    const ended = await trial("premium", "2027-03-01T00:00:00Z", { status: "canceled" });
    const over = await trial("premium", "2027-02-26T00:00:00Z");
    expect(await emailTrialReminders(db, new Date("2027-02-26T00:00:00Z"))).toBe(1);
    expect((await mailTo(supporter.member.email)).map((m) => m.subject)).toEqual(["Your free trial ends on 1 March 2027"]);
    expect((await mailTo(supporter.member.email))[0].text).toContain("Your free trial of Supporter of Lucía Ferrer ends on 1 March 2027.");
    for (const { member } of [cancelled, paid, ended, over]) expect(await mailTo(member.email)).toEqual([]);
  });

  it("is not sent when the member cancels through their account before it is due", async () => {
    const { user: member } = await createProfile(db);
    const start = new Date("2026-11-28T09:00:00Z");
    await buyLocally(member.id, { type: "premium", priceId: "price_premium_month" }, start);
    const [row] = await db.select().from(platformSubscriptions).where(eq(platformSubscriptions.userId, member.id));
    expect(await changeMembership(db, localProvider(db), member.id, { subscriptionId: row.id, action: "cancel" })).toMatchObject({ ok: true });
    expect(await emailTrialReminders(db, new Date("2026-12-26T09:00:00Z"))).toBe(0);
    expect((await mailTo(member.email)).map((m) => m.template)).toEqual(["membership-confirmed"]);
  });

  it("two runs at the same moment (two instances) send each reminder once", async () => {
    const trials = await Promise.all(Array.from({ length: 6 }, (_, i) => trial(i % 2 ? "premium" : "supporter", "2027-01-02T12:00:00Z")));
    const at = new Date("2026-12-31T00:00:00Z");
    const runs = await Promise.all([emailTrialReminders(db, at), emailTrialReminders(db, at), emailTrialReminders(db, at)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(6);
    const mails = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.to,
          trials.map((t) => t.member.email),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(trials.map((t) => t.member.email).sort());
  });

  it("the job, on the real clock, queues the reminders that came due while no instance ran as soon as it starts, and not those still to come", async () => {
    // Run under faketime across a month's or year's end too (docs/conventions.md): only the clock's distance counts.
    const due = await trial("premium", new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString());
    const later = await trial("supporter", new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString());
    const job = startMembershipEmails({ db, logger: pino({ level: "silent" }), intervalMs: 60_000 });
    await job.stop();
    expect((await mailTo(due.member.email)).map((m) => m.template)).toEqual(["trial-ending"]);
    expect(await mailTo(later.member.email)).toEqual([]);
  });
});
