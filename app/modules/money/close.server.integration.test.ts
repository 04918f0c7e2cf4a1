/**
 * The month close, to the cent: the Creator Compensation terms' two worked examples, trials,
 * yearly portions, the 100-point cap, who is excluded from points, an idempotent close, a close
 * that fails half-way and runs again, and month boundaries in Central European Time.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { pay, viewSpots } from "../../../tests/money/world";
import { creatorSupporters, events, payments, revenueStatements } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { earnedPortions, ledgerTransactions, moneyCloses } from "#db/schema/ledger";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { localProvider } from "~/modules/memberships/providers/local.server";
import { setMapBookmark, setSpotBookmark } from "~/modules/atlas/bookmarks.server";
import type { ConfirmationScope } from "~/modules/memberships/confirmation.server";
import { RouterContextProvider } from "react-router";
import { cents } from "./cents";
import { closeMonth } from "./close.server";
import { flagEngagement } from "./engagement.server";
import { balance, ledgerTotal, monthOf, owedTo } from "./ledger.server";
import { portionOf, splitPool } from "./portions";
import { monthlyEarnings, paymentsEarning, statementOf } from "./statements.server";

const db = await setupTestDatabase();

const CLI = { userId: null, ip: null };
/** When November 2026 is over in Madrid, and December, and January. */
const DEC_3 = new Date("2026-12-03T09:00:00Z");
const JAN_3 = new Date("2027-01-03T09:00:00Z");
const NOV_10 = new Date("2026-11-10T10:00:00Z");
const NOV_15 = new Date("2026-11-15T10:00:00Z");

const close = (month: string, now: Date) => closeMonth(db, month, { actor: CLI, now });
const closed = async (month: string, now: Date) => {
  const result = await close(month, now);
  if (!result.ok) throw new Error(result.error);
  return result;
};

/** The ledger as a fingerprint: every transaction and posting. */
async function ledgerState() {
  const { rows } = await db.execute<{ n: number; p: number; sum: string; keys: string }>(sql`
    select (select count(*) from ledger_transactions)::int as n, (select count(*) from ledger_postings)::int as p,
           (select coalesce(sum(abs(amount_cents)), 0) from ledger_postings)::text as sum,
           (select string_agg(idempotency_key, ',' order by idempotency_key) from ledger_transactions) as keys`);
  return rows[0];
}

