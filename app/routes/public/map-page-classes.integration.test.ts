/**
 * Issue 27: a signed-in viewer's map page data is shared with everyone of the same entitlement
 * class (modules/page-cache sharedPublicData). Whatever was read for one class never reaches
 * another, a change of membership or of a spot's visibility is seen on the very next request, and
 * each person's page is still their own (their name, their saved maps).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorSupporters, mapBookmarks, mapSlugs, maps, platformSubscriptions, spots } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { appServerBuild } from "../../../tests/setup/app-build";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("map-page-classes");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

let n = 0;
async function person(name: string, profile: { isAdmin?: boolean } = {}) {
  const email = `mpc-${name.toLowerCase().replace(/\s+/g, "-")}-${++n}-${Date.now()}@example.com`;
  const created = await createProfile(db, { ...profile, displayName: name, isOnboarded: true, handle: `mpc${n}_${Date.now() % 100000}` }, { email, name });
  return { id: created.profile.id, email, cookie: await sessionCookie(db, email) };
}
const period = { interval: "month" as const, provider: "local" as const, currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) };

async function page(path: string, cookie?: string) {
  const res = await server.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  expect(res.status).toBe(200);
  return res.text();
}

async function statusOf(path: string, cookie?: string) {
  const res = await server.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

/** A creator signed in, and a map of theirs with one spot per override. */
async function creatorWithMap(handle: string, title: string, overrides: Partial<typeof spots.$inferInsert>[]) {
  const { profile: creator } = await createCreator(db, { handle: `${handle}${Date.now() % 100000}` });
  const creatorCookie = await sessionCookie(db, (await db.query.user.findFirst({ where: (u, { eq: is }) => is(u.id, creator.id) }))!.email);
  const { map, spots: rows } = await createMap(db, { title }, { ownerId: creator.id, spots: overrides.length, spotOverrides: (i) => overrides[i]! });
  return { creator, creatorCookie, map, rows };
}

