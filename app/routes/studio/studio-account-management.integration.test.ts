import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { creatorSupporters, maps, profiles } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import type { PaymentProvider } from "~/modules/memberships/providers/provider";
import { allMapsZip, leavingPreview, PROVIDER_UNREACHABLE, stopBeingCreator } from "~/modules/creators/leave-creator.server";
import { action, CONFIRM_MESSAGE, loader } from "./studio-account-management";
import { loader as zipLoader } from "./studio-maps-zip";

const db = await setupTestDatabase();

describe("stopping being a creator", () => {
  async function world() {
    const { user, profile: me } = await createCreator(db, { handle: "leaving.one" });
    const { profile: other } = await createCreator(db);
    const { map: published } = await createMap(db, { title: "Lisbon bakeries" }, { ownerId: me.id, spots: 3 });
    const { map: draft } = await createMap(db, { title: "Porto draft", isPublished: false }, { ownerId: me.id, spots: 2 });
    const { map: theirs } = await createMap(db, { title: "Not mine" }, { ownerId: other.id, spots: 1 });
    const fans = await Promise.all([createProfile(db), createProfile(db), createProfile(db), createProfile(db)]);
    await db.insert(creatorSupporters).values([
      { userId: fans[0].user.id, creatorId: me.id, status: "active", interval: "month", provider: "local", providerSubscriptionId: "local_a" },
      { userId: fans[1].user.id, creatorId: me.id, status: "trialing", interval: "year", provider: "local", providerSubscriptionId: "local_b" },
      { userId: fans[2].user.id, creatorId: me.id, status: "canceled", interval: "month", provider: "local", providerSubscriptionId: "local_c" },
      { userId: fans[3].user.id, creatorId: other.id, status: "active", interval: "month", provider: "local", providerSubscriptionId: "local_d" },
    ]);
    const visitor = new TestVisitor();
    await visitor.signIn(db, user.id);
    return { user, me, other, published, draft, theirs, visitor };
  }

  it("shows what will happen, then unpublishes the maps, cancels the Supporters' renewals at period end and ends creator status in one go", async () => {
    const { me, published, draft, theirs, visitor } = await world();
    expect(await runRoute(visitor, "/studio/account-management", loader)).toMatchObject({
      status: 200,
      data: { handle: "leaving.one", preview: { publishedMaps: [{ id: published.id, title: "Lisbon bakeries" }], draftMaps: 1, supportersToCancel: 2 } },
    });

    // The wrong confirmation changes nothing.
    expect(await runRoute(visitor, "/studio/account-management", action, { form: { intent: "stop-creator", confirm: "someone.else" } })).toEqual({
      status: 400,
      data: { error: CONFIRM_MESSAGE },
    });
    expect((await db.select().from(profiles).where(eq(profiles.id, me.id)))[0].isCreator).toBe(true);

    expect(await runRoute(visitor, "/studio/account-management", action, { form: { intent: "stop-creator", confirm: "@Leaving.One" } })).toEqual({
      status: 302,
      location: "/account",
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(profile.isCreator).toBe(false);
    const mapRows = await db.select({ id: maps.id, isPublished: maps.isPublished }).from(maps);
    expect(Object.fromEntries(mapRows.map((m) => [m.id, m.isPublished]))).toEqual({ [published.id]: false, [draft.id]: false, [theirs.id]: true });
    const supports = await db
      .select({ id: creatorSupporters.providerSubscriptionId, status: creatorSupporters.status, cancel: creatorSupporters.cancelAtPeriodEnd })
      .from(creatorSupporters);
    expect(Object.fromEntries(supports.map((s) => [s.id, [s.status, s.cancel]]))).toEqual({
      local_a: ["active", true],
      local_b: ["trialing", true],
      local_c: ["canceled", false],
      local_d: ["active", false],
    });

    // The Studio is closed to them now.
    await visitor.signIn(db, me.id);
    expect(await runRoute(visitor, "/studio/account-management", loader)).toMatchObject({ status: 403 });
  });

  it("tells the payment provider about subscriptions it holds, and changes nothing when it refuses", async () => {
    const { me } = await world();
    await db.update(creatorSupporters).set({ provider: "stripe" }).where(eq(creatorSupporters.providerSubscriptionId, "local_a"));
    const calls: string[] = [];
    const refusing = {
      name: "stripe",
      async changeSubscription(ref: { providerSubscriptionId: string }, change: { cancelAtPeriodEnd?: boolean }) {
        calls.push(`${ref.providerSubscriptionId}:${change.cancelAtPeriodEnd}`);
        throw new Error("Stripe is down");
      },
    } as unknown as PaymentProvider;
    expect(await stopBeingCreator(db, refusing, me.id)).toEqual({ ok: false, status: 502, error: PROVIDER_UNREACHABLE });
    expect(calls).toEqual(["local_a:true"]);
    expect((await db.select().from(profiles).where(eq(profiles.id, me.id)))[0].isCreator).toBe(true);
    expect((await leavingPreview(db, me.id)).supportersToCancel).toBe(2);

    const accepting = {
      name: "stripe",
      async changeSubscription(ref: { providerSubscriptionId: string }, change: { cancelAtPeriodEnd?: boolean }) {
        calls.push(`ok ${ref.providerSubscriptionId}:${change.cancelAtPeriodEnd}`);
      },
    } as unknown as PaymentProvider;
    expect(await stopBeingCreator(db, accepting, me.id)).toEqual({ ok: true, unpublishedMaps: 1, canceledSupports: 2 });
    expect(calls.at(-1)).toBe("ok local_a:true");
  });

  it("downloads every map of the creator, and only theirs, as one GeoJSON file per map in a zip", async () => {
    const { me, published, draft, visitor } = await world();
    const files = unzipSync(await allMapsZip(db, me.id, "https://spotfolio.test"));
    expect(Object.keys(files).sort()).toEqual([`${draft.currentSlug}.geojson`, `${published.currentSlug}.geojson`].sort());
    const collection = JSON.parse(strFromU8(files[`${draft.currentSlug}.geojson`])) as { type: string; features: { properties: { name: string } }[] };
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.features).toHaveLength(2);

    let response: Response | undefined;
    await visitor.request("/studio/account-management/maps.zip", async (request, context) => {
      response = (await zipLoader({ request, context, params: {} } as never)) as Response;
      return response;
    });
    expect(response!.headers.get("Content-Type")).toBe("application/zip");
    expect(Object.keys(unzipSync(new Uint8Array(await response!.arrayBuffer())))).toHaveLength(2);
  });
});
