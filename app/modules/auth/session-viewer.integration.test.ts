/**
 * The signed-in request path (issue 27): one statement finds the session and the viewer. What a
 * person notices must not change with it: a forged or expired cookie is nobody, a suspension or a
 * sign-out counts on the very next request, a day-old session is still refreshed, and the viewer
 * (memberships, supports, follows, saved maps and spots) is read as it is now.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorSupporters, followers, mapBookmarks, platformSubscriptions, session, spotBookmarks, userSuspensions } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { appServerBuild } from "../../../tests/setup/app-build";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { SESSION_MAX_AGE_SECONDS } from "./session-cookie";
import { loadSessionViewer } from "./viewer.server";

const SECRET = "a-test-secret-that-is-long-enough-for-better-auth";
stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: SECRET });
stubDataDir("session-viewer");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild() });

let n = 0;
async function member() {
  const email = `session-viewer${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { handle: `sv${n}_${Date.now() % 100000}`, isOnboarded: true }, { email });
  const cookie = await sessionCookie(db, email);
  const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
  return { id: profile.id, cookie, token };
}
const account = (cookie: string) => server.request("/account", { headers: { cookie }, redirect: "manual" });
const signedIn = async (cookie: string) => {
  const res = await account(cookie);
  await res.arrayBuffer();
  return res.status === 200;
};

describe("a signed-in request", () => {
  it("is signed in with a valid cookie and nobody with a forged signature or an unknown token", async () => {
    const m = await member();
    expect(await signedIn(m.cookie)).toBe(true);
    const [name] = m.cookie.split("=");
    const forged = createHmac("sha256", "not-the-secret").update(m.token).digest("base64");
    expect(await signedIn(`${name}=${encodeURIComponent(`${m.token}.${forged}`)}`)).toBe(false);
    const unknown = "x".repeat(32);
    const signed = createHmac("sha256", SECRET).update(unknown).digest("base64");
    expect(await signedIn(`${name}=${encodeURIComponent(`${unknown}.${signed}`)}`)).toBe(false);
  });

  it("is nobody once the session has expired, was signed out, or the account is suspended", async () => {
    const expired = await member();
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.token, expired.token));
    const res = await account(expired.cookie);
    expect(res.status).not.toBe(200);
    // better-auth clears the dead cookie.
    expect(res.headers.getSetCookie().join("\n")).toMatch(/session_token=;|session_token=.*Max-Age=0/i);

    const signedOut = await member();
    expect(await signedIn(signedOut.cookie)).toBe(true);
    await db.delete(session).where(eq(session.token, signedOut.token));
    expect(await signedIn(signedOut.cookie)).toBe(false);

    // A suspension whose session deletion has not happened yet (the instant before its commit).
    const suspended = await member();
    expect(await signedIn(suspended.cookie)).toBe(true);
    await db.insert(userSuspensions).values({ userId: suspended.id, reason: "Spam", wasPublished: false, suspendedAt: new Date() });
    expect(await signedIn(suspended.cookie)).toBe(false);
  });

  it("refreshes a session more than a day old, as better-auth does, and leaves a newer one alone", async () => {
    const m = await member();
    const fresh = await account(m.cookie);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);

    const dayOld = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000 - 2 * 24 * 3600 * 1000);
    await db.update(session).set({ expiresAt: dayOld }).where(eq(session.token, m.token));
    const refreshed = await account(m.cookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.getSetCookie().some((c) => c.includes("session_token=") && /Max-Age=\d+/i.test(c))).toBe(true);
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, m.token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dayOld.getTime() + 24 * 3600 * 1000);
  });
});

describe("loadSessionViewer", () => {
  it("reads the viewer as it is now: running memberships only, newest first, with each creator's published maps", async () => {
    const m = await member();
    const { profile: creatorA } = await createCreator(db, { handle: `sva${Date.now() % 100000}` });
    const { profile: creatorB } = await createCreator(db, { handle: `svb${Date.now() % 100000}` });
    const { map, spots } = await createMap(db, {}, { ownerId: creatorA.id, spots: 2 });
    await createMap(db, { isPublished: false, publishedAt: null }, { ownerId: creatorA.id, spots: 1 });

    const none = await loadSessionViewer(db, m.token);
    expect(none?.viewer).toMatchObject({
      isLoggedIn: true,
      subscriptions: [],
      supports: [],
      follows: [],
      hasActiveSubscription: false,
      isActiveSupporter: false,
    });
    expect(none?.viewer.bookmarks).toEqual({ maps: [], spots: [] });
    expect(none?.viewer.profile?.id).toBe(m.id);

    const base = { userId: m.id, interval: "month" as const, provider: "local" as const };
    await db.insert(platformSubscriptions).values([
      { ...base, status: "canceled", createdAt: new Date(Date.now() - 3_000) },
      { ...base, status: "active", createdAt: new Date(Date.now() - 2_000) },
    ]);
    await db.insert(creatorSupporters).values({ ...base, creatorId: creatorA.id, status: "trialing" });
    await db.insert(followers).values([
      { userId: m.id, creatorId: creatorA.id, createdAt: new Date(Date.now() - 5_000) },
      { userId: m.id, creatorId: creatorB.id },
    ]);
    await db.insert(mapBookmarks).values({ userId: m.id, mapId: map.id });
    await db.insert(spotBookmarks).values([
      { userId: m.id, spotId: spots[0]!.id, createdAt: new Date(Date.now() - 5_000) },
      { userId: m.id, spotId: spots[1]!.id },
    ]);

    const found = await loadSessionViewer(db, m.token);
    expect(found?.suspended).toBe(false);
    const viewer = found!.viewer;
    expect(viewer.subscriptions.map((s) => s.status)).toEqual(["active"]);
    expect(viewer.subscriptions[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(viewer.supports).toEqual([
      expect.objectContaining({ creatorId: creatorA.id, status: "trialing", creator: expect.objectContaining({ handle: creatorA.handle, mapsCount: 1 }) }),
    ]);
    expect(viewer.follows.map((f) => f.creatorId)).toEqual([creatorB.id, creatorA.id]);
    expect(viewer.bookmarks).toEqual({ maps: [map.id], spots: [spots[1]!.id, spots[0]!.id] });
    expect(viewer).toMatchObject({ hasActiveSubscription: true, isActiveSupporter: true });

    // The supporter cancels: the next read has no support.
    await db.update(creatorSupporters).set({ status: "canceled" }).where(eq(creatorSupporters.userId, m.id));
    const after = await loadSessionViewer(db, m.token);
    expect(after!.viewer.supports).toEqual([]);
    expect(after!.viewer.isActiveSupporter).toBe(false);
    expect(await loadSessionViewer(db, "no-such-token")).toBeNull();
  });
});