describe("the map page for signed-in viewers", () => {
  it("shows each entitlement class its own spots, and each person their own page, request after request", async () => {
    const { creator, creatorCookie, map, rows } = await creatorWithMap("mpccreator", "Classes of viewers", [
      { summary: "OPEN-TEXT for everyone." },
      { summary: "PREMIUM-TEXT for members.", visibility: "premium" },
      { summary: "SUPPORTERS-TEXT for supporters.", visibility: "supporters" },
      { summary: "DRAFT-TEXT not published.", isPublished: false },
    ]);
    const path = `/maps/${map.currentSlug}`;
    const member = await person("Mia Member");
    const premium = await person("Pablo Premium");
    const supporter = await person("Sara Supporter");
    const admin = await person("Ada Admin", { isAdmin: true });
    await db.insert(platformSubscriptions).values({ ...period, userId: premium.id, status: "active" });
    await db.insert(creatorSupporters).values({ ...period, userId: supporter.id, creatorId: creator.id, status: "active" });
    await db.insert(mapBookmarks).values({ userId: member.id, mapId: map.id });

    // Each class twice, interleaved: a second request of one class is served what the first read.
    for (let round = 0; round < 2; round++) {
      const asMember = await page(path, member.cookie);
      expect(asMember).toContain("OPEN-TEXT");
      expect(asMember).not.toContain("PREMIUM-TEXT");
      expect(asMember).not.toContain("SUPPORTERS-TEXT");
      expect(asMember).not.toContain("DRAFT-TEXT");
      expect(asMember).toContain(member.email);
      expect(asMember).not.toContain(premium.email);

      const asPremium = await page(path, premium.cookie);
      expect(asPremium).toContain("PREMIUM-TEXT");
      expect(asPremium).not.toContain("SUPPORTERS-TEXT");
      expect(asPremium).toContain(premium.email);
      expect(asPremium).not.toContain(member.email);

      const asSupporter = await page(path, supporter.cookie);
      expect(asSupporter).toContain("PREMIUM-TEXT");
      expect(asSupporter).toContain("SUPPORTERS-TEXT");
      expect(asSupporter).not.toContain("DRAFT-TEXT");

      // The owner and admins see the draft; it never reaches anyone else's page.
      expect(await page(path, creatorCookie)).toContain("DRAFT-TEXT");
      expect(await page(path, admin.cookie)).toContain("DRAFT-TEXT");
      expect(await page(path)).not.toContain("PREMIUM-TEXT");
    }

    // A supporter who cancels loses supporters-only (and, with no other membership, Premium) content at once.
    await db.update(creatorSupporters).set({ status: "canceled", endedAt: new Date() }).where(eq(creatorSupporters.userId, supporter.id));
    const canceled = await page(path, supporter.cookie);
    expect(canceled).not.toContain("SUPPORTERS-TEXT");
    expect(canceled).not.toContain("PREMIUM-TEXT");

    // A spot made supporters-only leaves the member's page on the next request.
    await db.update(spots).set({ visibility: "supporters" }).where(eq(spots.id, rows[0]!.id));
    expect(await page(path, member.cookie)).not.toContain("OPEN-TEXT");
    expect(await page(path, premium.cookie)).not.toContain("OPEN-TEXT");
  });

  it("shares a spot page per class too, and what an address names: a renamed, unpublished or upgraded map is seen at once", async () => {
    const { creator, creatorCookie, map, rows } = await creatorWithMap("mpcspots", "Spot pages of classes", [
      { summary: "PREMIUM-SPOT for members.", visibility: "premium" },
      { summary: "SUPPORTERS-SPOT for supporters.", visibility: "supporters" },
    ]);
    const [premiumSpot, supportersSpot] = rows as [(typeof rows)[number], (typeof rows)[number]];
    const member = await person("Max Member");
    const premium = await person("Paula Premium");
    const supporter = await person("Sam Supporter");
    await db.insert(platformSubscriptions).values({ ...period, userId: premium.id, status: "active" });
    await db.insert(creatorSupporters).values({ ...period, userId: supporter.id, creatorId: creator.id, status: "active" });
    const spotAt = (slug: string, spot: { slug: string }) => `/maps/${slug}/spots/${spot.slug}`;

    for (let round = 0; round < 2; round++) {
      const asMember = await page(spotAt(map.currentSlug, premiumSpot), member.cookie);
      expect(asMember).not.toContain("PREMIUM-SPOT");
      expect(asMember).toContain(member.email);
      const asPremium = await page(spotAt(map.currentSlug, premiumSpot), premium.cookie);
      expect(asPremium).toContain("PREMIUM-SPOT");
      expect(asPremium).toContain(premium.email);
      expect(asPremium).not.toContain(member.email);
      expect(await page(spotAt(map.currentSlug, supportersSpot), supporter.cookie)).toContain("SUPPORTERS-SPOT");
      expect(await page(spotAt(map.currentSlug, supportersSpot), premium.cookie)).not.toContain("SUPPORTERS-SPOT");
    }

    // A supporter who cancels is locked out of the spot on the next request.
    await db.update(creatorSupporters).set({ status: "canceled", endedAt: new Date() }).where(eq(creatorSupporters.userId, supporter.id));
    expect(await page(spotAt(map.currentSlug, supportersSpot), supporter.cookie)).not.toContain("SUPPORTERS-SPOT");
    // A spot made public opens for the member on the next request.
    await db.update(spots).set({ visibility: "public" }).where(eq(spots.id, premiumSpot.id));
    expect(await page(spotAt(map.currentSlug, premiumSpot), member.cookie)).toContain("PREMIUM-SPOT");

    // Renamed: the old address redirects to the new one at once, for the map and its spots.
    const renamed = `${map.currentSlug}-renamed`;
    await db.transaction(async (tx) => {
      await tx.update(maps).set({ currentSlug: renamed }).where(eq(maps.id, map.id));
      await tx.insert(mapSlugs).values({ slug: renamed, mapId: map.id }).onConflictDoNothing();
    });
    expect(await statusOf(`/maps/${map.currentSlug}`, member.cookie)).toEqual({ status: 301, location: `/maps/${renamed}` });
    expect(await statusOf(spotAt(map.currentSlug, premiumSpot), member.cookie)).toEqual({ status: 301, location: spotAt(renamed, premiumSpot) });
    expect(await page(spotAt(renamed, premiumSpot), member.cookie)).toContain("PREMIUM-SPOT");

    // Unpublished: gone for everyone at once, at every address, but for its owner.
    await db.update(maps).set({ isPublished: false }).where(eq(maps.id, map.id));
    expect((await statusOf(`/maps/${renamed}`, member.cookie)).status).toBe(404);
    expect((await statusOf(spotAt(renamed, premiumSpot), premium.cookie)).status).toBe(404);
    expect((await statusOf(`/maps/${map.currentSlug}`, premium.cookie)).status).toBe(404);
    expect(await page(spotAt(renamed, premiumSpot), creatorCookie)).toContain("PREMIUM-SPOT");
  });
});