describe("the terms' worked examples", () => {
  it("a EUR 10.00 Supporter payment in Spain: VAT 1.74 at 21%, fee 0.40, net 7.86, the creator's 70% is EUR 5.50", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    const paymentId = await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, country: "ES", periodStart: NOV_15 });

    // Booked with the payment: cash less the fee, the fee, Spanish VAT, and the rest held until the close.
    const [row] = await db
      .select()
      .from(payments)
      .where(sql`${payments.id} = ${paymentId}`);
    expect(row).toMatchObject({ amountCents: 10_00, taxCents: 1_74, feeCents: 40, country: "ES", status: "succeeded" });
    expect(await balance(db, "bank")).toBe(9_60);
    expect(await balance(db, "provider_fees")).toBe(40);
    expect(await balance(db, "vat_payable", "ES")).toBe(-1_74);
    expect(await balance(db, "member_payments", creator.id)).toBe(-8_26);
    expect(await owedTo(db, creator.id)).toBe(0);

    const result = await closed("2026-11", DEC_3);
    expect(result.closed).toBe(true);
    expect(await owedTo(db, creator.id)).toBe(5_50);
    expect(await balance(db, "member_payments", creator.id)).toBe(0);
    expect(await balance(db, "platform_revenue")).toBe(-2_76);
    expect(await ledgerTotal(db)).toBe(0);

    const statement = await statementOf(db, creator.id, "2026-11");
    expect(statement).toMatchObject({ closed: true, openingBalance: 0, netChange: 5_50, closingBalance: 5_50 });
    expect(statement.supporter).toMatchObject({ gross: 10_00, vat: 1_74, fees: 40, net: 7_86, share: 5_50 });
    expect(statement.supporter.lines).toEqual([
      expect.objectContaining({
        paymentId,
        tier: "supporter",
        interval: "monthly",
        country: "ES",
        vatRate: 21,
        gross: 10_00,
        vat: 1_74,
        fee: 40,
        portion: 1,
        portions: 1,
        month: "2026-11",
        afterVat: 8_26,
        feePortion: 40,
        net: 7_86,
        share: 5_50,
      }),
    ]);
    expect(await db.$count(revenueStatements)).toBe(1);
    const [figures] = await db.select().from(revenueStatements);
    expect(figures).toMatchObject({
      creatorId: creator.id,
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      grossCents: 10_00,
      taxCents: 1_74,
      feesCents: 40,
      netCents: 7_86,
      supporterShareCents: 5_50,
      poolShareCents: 0,
      openingBalanceCents: 0,
      closingBalanceCents: 5_50,
    });
    expect(await paymentsEarning(db, creator.id)).toMatchObject({
      total: 1,
      payments: [{ paymentId, country: "ES", gross: 10_00, vat: 1_74, fee: 40, net: 7_86, share: 5_50, earned: 5_50, status: "earned" }],
    });
  });

  it("a EUR 20,000 net Premium month makes a EUR 10,000 pool; 3,000 of 150,000 points earn EUR 200.00", async () => {
    const { profile: small } = await createCreator(db);
    const { profile: large } = await createCreator(db);
    const { spots: smallSpots } = await createMap(db, {}, { ownerId: small.id, spots: 100 });
    const { spots: largeSpots } = await createMap(db, {}, { ownerId: large.id, spots: 100 });
    // One Premium payment of EUR 20,000 with no VAT (a member outside the EU) and no fee: net EUR 20,000.
    const { user: payer } = await createProfile(db);
    await pay(db, { userId: payer.id, tier: "premium", grossCents: 20_000_00, country: "US", provider: "stripe", feeCents: 0, periodStart: NOV_10 });
    // 1,500 paying members, each viewing 100 spots once: 30 of them the small creator's, the rest the large one's.
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'pool-member-' || g, 'Member ' || g, 'pool-member-' || g || '@example.com', true from generate_series(1, 1500) g`);
    await db.execute(sql`
      insert into payments (user_id, kind, provider, provider_payment_id, amount_cents, status, paid_at, period_start, period_end)
      select 'pool-member-' || g, 'platform', 'local', 'pool-pay-' || g, 500, 'succeeded', ${NOV_10.toISOString()}::timestamptz,
             ${NOV_10.toISOString()}::timestamptz, ${NOV_10.toISOString()}::timestamptz + interval '1 month'
      from generate_series(1, 1500) g`);
    const spotIds = (list: { id: string }[]) => sql.raw(`array[${list.map((s) => `'${s.id}'`).join(",")}]::text[]`);
    await db.execute(sql`
      insert into events (type, user_id, target_type, target_id, created_at)
      select 'spot_viewed', 'pool-member-' || g, 'spot', s, ${NOV_15.toISOString()}::timestamptz
      from generate_series(1, 1500) g, unnest(case when g <= 30 then ${spotIds(smallSpots)} else ${spotIds(largeSpots)} end) s`);

    const { totals } = await closed("2026-11", DEC_3);
    expect(totals).toMatchObject({ premiumAfterVat: 20_000_00, netPremium: 20_000_00, pool: 10_000_00, poolPaid: 10_000_00, totalPoints: 150_000 });
    expect(await owedTo(db, small.id)).toBe(200_00);
    expect(await owedTo(db, large.id)).toBe(9_800_00);
    expect(await balance(db, "platform_revenue")).toBe(-10_000_00);
    expect(await balance(db, "member_payments", "premium")).toBe(0);
    expect(await ledgerTotal(db)).toBe(0);

    const statement = await statementOf(db, small.id, "2026-11");
    expect(statement.pool).toEqual({
      netPremiumRevenue: 20_000_00,
      poolPercent: 50,
      pool: 10_000_00,
      totalPoints: 150_000,
      points: 3_000,
      base: 200_00,
      extraCent: false,
      share: 200_00,
      rule: expect.stringContaining("largest remainders"),
      note: null,
    });
    expect(statement.closingBalance).toBe(200_00);
    expect(await monthlyEarnings(db, small.id, 3)).toEqual([
      { month: "2026-09", supporters: 0, pool: 0, adjustments: 0, total: 0 },
      { month: "2026-10", supporters: 0, pool: 0, adjustments: 0, total: 0 },
      { month: "2026-11", supporters: 0, pool: 200_00, adjustments: 0, total: 200_00 },
    ]);
  }, 180_000);
});

describe("the close", () => {
  it("earns nothing from a trial: its €0 invoice books nothing, and a member in a trial earns no creator points", async () => {
    const { profile: creator } = await createCreator(db);
    const { spots } = await createMap(db, {}, { ownerId: creator.id, spots: 3 });
    const { user: member } = await createProfile(db);
    const provider = localProvider(db, () => NOV_10.getTime());
    const { clientSecret } = await provider.createCheckoutSession({
      tier: "supporter",
      interval: "month",
      priceId: "local_supporter_month",
      creatorId: creator.id,
      userId: member.id,
      email: null,
      returnPath: "/",
    });
    const scope: ConfirmationScope = { context: new RouterContextProvider(), sendInvitation: async () => {} };
    const paid = await provider.payCheckout!(
      { userId: member.id, ip: "203.0.113.9" },
      { clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", country: "FR" },
      scope,
    );
    expect(paid.ok).toBe(true);
    expect(await db.select({ amount: payments.amountCents, country: payments.country }).from(payments)).toEqual([{ amount: 0, country: "FR" }]);
    expect(await db.select({ country: creatorSupporters.country }).from(creatorSupporters)).toEqual([{ country: "FR" }]);
    await viewSpots(
      db,
      member.id,
      spots.map((s) => s.id),
      NOV_15,
    );
    // A Premium payer keeps the pool from going to the platform for want of points elsewhere.
    const { user: premium } = await createProfile(db);
    await pay(db, { userId: premium.id, tier: "premium", grossCents: 5_00, periodStart: NOV_10 });

    const { totals } = await closed("2026-11", DEC_3);
    expect(await db.$count(ledgerTransactions, sql`kind = 'payment'`)).toBe(1);
    expect(totals.totalPoints).toBe(0);
    expect(totals.supporterShares).toBe(0);
    expect(await owedTo(db, creator.id)).toBe(0);
  });

  it("earns a yearly payment in twelve monthly portions that sum to it exactly, one month at a time", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    // EUR 100.00 a year in Portugal (23%): VAT 18.70, after VAT 81.30, fee 1.75.
    const paymentId = await pay(db, {
      userId: member.id,
      tier: "supporter",
      creatorId: creator.id,
      grossCents: 100_00,
      country: "PT",
      interval: "year",
      periodStart: NOV_10,
    });
    const afterVat = cents(100_00 - 18_70);
    const fee = cents(1_75);
    expect(Array.from({ length: 12 }, (_, k) => portionOf(afterVat, k, 12)).reduce((a, b) => a + b, 0)).toBe(afterVat);

    let month = "2026-11";
    let now = DEC_3;
    const shares: number[] = [];
    for (let k = 0; k < 12; k++) {
      await closed(month, now);
      const statement = await statementOf(db, creator.id, month);
      expect(statement.supporter.lines).toHaveLength(1);
      const line = statement.supporter.lines[0];
      expect(line).toMatchObject({
        paymentId,
        interval: "yearly",
        portion: k + 1,
        portions: 12,
        month,
        afterVat: portionOf(afterVat, k, 12),
        feePortion: portionOf(fee, k, 12),
      });
      shares.push(line.share);
      const next = new Date(now);
      next.setUTCMonth(next.getUTCMonth() + 1);
      now = next;
      month = monthOf(new Date(now.getTime() - 5 * 86_400_000));
    }
    const earned = await db.select().from(earnedPortions);
    expect(earned.reduce((sum, p) => sum + p.afterVatCents, 0)).toBe(afterVat);
    expect(earned.reduce((sum, p) => sum + p.feeCents, 0)).toBe(fee);
    expect(await owedTo(db, creator.id)).toBe(shares.reduce((a, b) => a + b, 0));
    expect(await balance(db, "member_payments", creator.id)).toBe(0);
    // The thirteenth close has nothing left of it.
    await closed("2027-11", new Date("2027-12-03T09:00:00Z"));
    expect(await db.$count(earnedPortions)).toBe(12);
    expect(await ledgerTotal(db)).toBe(0);
  }, 180_000); // twelve month closes in a row: a minute and more on a loaded 2-core runner

  it("counts at most 100 points per member and creator; views once per spot and day (Madrid), bookmarks in the month first made", async () => {
    const { profile: creator } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    const { map, spots } = await createMap(db, {}, { ownerId: creator.id, spots: 60 });
    const { spots: otherSpots } = await createMap(db, {}, { ownerId: other.id, spots: 5 });
    const { user: heavy } = await createProfile(db);
    const { user: light } = await createProfile(db);
    for (const member of [heavy, light]) await pay(db, { userId: member.id, tier: "premium", grossCents: 5_00, periodStart: NOV_10 });
    // Heavy: 60 spots on two days (120 views) → capped at 100. The same spot twice a day counts once.
    await viewSpots(
      db,
      heavy.id,
      spots.map((s) => s.id),
      new Date("2026-11-16T10:00:00Z"),
    );
    await viewSpots(
      db,
      heavy.id,
      spots.map((s) => s.id),
      new Date("2026-11-17T10:00:00Z"),
    );
    // Light: one spot three times on one Madrid day (23:30Z on the 18th is the 19th in Madrid, so two days), and bookmarks.
    await viewSpots(db, light.id, [spots[0].id], new Date("2026-11-18T08:00:00Z"));
    await viewSpots(db, light.id, [spots[0].id], new Date("2026-11-18T20:00:00Z"));
    await viewSpots(db, light.id, [spots[0].id], new Date("2026-11-18T23:30:00Z"));
    await viewSpots(db, light.id, [otherSpots[0].id], new Date("2026-11-18T08:00:00Z"));
    const viewer = { userId: light.id, isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: [] };
    await setMapBookmark(db, viewer, map.id, true);
    await setSpotBookmark(db, viewer, spots[1].id, true);
    // Removed and made again: still the one first making.
    await setSpotBookmark(db, viewer, spots[1].id, false);
    await setSpotBookmark(db, viewer, spots[1].id, true);
    await db.execute(sql`update events set created_at = ${NOV_15.toISOString()}::timestamptz where type in ('map_saved', 'spot_saved')`);
    await db.execute(sql`update map_bookmarks set created_at = ${NOV_15.toISOString()}::timestamptz`);
    await db.execute(sql`update spot_bookmarks set created_at = ${NOV_15.toISOString()}::timestamptz`);
    expect(await db.$count(events, sql`type = 'spot_saved'`)).toBe(2);

    const { totals } = await closed("2026-11", DEC_3);
    // creator: heavy 100 (capped) + light 2 views + 2 bookmarks × 3 = 108; other: light 1.
    expect(totals.totalPoints).toBe(109);
    expect((await statementOf(db, creator.id, "2026-11")).pool).toMatchObject({ points: 108, totalPoints: 109 });
    expect((await statementOf(db, other.id, "2026-11")).pool).toMatchObject({ points: 1 });

    // In December the bookmark removed and made again earns nothing: it was first made in November.
    await pay(db, { userId: light.id, tier: "premium", grossCents: 5_00, periodStart: new Date("2026-12-10T10:00:00Z") });
    await setSpotBookmark(db, viewer, spots[1].id, false);
    await setSpotBookmark(db, viewer, spots[1].id, true);
    await db.execute(sql`update events set created_at = '2026-12-15T10:00:00Z' where id = (select max(id) from events where type = 'spot_saved')`);
    await db.execute(sql`update spot_bookmarks set created_at = '2026-12-15T10:00:00Z'`);
    const december = await closed("2026-12", JAN_3);
    expect(december.totals.totalPoints).toBe(0);
  });

  it("excludes the creator's own account, staff, members in a trial and flagged automation", async () => {
    const { profile: creator } = await createCreator(db);
    const { spots } = await createMap(db, {}, { ownerId: creator.id, spots: 10 });
    const ids = spots.map((s) => s.id);
    const { user: paying } = await createProfile(db);
    const { user: staff } = await createProfile(db, { isAdmin: true });
    const { user: bot } = await createProfile(db);
    const { user: trial } = await createProfile(db);
    for (const member of [paying, staff, bot]) await pay(db, { userId: member.id, tier: "premium", grossCents: 5_00, periodStart: NOV_10 });
    // The creator pays too (a member of their own), and views their own spots.
    await pay(db, { userId: creator.id, tier: "premium", grossCents: 5_00, periodStart: NOV_10 });
    // A trial: a €0 payment covering the month.
    await db.insert(payments).values({
      userId: trial.id,
      kind: "platform",
      provider: "local",
      providerPaymentId: "trial-1",
      amountCents: 0,
      status: "succeeded",
      paidAt: NOV_10,
      periodStart: NOV_10,
      periodEnd: new Date("2026-12-10T10:00:00Z"),
    });
    // Paying, but only from the 10th: views before it are a trial's.
    await viewSpots(db, paying.id, ids.slice(0, 4), new Date("2026-11-05T10:00:00Z"));
    for (const member of [paying, staff, bot, trial, creator]) await viewSpots(db, member.id, ids, NOV_15);
    const flagged = await flagEngagement(
      db,
      bot.id,
      { flagged: true, reason: "Views every spot every minute" },
      { actor: { userId: staff.id, ip: "198.51.100.4" } },
    );
    expect(flagged).toEqual({ ok: true, flagged: true });
    expect(await db.select({ action: adminAuditLog.action }).from(adminAuditLog)).toEqual([{ action: "engagement.excluded" }]);

    const { totals } = await closed("2026-11", DEC_3);
    expect(totals.totalPoints).toBe(10);
    expect(await owedTo(db, creator.id)).toBe(totals.poolPaid);
  });

  it("with no points at all, the pool is platform revenue, and says so", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    await pay(db, { userId: member.id, tier: "premium", grossCents: 5_00, country: "ES", periodStart: NOV_10 });
    const { totals } = await closed("2026-11", DEC_3);
    // EUR 5.00: VAT 0.87, after VAT 4.13, fee 0.33, net 3.80, pool 1.90: kept.
    expect(totals).toMatchObject({ premiumAfterVat: 4_13, netPremium: 3_80, pool: 1_90, poolPaid: 0, totalPoints: 0 });
    expect(await balance(db, "platform_revenue")).toBe(-4_13);
    const [entry] = await db
      .select()
      .from(ledgerTransactions)
      .where(sql`idempotency_key = 'close:2026-11:pool-platform'`);
    expect(entry.details).toMatchObject({ note: "No engagement points this month: the pool is platform revenue." });
    // A creator's statement still shows the month's pool, their points (none) and why nothing was shared.
    expect((await statementOf(db, creator.id, "2026-11")).pool).toMatchObject({
      netPremiumRevenue: 3_80,
      pool: 1_90,
      totalPoints: 0,
      points: 0,
      share: 0,
      note: "No engagement points this month: the pool is platform revenue.",
    });
  });

  it("splits the pool's cents by the largest remainder, ties by creator id, to the cent", async () => {
    // The SQL split equals the rule written in portions.ts: 100 cents over 3 equal creators.
    expect(
      splitPool(cents(100), [
        { creatorId: "b", points: 1 },
        { creatorId: "a", points: 1 },
        { creatorId: "c", points: 1 },
      ]).map((s) => [s.creatorId, s.share]),
    ).toEqual([
      ["b", 33],
      ["a", 34],
      ["c", 33],
    ]);
    const creators = await Promise.all([0, 1, 2].map(() => createCreator(db)));
    const { user: member } = await createProfile(db);
    // Net EUR 1.00 → pool 0.50 over three creators with one point each: 17, 17, 16 cents.
    await pay(db, { userId: member.id, tier: "premium", grossCents: 1_00, country: "US", provider: "stripe", feeCents: 0, periodStart: NOV_10 });
    for (const { profile } of creators) {
      const { spots } = await createMap(db, {}, { ownerId: profile.id, spots: 1 });
      await viewSpots(db, member.id, [spots[0].id], NOV_15);
    }
    await closed("2026-11", DEC_3);
    const expected = splitPool(
      cents(50),
      creators.map(({ profile }) => ({ creatorId: profile.id, points: 1 })),
    );
    for (const share of expected) expect(await owedTo(db, share.creatorId)).toBe(share.share);
    expect(expected.reduce((sum, s) => sum + s.share, 0)).toBe(50);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("is idempotent: a second run finds the month closed and changes nothing", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    const first = await closed("2026-11", DEC_3);
    const after = await ledgerState();
    const second = await closed("2026-11", DEC_3);
    expect(second.closed).toBe(false);
    expect(second.totals).toEqual(first.totals);
    expect(await ledgerState()).toEqual(after);
    expect(await db.$count(moneyCloses)).toBe(1);
    expect(await db.$count(earnedPortions)).toBe(1);
    expect(await owedTo(db, creator.id)).toBe(5_50);
    expect(await db.$count(adminAuditLog, sql`action = 'money.month_closed'`)).toBe(1);
  });

  it("a close that fails half-way leaves nothing behind, and run again posts everything once", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: NOV_15 });
    const before = await ledgerState();
    // The close's last write fails, after every posting and statement was written in its transaction.
    await db.execute(sql`create function money_test_fail() returns trigger language plpgsql as $$ begin raise exception 'killed half-way'; end $$`);
    await db.execute(sql`create trigger money_test_fail before insert on money_closes for each row execute function money_test_fail()`);
    try {
      await expect(close("2026-11", DEC_3)).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger money_test_fail on money_closes`);
      await db.execute(sql`drop function money_test_fail()`);
    }
    expect(await ledgerState()).toEqual(before);
    expect(await db.$count(earnedPortions)).toBe(0);
    expect(await db.$count(revenueStatements)).toBe(0);
    expect(await owedTo(db, creator.id)).toBe(0);

    await closed("2026-11", DEC_3);
    expect(await owedTo(db, creator.id)).toBe(5_50);
    expect(await db.$count(ledgerTransactions, sql`kind = 'earning'`)).toBe(1);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it("closes months in order, and only once they are over in Madrid", async () => {
    expect(await close("2026-13", DEC_3)).toMatchObject({ ok: false, status: 400 });
    // 22:59:59Z on 31 December is still 2026 in Madrid; a second later it is 2027.
    expect(await close("2026-12", new Date("2026-12-31T22:59:59Z"))).toEqual({
      ok: false,
      status: 409,
      error: "December 2026 is not over yet (Central European Time).",
    });
    await closed("2026-11", DEC_3);
    expect(await close("2027-01", new Date("2027-02-02T00:00:00Z"))).toEqual({
      ok: false,
      status: 409,
      error: "Close December 2026 first: months close in order.",
    });
    expect(await close("2026-10", DEC_3)).toMatchObject({ ok: false, status: 409 });
    expect((await close("2026-12", new Date("2026-12-31T23:00:00Z"))).ok).toBe(true);
  });

  it("counts a payment at 23:30 UTC on 31 December in January (Madrid), and a payment booked after its month closed in the next close", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: a } = await createProfile(db);
    const { user: b } = await createProfile(db);
    await pay(db, { userId: a.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: new Date("2026-12-31T23:30:00Z") });
    await closed("2026-11", DEC_3);
    const december = await closed("2026-12", JAN_3);
    expect(december.totals.portions).toBe(0);
    // A December payment reported late, after December closed: booked in January, earned by January's close.
    await pay(db, { userId: b.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: new Date("2026-12-20T10:00:00Z") });
    const [late] = await db
      .select({ month: ledgerTransactions.month })
      .from(ledgerTransactions)
      .where(sql`kind = 'payment' and occurred_at < '2026-12-31'`);
    expect(late.month).toBe("2027-01-01");
    const january = await closed("2027-01", new Date("2027-02-02T09:00:00Z"));
    expect(january.totals.portions).toBe(2);
    expect(await owedTo(db, creator.id)).toBe(11_00);
    const statement = await statementOf(db, creator.id, "2027-01");
    expect(statement.supporter.lines.map((l) => l.month)).toEqual(["2026-12", "2027-01"]);
  });
});
