import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { TestVisitor } from "../../../tests/setup/visitor";
import { events, user } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { signUp } from "~/modules/auth/flows.server";
import { creditCreator } from "./request.server";
import { trackEvent, trackJoined, trackSubscribedPaid } from "./track.server";

const db = await setupTestDatabase();

stubTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });

const TID = "5b6f0d4e-2c1a-4b8e-9f3d-7a6c5e4d3b2a";
const allEvents = (db: Database) => db.select().from(events).orderBy(asc(events.id));

describe("trackEvent on a real database", () => {
  it("stores a valid event with its ids, target, attribution and properties", async () => {
    const { user: u } = await createProfile(db);
    const { profile: creator } = await createCreator(db);
    expect(
      await trackEvent(db, {
        type: "map_viewed",
        userId: u.id,
        anonymousId: TID,
        targetType: "map",
        targetId: "map-1",
        attributionCreatorId: creator.id,
        properties: { source: "search", rank: 3 },
      }),
    ).toBe(true);
    const [row] = await allEvents(db);
    expect(row).toMatchObject({
      type: "map_viewed",
      userId: u.id,
      anonymousId: TID,
      targetType: "map",
      targetId: "map-1",
      attributionCreatorId: creator.id,
      properties: { source: "search", rank: 3 },
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it("refuses unknown types and oversized or nested properties, without throwing", async () => {
    expect(await trackEvent(db, { type: "page_hacked" as "joined" })).toBe(false);
    expect(await trackEvent(db, { type: "joined", properties: { note: "x".repeat(500) } })).toBe(false);
    expect(await trackEvent(db, { type: "joined", properties: { deep: { a: 1 } as unknown as string } })).toBe(false);
    expect(await allEvents(db)).toEqual([]);
  });

  it("keeps the event when the user or the credited creator no longer exists (stored as null)", async () => {
    expect(await trackEvent(db, { type: "joined", userId: "deleted-user", attributionCreatorId: "deleted-creator", anonymousId: TID })).toBe(true);
    const [row] = await allEvents(db);
    expect(row).toMatchObject({ userId: null, attributionCreatorId: null, anonymousId: TID });
  });

  it("logs and carries on when the database fails", async () => {
    const broken = { execute: () => Promise.reject(new Error("connection lost")) } as unknown as Database;
    await expect(trackEvent(broken, { type: "joined", anonymousId: TID })).resolves.toBe(false);
  });

  it("skips a repeat of the same event by the same visitor within the window", async () => {
    const view = { type: "spot_viewed" as const, anonymousId: TID, targetType: "spot" as const, targetId: "spot-1" };
    expect(await trackEvent(db, view, { dedupeWithinSeconds: 60 })).toBe(true);
    expect(await trackEvent(db, view, { dedupeWithinSeconds: 60 })).toBe(false);
    // Another target, another visitor, or no window: recorded.
    expect(await trackEvent(db, { ...view, targetId: "spot-2" }, { dedupeWithinSeconds: 60 })).toBe(true);
    expect(await trackEvent(db, { ...view, anonymousId: "0b6f0d4e-2c1a-4b8e-9f3d-7a6c5e4d3b2a" }, { dedupeWithinSeconds: 60 })).toBe(true);
    expect(await trackEvent(db, view)).toBe(true);
    // Older than the window: a new view.
    await db.update(events).set({ createdAt: new Date(Date.now() - 120_000) });
    expect(await trackEvent(db, view, { dedupeWithinSeconds: 60 })).toBe(true);
    expect(await allEvents(db)).toHaveLength(5);
  });
});

describe("conversions from a request", () => {
  it("subscribed_paid credits the last-click creator from the cookie, with tier and is_authenticated", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: buyer } = await createProfile(db);
    const visitor = new TestVisitor();
    // Opening the creator's page earlier set the cookie.
    await visitor.request("/@creator", async (_request, context) => creditCreator(context, creator.id));
    await visitor.signIn(db, buyer.id);
    await visitor.request("/checkout", (_request, context) =>
      trackSubscribedPaid(db, context, visitor.viewer, { tier: "supporter", isAuthenticated: true, interval: "year" }),
    );
    const [row] = await db.select().from(events).where(eq(events.type, "subscribed_paid"));
    expect(row).toMatchObject({
      userId: buyer.id,
      anonymousId: visitor.cookies.get("sf_tid"),
      attributionCreatorId: creator.id,
      properties: { tier: "supporter", interval: "year", is_authenticated: true },
    });
  });

  it("an anonymous buyer's purchase belongs to the account created for them", async () => {
    const { user: created } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.request("/checkout", (_request, context) =>
      trackSubscribedPaid(db, context, visitor.viewer, { tier: "premium", isAuthenticated: false, userId: created.id }),
    );
    const [row] = await allEvents(db);
    expect(row).toMatchObject({
      type: "subscribed_paid",
      userId: created.id,
      attributionCreatorId: null,
      properties: { tier: "premium", is_authenticated: false },
    });
  });

  it("joined is recorded by the email sign-up, with the visitor's tracking id and last-click creator", async () => {
    const { profile: creator } = await createCreator(db);
    const visitor = new TestVisitor();
    await visitor.request("/@creator", async (_request, context) => creditCreator(context, creator.id));
    const { result } = await visitor.request(
      "/auth",
      (request, context) => signUp(db, { email: "joiner@example.com", password: "long enough", userType: "user", next: "/" }, request, context),
      { method: "POST" },
    );
    expect(result).toMatchObject({ ok: true });
    const [joiner] = await db.select().from(user).where(eq(user.email, "joiner@example.com"));
    const rows = await db.select().from(events).where(eq(events.type, "joined"));
    expect(rows).toEqual([
      expect.objectContaining({
        userId: joiner.id,
        anonymousId: visitor.cookies.get("sf_tid"),
        attributionCreatorId: creator.id,
        properties: { method: "email", is_authenticated: false },
      }),
    ]);
    // trackJoined itself, for other sign-up paths.
    await visitor.request("/confirm", (_request, context) => trackJoined(db, context, visitor.viewer, { userId: joiner.id, method: "google" }));
    expect(await db.select().from(events).where(eq(events.type, "joined"))).toHaveLength(2);
  });
});
