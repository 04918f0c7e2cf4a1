import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { creatorSupporters, platformSubscriptions } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { advanceLocalMemberships, changeMembership, membershipsOf } from "./manage.server";
import { localProvider } from "./providers/local.server";
import { upsertSubscription, type SubscriptionState } from "./subscriptions.server";

const db = await setupTestDatabase();

const trialEnd = new Date("2026-12-23T00:00:00Z");
const base = (userId: string, over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  provider: "local",
  providerSubscriptionId: `local_sub_${Math.random()}`,
  providerCustomerId: null,
  userId,
  tier: "premium",
  creatorId: null,
  interval: "month",
  priceId: "local_premium_month",
  status: "trialing",
  trialEnd,
  currentPeriodEnd: trialEnd,
  cancelAtPeriodEnd: false,
  canceledAt: null,
  ...over,
});

describe("managing memberships", () => {
  it("lists one's own running memberships with the amounts, and changes only one's own", async () => {
    const { user: me } = await createProfile(db);
    const { user: other } = await createProfile(db);
    const { profile: creator } = await createCreator(db, { displayName: "Lucía" });
    await upsertSubscription(db, base(me.id));
    await upsertSubscription(db, base(me.id, { tier: "supporter", creatorId: creator.id, priceId: "local_supporter_year", interval: "year" }));
    await upsertSubscription(db, base(me.id, { status: "canceled" }));

    const mine = await membershipsOf(db, me.id);
    expect(mine.map((m) => [m.tier, m.amountCents, m.creator?.displayName ?? null])).toEqual([
      ["premium", 500, null],
      ["supporter", 10000, "Lucía"],
    ]);
    const premium = mine[0];
    const provider = localProvider(db);
    expect(await changeMembership(db, provider, other.id, { subscriptionId: premium.id, action: "cancel" })).toMatchObject({ ok: false, status: 404 });
    expect(await changeMembership(db, provider, me.id, { subscriptionId: "nope", action: "cancel" })).toMatchObject({ ok: false, status: 400 });

    expect(await changeMembership(db, provider, me.id, { subscriptionId: premium.id, action: "cancel" })).toMatchObject({ ok: true });
    expect((await membershipsOf(db, me.id))[0].cancelAtPeriodEnd).toBe(true);
    expect(await changeMembership(db, provider, me.id, { subscriptionId: premium.id, action: "resume" })).toMatchObject({ ok: true });
    expect(await changeMembership(db, provider, me.id, { subscriptionId: premium.id, action: "switch" })).toEqual({ ok: true, message: "You now pay yearly." });
    const [row] = await db.select().from(platformSubscriptions).where(eq(platformSubscriptions.id, premium.id));
    expect(row).toMatchObject({ cancelAtPeriodEnd: false, interval: "year", priceId: "local_premium_year" });
  });

  it("ends a cancelled membership at the end of its period and renews the others", async () => {
    const { user: me } = await createProfile(db);
    const { profile: creator } = await createCreator(db);
    await upsertSubscription(db, base(me.id, { providerSubscriptionId: "local_sub_a", cancelAtPeriodEnd: true }));
    await upsertSubscription(
      db,
      base(me.id, { providerSubscriptionId: "local_sub_b", tier: "supporter", creatorId: creator.id, priceId: "local_supporter_month" }),
    );

    expect(await advanceLocalMemberships(db, new Date("2026-12-22T00:00:00Z"))).toEqual({ ended: 0, renewed: 0 });
    expect(await advanceLocalMemberships(db, new Date("2026-12-23T00:00:01Z"))).toEqual({ ended: 1, renewed: 1 });
    const [ended] = await db.select().from(platformSubscriptions);
    expect(ended.status).toBe("canceled");
    const [renewed] = await db.select().from(creatorSupporters);
    expect(renewed).toMatchObject({ status: "active", currentPeriodEnd: new Date("2027-01-23T00:00:00Z") });
    expect((await membershipsOf(db, me.id)).map((m) => m.tier)).toEqual(["supporter"]);
  });
});
